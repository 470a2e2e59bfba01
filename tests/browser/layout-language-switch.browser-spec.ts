import { translator } from './fixtures/catalog.ts';
import { shell } from './fixtures/layout.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';
import { expectToast } from './fixtures/toast.ts';

/**
 * SPEC.md §1: the language menu switches language, comes back to the same page, sets the page language and
 * title and says "Switch Language Success"; the choice is remembered. Each project switches to the other one.
 */
test.describe('language switch', { tag: '@layout' }, () => {
  test('switching keeps the page, translates it and says so', async ({ page, t, language, signInAs }) => {
    const target = language === 'en' ? 'zh-CN' : 'en';
    const other = translator(target);
    await signInAs(DIRECTOR);
    await page.goto('/PLUSKU/uom');
    await expect(page).toHaveTitle(
      t('layout:pageTitle.document', { page: t('routes:uom'), product: t('web:app.title') }),
    );

    await shell(page, t).languageMenu.click();
    await page
      .getByRole('menuitem', { name: t(target === 'en' ? 'layout:language.en' : 'layout:language.zhCN') })
      .click();

    await expectToast(page, other('layout:language.switched'));
    await expect(page).toHaveURL('/PLUSKU/uom');
    await expect(page.locator('html')).toHaveAttribute('lang', target);
    await expect(page).toHaveTitle(
      other('layout:pageTitle.document', { page: other('routes:uom'), product: other('web:app.title') }),
    );
    await expect(shell(page, other).menuLink('uom')).toBeVisible();

    // Remembered in browser storage: a reload keeps the chosen language over the browser's.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', target);
    await expect(shell(page, other).menuLink('uom')).toBeVisible();
  });

  test('switching on the dashboard comes back to the dashboard', async ({ page, t, language, signInAs }) => {
    const target = language === 'en' ? 'zh-CN' : 'en';
    const other = translator(target);
    await signInAs(DIRECTOR);
    await page.goto('/dashboard');
    await shell(page, t).languageMenu.click();
    await page
      .getByRole('menuitem', { name: t(target === 'en' ? 'layout:language.en' : 'layout:language.zhCN') })
      .click();
    await expectToast(page, other('layout:language.switched'));
    await expect(page).toHaveURL('/dashboard');
    await expect(shell(page, other).menuLink('dashboard')).toHaveAttribute('aria-current', 'page');
  });
});
