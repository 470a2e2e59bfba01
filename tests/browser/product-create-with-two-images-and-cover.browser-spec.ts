import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { request } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';
import { expectToast } from './fixtures/toast.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** A field by its translated label, exactly (a required field's label starts with its `*` marker). */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^\\*?\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/** Opens a kit Select by its test id and picks the option with this label. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByTestId(testId)).toContainText(option);
}

/** What the image drawing uses of the page's canvas (the tests compile without the DOM library). */
interface Canvas2d {
  fillStyle: string;
  font: string;
  textAlign: string;
  fillRect(x: number, y: number, width: number, height: number): void;
  beginPath(): void;
  arc(x: number, y: number, radius: number, start: number, end: number): void;
  fill(): void;
  fillText(text: string, x: number, y: number): void;
}
interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d'): Canvas2d | null;
  toDataURL(type: string): string;
}

/** A small real image drawn by the browser's canvas (so the gallery shows it), as PNG or JPEG bytes. */
async function drawnImage(page: Page, type: 'image/png' | 'image/jpeg', colour: string, label: string) {
  const base64 = await page.evaluate(
    ({ type, colour, label }) => {
      const { document } = globalThis as unknown as { document: { createElement(tag: 'canvas'): Canvas } };
      const canvas = document.createElement('canvas');
      canvas.width = 240;
      canvas.height = 240;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#f8fafc';
      context.fillRect(0, 0, 240, 240);
      context.fillStyle = colour;
      context.beginPath();
      context.arc(120, 110, 70, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = '#0f172a';
      context.font = 'bold 28px sans-serif';
      context.textAlign = 'center';
      context.fillText(label, 120, 220);
      return canvas.toDataURL(type).split(',')[1];
    },
    { type, colour, label },
  );
  return Buffer.from(base64, 'base64');
}

/** Whether an image element has loaded its picture (run in the page: self-contained). */
const loaded = (image: unknown) => (image as { naturalWidth: number }).naturalWidth > 0;

/**
 * SPEC.md §2 /PLUSKU/product-management and /product/overview, §3 Product: a product created on its page with the
 * USD price derived live from today's SGD rate, then two images (a PNG and a JPEG) added on its edit page, the
 * second made the cover, and the cover shown as the list's thumbnail; the same product on the RJ overview. In both
 * languages, with screenshots of the form and the list.
 */
test.describe('product pages', { tag: ['@product-pages'] }, () => {
  test('create a product, add two images, choose the cover, see it in the list', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name.toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    // Money reads en-US in both languages (SPEC.md §9): `$1,000.00`.
    const usd = (amount: string) => `$${amount}`;
    const code = `RJ-${tag}`;
    const categoryName = `Bangles ${tag}`;

    // Set-up through the API: a product category and today's SGD rate (their pages have their own tests).
    const http = await request.newContext({ baseURL });
    try {
      const signIn = await http.post('/api/login', {
        data: { username: DIRECTOR.username, password: DIRECTOR.password },
      });
      expect(signIn.status()).toBe(200);
      const csrf = (await http.storageState()).cookies.find((cookie) => cookie.name === 'scm_csrf')?.value ?? '';
      const headers = { 'x-csrf-token': csrf };
      const category = await http.post('/api/catalog/item-categories/product', {
        data: { category_name: categoryName },
        headers,
      });
      expect(category.status(), await category.text()).toBe(201);
      // One rate per currency and date: each project adds its own day (both before today).
      const rate = await http.post('/api/catalog/settings/exchange-rates', {
        data: {
          currency: 'SGD',
          effective_date: testInfo.project.name === 'en' ? '2024-02-01' : '2024-02-02',
          rate: '1.25',
        },
        headers,
      });
      expect([201, 409]).toContain(rate.status());
    } finally {
      await http.dispose();
    }

    await signInAs(DIRECTOR);
    await page.goto('/PLUSKU/product-management');
    await expect(page.getByRole('heading', { name: t('routes:productManagement') })).toBeVisible();
    await page.getByTestId('product-create').click();
    await expect(page).toHaveURL('/PLUSKU/product-management/new');
    await expect(page.getByTestId('product-files-save-first')).toHaveText(t('products:images.saveFirst'));

    // Required fields first.
    const save = page.getByRole('button', { name: t('kit:form.save') });
    await save.click();
    await expect(page.getByText(t('validation:required')).first()).toBeVisible();

    await field(page, t('products:product.fields.product_code')).fill(code);
    await field(page, t('products:product.fields.product_name')).fill('Jade bangle');
    await field(page, t('products:product.fields.brand')).fill('Lotus');
    await choose(page, 'product-category', categoryName);
    await choose(page, 'product-stock-type', t('products:stockTypes.Consignment'));
    await field(page, t('products:product.fields.width')).fill('62.5');
    await field(page, t('products:product.fields.weight_grams')).fill('41.275');
    await choose(page, 'product-currency', 'SGD');
    await field(page, t('products:product.fields.default_cost')).fill('1000');
    await field(page, t('products:product.fields.retail_price_native')).fill('1250');
    await choose(page, 'product-tax', '9.00%');
    // Live figures: 1,250 SGD at 1.25 per USD is $1,000.00; with 9 % GST $1,090.00; mark-up 25 %.
    await expect(page.getByTestId('product-retail-usd')).toHaveText(usd('1,000.00'));
    await expect(page.getByTestId('product-retail-with-tax-usd')).toHaveText(usd('1,090.00'));
    await expect(page.getByTestId('product-mark-up')).toHaveText('25.00%');
    await field(page, t('products:product.fields.permit_no')).fill('IP-2026-0042');
    await choose(page, 'product-shipping-method', 'Malca-Amit');
    await page.getByTestId('product-gms').click();
    await save.click();
    await expectToast(page, t('messages:created'));
    await expect(page).toHaveURL(/\/PLUSKU\/product-management\/view\?id=/);
    await expect(page.getByTestId('product-retail-usd')).toHaveText(usd('1,000.00'));

    // Two images on the edit page: a PNG and a JPEG; the first becomes the cover.
    await page.getByRole('link', { name: t('kit:form.edit') }).click();
    await expect(page).toHaveURL(/\/PLUSKU\/product-management\/edit\?id=/);
    const gallery = page.getByTestId('product-images');
    await expect(gallery.getByText(t('products:images.empty'))).toBeVisible();
    const front = await drawnImage(page, 'image/png', '#16a34a', 'FRONT');
    const side = await drawnImage(page, 'image/jpeg', '#2563eb', 'SIDE');
    await page.getByTestId('product-images-input').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: front },
      { name: 'side.jpg', mimeType: 'image/jpeg', buffer: side },
    ]);
    const images = gallery.getByTestId('product-image');
    await expect(images).toHaveCount(2);
    await expect(images.first()).toHaveAttribute('data-name', 'front.png');
    await expect(images.first()).toHaveAttribute('data-cover', 'true');
    await expect(gallery.getByText(t('products:images.count', { used: 2, max: 10 }))).toBeVisible();

    // A PDF is refused before it is sent, with the images' message.
    await page
      .getByTestId('product-images-input')
      .setInputFiles([{ name: 'spec.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    const warning = page.getByRole('dialog');
    await expect(warning).toContainText(t('products:images.errors.wrongType'));
    await warning.getByRole('button', { name: t('web:actions.ok') }).click();
    await expect(warning).toBeHidden();
    await expect(images).toHaveCount(2);

    // The JPEG becomes the cover: shown first, with its badge.
    await gallery.getByRole('button', { name: t('products:images.setCoverOf', { name: 'side.jpg' }) }).click();
    await expectToast(page, t('messages:updated'));
    await expect(images.first()).toHaveAttribute('data-name', 'side.jpg');
    await expect(images.first()).toHaveAttribute('data-cover', 'true');
    await expect(images.nth(1)).toHaveAttribute('data-cover', 'false');
    await expect(images.first().getByText(t('products:images.cover'), { exact: true })).toBeVisible();
    // Every image has loaded (the screenshot shows them).
    await expect
      .poll(() =>
        images
          .locator('img')
          .evaluateAll((all) => all.every((image) => (image as unknown as { naturalWidth: number }).naturalWidth > 0)),
      )
      .toBe(true);
    fs.mkdirSync(`${SCREENSHOTS_DIR}/${testInfo.project.name}`, { recursive: true });
    await page.screenshot({
      path: `${SCREENSHOTS_DIR}/${testInfo.project.name}/product-form-with-two-images-cover-chosen.png`,
      fullPage: true,
    });

    // The list shows the cover as the row's thumbnail.
    await page.goto('/PLUSKU/product-management');
    await page.getByRole('searchbox').fill(code);
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    const thumbnail = row.getByTestId('product-cover-thumbnail');
    await expect(thumbnail).toHaveAttribute('src', /\/api\/catalog\/attachments\/product-image\/file\//);
    await expect.poll(() => thumbnail.evaluate(loaded)).toBe(true);
    await expect(row).toContainText(categoryName);
    await expect(row).toContainText(usd('1,000.00'));
    await page.screenshot({
      path: `${SCREENSHOTS_DIR}/${testInfo.project.name}/product-list-with-cover-thumbnail.png`,
      fullPage: true,
    });

    // The same product on the RJ overview.
    await page.goto('/product/overview');
    await expect(page.getByRole('heading', { name: t('routes:productOverview') })).toBeVisible();
    await page.getByRole('searchbox').fill(code);
    await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(1);
  });
});
