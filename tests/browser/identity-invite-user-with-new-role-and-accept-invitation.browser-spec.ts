import { PASSWORD_MIN_LENGTH } from '@scm/contracts';
import {
  expect,
  labelled,
  newPerson,
  permissionCheckbox,
  setPasswordForm,
  test,
  uniqueTag,
} from './fixtures/identity.ts';
import { shell } from './fixtures/layout.ts';
import { waitForMail } from './fixtures/mailbox.ts';
import { signInThroughForm } from './fixtures/test.ts';
import { expectToast } from './fixtures/toast.ts';

/**
 * SPEC.md §2 /user/role, /user/list, /invite; §5 password rules; §6 menu by role: an administrator creates a
 * role and invites someone with it, who accepts the mailed invitation and signs in to their own menu.
 */
test.describe('identity: invite a user with a new role', () => {
  test('the invitee accepts the mailed invitation, signs in by username and sees only what the role allows', async ({
    page,
    adminPage,
    t,
    language,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const roleName = `UOM viewer ${tag}`;
    const invitee = newPerson(tag, roleName, language);

    // The administrator creates a role that may only view UOMs, in the permission matrix.
    await adminPage.goto('/user/role');
    await adminPage.getByRole('link', { name: t('roles:create') }).click();
    await expect(adminPage).toHaveURL('/user/role/new');
    await labelled(adminPage, t('roles:fields.role_name')).fill(roleName);
    await labelled(adminPage, t('roles:fields.approval_limit')).fill('0');
    const uomView = permissionCheckbox(adminPage, t, 'UOM', 'view');
    await uomView.click();
    await expect(uomView).toBeChecked();
    await expect(permissionCheckbox(adminPage, t, 'UOM', 'edit')).not.toBeChecked();
    await expect(adminPage.getByTestId('permission-matrix').getByRole('checkbox', { checked: true })).toHaveCount(1);
    await adminPage.getByRole('button', { name: t('kit:form.save'), exact: true }).click();
    await expectToast(adminPage, t('messages:created'));
    await expect(adminPage).toHaveURL(/\/user\/role\/view\?id=/);

    // ...and invites the new user with it, in the project's language.
    await adminPage.goto('/user/list');
    await adminPage.getByRole('link', { name: t('users:invite') }).click();
    await expect(adminPage).toHaveURL('/user/list/new');
    await labelled(adminPage, t('users:fields.employee_code')).fill(invitee.employeeCode);
    await labelled(adminPage, t('users:fields.employee_name')).fill(invitee.employeeName);
    await labelled(adminPage, t('users:fields.email')).fill(invitee.email);
    await labelled(adminPage, t('users:fields.username')).fill(invitee.username);
    await adminPage.getByTestId('user-role').click();
    await adminPage.getByRole('option', { name: roleName, exact: true }).click();
    await adminPage.getByTestId('user-language').click();
    await adminPage
      .getByRole('option', { name: t(language === 'zh-CN' ? 'users:languages.zhCN' : 'users:languages.en') })
      .click();
    await adminPage.getByRole('button', { name: t('users:sendInvitation') }).click();
    await expectToast(adminPage, t('messages:invited'));
    await expect(adminPage).toHaveURL(/\/user\/list\/view\?id=/);
    await expect(adminPage.getByTestId('user-invited-hint')).toHaveText(t('users:hints.invited'));

    // The invitation arrives in the mailbox, in the invitee's language, with a link to this product.
    const mail = await waitForMail(invitee.email, 'invite');
    expect(mail.subject).toBe(t('mail:invite.subject'));
    expect(mail.text).toContain(invitee.employeeName);
    expect(mail.link.startsWith(`${baseURL}/invite?token=`)).toBe(true);

    // The invitee opens it in a browser of their own (a fresh context, nobody signed in).
    let accepts = 0;
    page.on('request', (sent) => void (sent.url().includes('/api/accept_invitation') && accepts++));
    await page.goto(mail.link);
    await expect(page.getByRole('heading', { name: t('web:login.inviteTitle') })).toBeVisible();
    await expect(page.getByText(t('web:login.passwordRules'))).toBeVisible();
    const form = setPasswordForm(page, t);

    // A weak password names every rule it breaks, without calling the server.
    await form.password.fill('short');
    await form.confirm.fill('short');
    await form.accept.click();
    for (const rule of ['password_upper', 'password_number', 'password_special']) {
      await expect(page.getByTestId('field-error').first()).toContainText(t(`validation:${rule}`));
    }
    await form.password.fill('Short1!');
    await form.confirm.fill('Short1!');
    await form.accept.click();
    await expect(form.password).toHaveAccessibleDescription(
      t('validation:password_length', { min: PASSWORD_MIN_LENGTH }),
    );
    await form.password.fill('lantern#river42');
    await form.confirm.fill('lantern#river42');
    await form.accept.click();
    await expect(form.password).toHaveAccessibleDescription(t('validation:password_upper'));
    await form.password.fill('Lantern#River');
    await form.confirm.fill('Lantern#River');
    await form.accept.click();
    await expect(form.password).toHaveAccessibleDescription(t('validation:password_number'));

    // A good password with a different confirmation is refused on the confirmation.
    await form.password.fill(invitee.password);
    await form.confirm.fill(`${invitee.password}x`);
    await form.accept.click();
    await expect(form.confirm).toHaveAccessibleDescription(t('validation:password_mismatch'));
    await expect(form.password).toHaveAccessibleDescription('');
    expect(accepts).toBe(0);

    // The same password twice sets it and leads to sign-in.
    await form.confirm.fill(invitee.password);
    await form.accept.click();
    await expect(page).toHaveURL('/login');
    await expectToast(page, t('messages:password_set'));

    // Signed in by username, the menu holds the UOM page and no user management.
    await signInThroughForm(page, t, invitee);
    await expect(page).toHaveURL(invitee.firstAllowedPath);
    const { menu, menuLink, menuGroup } = shell(page, t);
    await expect(menuLink('uom')).toBeVisible();
    await expect(menu.getByRole('link')).toHaveCount(1);
    await expect(menuGroup('userManagement')).toHaveCount(0);
    await expect(menuLink('user')).toHaveCount(0);
    await expect(menuLink('role')).toHaveCount(0);
  });
});
