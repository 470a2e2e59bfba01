import { expect, newPerson, test, uniqueTag, viewOnly } from './fixtures/identity.ts';
import { shell } from './fixtures/layout.ts';
import { loginForm, signInThroughForm } from './fixtures/test.ts';
import { expectToast } from './fixtures/toast.ts';

/**
 * SPEC.md §4 user statuses, §6: deactivating a user ends their sessions; the next navigation of a user who is
 * still on a page finds the session gone and leads to sign-in, where the account is refused.
 */
test.describe('identity: deactivated while signed in', () => {
  test('a user the administrator deactivates lands on the login page at their next navigation', async ({
    page,
    adminPage,
    adminApi,
    signInAs,
    t,
    language,
  }, testInfo) => {
    // Set-up through the API: an active user who may view UOMs and notifications.
    const tag = uniqueTag(testInfo);
    const person = newPerson(tag, `Deactivated ${tag}`, language);
    await adminApi.addActiveUser(person, await adminApi.createRole(person.roleName, viewOnly('UOM', 'NOTIFICATION')));

    await signInAs(person);
    await page.goto(person.firstAllowedPath);
    const { menuLink } = shell(page, t);
    await expect(menuLink('uom')).toHaveAttribute('aria-current', 'page');

    // The administrator deactivates them from the user list.
    await adminPage.goto('/user/list');
    await adminPage.getByRole('searchbox').fill(person.email);
    const row = adminPage.getByRole('row').filter({ hasText: person.email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t('kit:status.active'));
    await row.getByRole('button', { name: t('kit:table.moreActions') }).click();
    await adminPage.getByRole('menuitem', { name: t('users:actions.deactivate') }).click();
    const confirm = adminPage.getByRole('dialog', { name: t('users:confirm.deactivateTitle') });
    await expect(confirm).toContainText(person.employeeName);
    await confirm.getByRole('button', { name: t('users:actions.deactivate') }).click();
    await expectToast(adminPage, t('messages:deactivated'));
    await expect(row).toContainText(t('kit:status.inactive'));

    // The user's next step in the app signs them out to the login page, and they cannot sign in again.
    await menuLink('activityLog').click();
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/activity-log')}`);
    await expect(page.getByRole('heading', { name: t('web:login.title') })).toBeVisible();
    await signInThroughForm(page, t, person);
    await expect(page.getByRole('alert')).toHaveText(t('errors:IDENTITY_ACCOUNT_INACTIVE'));
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
    await expect(loginForm(page, t).submit).toBeEnabled();
  });
});
