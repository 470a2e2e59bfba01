import { expect, newPerson, permissionCheckbox, test, uniqueTag, viewOnly } from './fixtures/identity.ts';
import { shell } from './fixtures/layout.ts';
import { expectToast } from './fixtures/toast.ts';

/**
 * SPEC.md §6: the session is re-read on every navigation and its permissions rebuilt from the role, so a
 * permission the administrator removes takes its menu entry away from a signed-in user at their next step.
 */
test.describe('identity: role change while signed in', () => {
  test("a permission removed from a role hides its menu entry at the user's next navigation", async ({
    page,
    adminPage,
    adminApi,
    signInAs,
    t,
    language,
  }, testInfo) => {
    // Set-up through the API: a role viewing UOMs and notifications, and a user holding it.
    const tag = uniqueTag(testInfo);
    const person = newPerson(tag, `UOM and notifications ${tag}`, language);
    await adminApi.addActiveUser(person, await adminApi.createRole(person.roleName, viewOnly('UOM', 'NOTIFICATION')));

    // The user works on the UOM list, with the UOM entry in their menu.
    await signInAs(person);
    await page.goto(person.firstAllowedPath);
    const { menuLink, menuGroup } = shell(page, t);
    await expect(menuGroup('plusku')).toBeVisible();
    await expect(menuLink('uom')).toHaveAttribute('aria-current', 'page');
    await expect(menuLink('activityLog')).toBeVisible();

    // Meanwhile the administrator takes UOM view away from the role.
    await adminPage.goto('/user/role');
    await adminPage.getByRole('searchbox').fill(person.roleName);
    const row = adminPage.getByRole('row').filter({ hasText: person.roleName });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: t('kit:actions.edit') }).click();
    await expect(adminPage).toHaveURL(/\/user\/role\/edit\?id=/);
    const uomView = permissionCheckbox(adminPage, t, 'UOM', 'view');
    await expect(uomView).toBeChecked();
    await uomView.click();
    await expect(uomView).not.toBeChecked();
    await adminPage.getByRole('button', { name: t('kit:form.save'), exact: true }).click();
    await expectToast(adminPage, t('messages:updated'));

    // The user's next navigation shows the menu of the changed role: no UOM, nor its now empty group.
    await menuLink('activityLog').click();
    await expect(page).toHaveURL('/activity-log');
    await expect(menuLink('activityLog')).toHaveAttribute('aria-current', 'page');
    await expect(menuLink('uom')).toHaveCount(0);
    await expect(menuGroup('plusku')).toHaveCount(0);
    await expect(menuLink('notificationCenter')).toBeVisible();
  });
});
