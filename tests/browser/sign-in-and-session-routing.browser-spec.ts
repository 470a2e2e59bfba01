import { literally } from './fixtures/catalog.ts';
import { expect, loginForm, signInThroughForm, test } from './fixtures/test.ts';
import { CLERK, DIRECTOR } from './fixtures/users.ts';

/** SPEC.md §2 public routes and redirects, §6 signed-in rule, §8 sign-in failure, in the browser's language. */
test.describe('sign-in and session routing', () => {
  test('a wrong password shows the translated message and keeps the visitor on the login page', async ({ page, t }) => {
    await page.goto('/login');
    const form = loginForm(page, t);
    await form.username.fill(DIRECTOR.username);
    await form.password.fill('Not-the-password1!');
    await form.submit.click();
    await expect(page.getByRole('alert')).toHaveText(t('errors:IDENTITY_INVALID_CREDENTIALS'));
    await expect(page).toHaveURL(/\/login$/);
    await expect(form.submit).toBeEnabled();
  });

  test('an empty form names the required fields without calling the server', async ({ page, t }) => {
    let calls = 0;
    page.on('request', (request) => void (request.url().includes('/api/login') && calls++));
    await page.goto('/login');
    await loginForm(page, t).submit.click();
    await expect(page.getByText(t('validation:required'))).toHaveCount(2);
    expect(calls).toBe(0);
  });

  test('signing in as the director lands on the first route they may see', async ({ page, t }) => {
    await page.goto('/login');
    await signInThroughForm(page, t, DIRECTOR);
    await expect(page).toHaveURL(DIRECTOR.firstAllowedPath);
    await expect(loginForm(page, t).submit).toHaveCount(0);
  });

  test('signing in as a clerk lands on the first route their role allows', async ({ page, t }) => {
    await page.goto('/login');
    await signInThroughForm(page, t, CLERK);
    await expect(page).toHaveURL(CLERK.firstAllowedPath);
  });

  test('a visitor who is not signed in is sent to sign in, then back to the page they wanted', async ({ page, t }) => {
    const wanted = '/PLUSKU/uom/new?from=browser-test';
    await page.goto(wanted);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(wanted)}`);
    await expect(page.getByRole('heading', { name: t('web:login.title') })).toBeVisible();
    await signInThroughForm(page, t, DIRECTOR);
    await expect(page).toHaveURL(wanted);
  });

  test('a signed-in user opening /login goes to the first route they may see', async ({ page, signInAs }) => {
    await signInAs(CLERK);
    await page.goto('/login');
    await expect(page).toHaveURL(CLERK.firstAllowedPath);
  });

  test('the root path opens the dashboard', async ({ page, signInAs }) => {
    await signInAs(DIRECTOR);
    await page.goto('/');
    await expect(page).toHaveURL('/dashboard');
  });

  test('an unknown path shows the not-found page with a way back', async ({ page, t, signInAs }) => {
    await signInAs(DIRECTOR);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/404');
    await expect(page).toHaveTitle(literally(t('routes:notFound')));
    await expect(page).toHaveTitle(literally(t('web:app.title')));
    await expect(page.getByRole('heading', { name: t('web:notFound.heading') })).toBeVisible();
    await expect(page.getByText(t('web:notFound.message'))).toBeVisible();
    await page.getByRole('link', { name: t('web:notFound.back') }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('a route the role lacks leads to the first allowed route with the no-permission warning', async ({
    page,
    t,
    signInAs,
  }) => {
    await signInAs(CLERK);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(CLERK.firstAllowedPath);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t('web:errors.noPermission'));
    await expect(dialog).toHaveCount(1);
    await dialog.getByRole('button', { name: t('web:actions.ok') }).click();
    await expect(dialog).toBeHidden();
  });

  test('a form route with an unknown type is not found', async ({ page, signInAs }) => {
    await signInAs(DIRECTOR);
    await page.goto('/PLUSKU/uom/destroy');
    await expect(page).toHaveURL('/404');
  });
});
