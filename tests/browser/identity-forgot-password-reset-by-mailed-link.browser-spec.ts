import { expect, labelled, newPerson, setPasswordForm, test, uniqueTag, viewOnly } from './fixtures/identity.ts';
import { mailsTo, waitForMail } from './fixtures/mailbox.ts';
import { loginForm, signInThroughForm } from './fixtures/test.ts';
import { expectToast } from './fixtures/toast.ts';

/**
 * SPEC.md §2 /login "forgot password" and /reset, §7: the same neutral answer whether or not the e-mail has an
 * account; the mailed link sets a new password and the old one stops working.
 */
test.describe('identity: forgot password', () => {
  test('a user resets a forgotten password from the mailed link and signs in with the new one only', async ({
    page,
    adminApi,
    t,
    language,
    baseURL,
  }, testInfo) => {
    // Set-up through the API (inviting and accepting through the UI is its own test).
    const tag = uniqueTag(testInfo);
    const person = newPerson(tag, `Reset ${tag}`, language);
    await adminApi.addActiveUser(person, await adminApi.createRole(person.roleName, viewOnly('UOM')));
    const unknownEmail = `nobody-${tag}@browser.test`;
    const newPassword = 'Harbour!Maple73';

    await page.goto('/login');
    await page.getByRole('button', { name: t('web:login.forgot') }).click();
    await expect(page.getByRole('heading', { name: t('web:login.forgotTitle') })).toBeVisible();
    const email = labelled(page, t('web:login.email'));
    const send = page.getByRole('button', { name: t('web:login.sendReset') });
    const sent = page.getByRole('status').filter({ hasText: t('web:login.resetSent') });

    // An e-mail without an account gets the neutral answer...
    await email.fill(unknownEmail);
    await send.click();
    await expect(sent).toBeVisible();
    await expect(email).toHaveCount(0);

    // ...and so does the user's own, which also receives the link.
    await page.getByRole('button', { name: t('web:login.backToSignIn') }).click();
    await page.getByRole('button', { name: t('web:login.forgot') }).click();
    await email.fill(person.email);
    await send.click();
    await expect(sent).toBeVisible();
    const mail = await waitForMail(person.email, 'reset');
    expect(mail.subject).toBe(t('mail:reset.subject'));
    expect(mail.link.startsWith(`${baseURL}/reset?token=`)).toBe(true);
    expect(mailsTo(unknownEmail)).toHaveLength(0);

    // The link opens the set-password form; the new password is set and leads to sign-in.
    await page.goto(mail.link);
    await expect(page.getByRole('heading', { name: t('web:login.resetTitle') })).toBeVisible();
    const form = setPasswordForm(page, t);
    await form.password.fill(newPassword);
    await form.confirm.fill(newPassword);
    await form.set.click();
    await expect(page).toHaveURL('/login');
    await expectToast(page, t('messages:password_set'));

    // The old password no longer signs in...
    await signInThroughForm(page, t, person);
    await expect(page.getByRole('alert')).toHaveText(t('errors:IDENTITY_INVALID_CREDENTIALS'));
    await expect(page).toHaveURL('/login');

    // ...the new one does.
    const login = loginForm(page, t);
    await login.password.fill(newPassword);
    await login.submit.click();
    await expect(page).toHaveURL(person.firstAllowedPath);
  });
});
