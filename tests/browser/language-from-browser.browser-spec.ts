import { translator } from './fixtures/catalog.ts';
import { expect, loginForm, test } from './fixtures/test.ts';

/** SPEC.md §1: the language comes from the browser (en-US → English, zh-CN → Chinese), default English. */
test.describe('language from the browser', () => {
  test("the login page speaks the browser's language", async ({ page, t, language }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { name: t('web:login.title') })).toBeVisible();
    const form = loginForm(page, t);
    await expect(form.username).toBeVisible();
    await expect(form.password).toBeVisible();
    await expect(page.getByRole('button', { name: t('web:login.forgot') })).toBeVisible();
    // Nothing of the other language's login screen shows.
    const other = translator(language === 'en' ? 'zh-CN' : 'en');
    await expect(page.getByText(other('web:login.forgot'))).toHaveCount(0);
  });

  test('the forgot-password form is translated too', async ({ page, t }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: t('web:login.forgot') }).click();
    await expect(page.getByRole('heading', { name: t('web:login.forgotTitle') })).toBeVisible();
    await expect(page.getByText(t('web:login.forgotHelp'))).toBeVisible();
    await page.getByRole('button', { name: t('web:login.backToSignIn') }).click();
    await expect(page.getByRole('heading', { name: t('web:login.title') })).toBeVisible();
  });

  test('the not-found page is translated for a visitor who is not signed in', async ({ page, t }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: t('web:notFound.heading') })).toBeVisible();
    await expect(page.getByRole('link', { name: t('web:notFound.back') })).toBeVisible();
  });
});
