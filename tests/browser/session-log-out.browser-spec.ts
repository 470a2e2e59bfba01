import { shell } from './fixtures/layout.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/** SPEC.md §2 avatar menu, §6: logging out clears the session and goes to /login with the current path. */
test.describe('log out', { tag: '@layout' }, () => {
  test('the account menu shows who is signed in and logs them out', async ({ page, t, signInAs }) => {
    await signInAs(DIRECTOR);
    await page.goto('/PLUSKU/uom');
    await shell(page, t).accountMenu.click();
    await expect(page.getByTestId('avatar-email')).toHaveText(DIRECTOR.email);
    await expect(page.getByTestId('avatar-role')).toHaveText(DIRECTOR.roleName);
    await page.getByRole('menuitem', { name: t('layout:avatar.logout') }).click();
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/PLUSKU/uom')}`);

    // The session is gone on the server too: a protected page asks to sign in again.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/dashboard')}`);
  });
});
