import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { translator } from './fixtures/catalog.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Issue 10, "Messages": create pages are titled by the record ("New Location", not "New Location List"), a text
 * field with a length limit counts while typing, and the sign-in and not-found pages follow the chosen language.
 */
test.describe('messages, titles and limits', () => {
  test('create pages name the record they create, in the heading, the tab and the document title', async ({
    page,
    signInAs,
    t,
  }) => {
    await signInAs(DIRECTOR);
    for (const [path, record] of [
      ['/location/list/new', 'routes:records.location'],
      ['/contact-management/customer/list/new', 'routes:records.customer'],
      ['/PLUSKU/product-management/new', 'routes:records.productManagement'],
      ['/location/region/new', 'routes:region'],
    ] as const) {
      await page.goto(path);
      const title = t('layout:pageTitle.withType', { type: t('routes:types.new'), title: t(record) });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(t('layout:pageTitle.document', { page: title, product: t('web:app.title') }));
      await expect(page.getByTestId('tags-view').getByText(title, { exact: true })).toBeVisible();
    }
  });

  test('a limited text field counts its characters while typing', async ({ page, signInAs, t }, testInfo) => {
    await signInAs(DIRECTOR);
    await page.goto('/location/list/new');
    const name = page.getByLabel(new RegExp(`^\\*?${t('locations:location.fields.location_name')}$`));
    await name.click();
    // Every limited field keeps its counter in the layout; only the focused (or nearly full) one shows.
    const count = page.getByTestId('char-count').filter({ visible: true });
    await expect(count).toHaveText(t('kit:form.charCount', { count: 0, max: 200 }));
    await name.pressSequentially('Bedok North');
    await expect(count).toHaveText(t('kit:form.charCount', { count: 11, max: 200 }));
    fs.mkdirSync(`${SCREENSHOTS_DIR}${testInfo.project.name}`, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}${testInfo.project.name}/messages-char-count.png` });
    // Leaving a short value hides its count; the next field counts against its own limit.
    await page.getByLabel(new RegExp(`^\\*?${t('locations:location.fields.location_id')}$`)).click();
    await expect(count).toHaveCount(1);
    await expect(count).toHaveText(t('kit:form.charCount', { count: 0, max: 50 }));
  });

  test('the sign-in and not-found pages follow the browser language and the one chosen on them', async ({
    page,
    t,
    language,
  }, testInfo) => {
    const other = language === 'en' ? 'zh-CN' : 'en';
    const o = translator(other);
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('web:notFound.heading'));
    await expect(page.getByRole('link', { name: t('web:notFound.back') })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}${testInfo.project.name}/messages-not-found.png` });
    await page.getByRole('button', { name: t(other === 'en' ? 'layout:language.en' : 'layout:language.zhCN') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(o('web:notFound.heading'));
    await expect(page.getByRole('link', { name: o('web:notFound.back') })).toBeVisible();

    // The choice is remembered: the sign-in page opens in it, and switches back on it.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: o('web:login.title') })).toBeVisible();
    await expect(page.getByRole('button', { name: o('web:login.submit'), exact: true })).toBeVisible();
    await page
      .getByRole('button', { name: o(language === 'en' ? 'layout:language.en' : 'layout:language.zhCN') })
      .click();
    await expect(page.getByRole('heading', { name: t('web:login.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}${testInfo.project.name}/messages-login.png` });
  });
});
