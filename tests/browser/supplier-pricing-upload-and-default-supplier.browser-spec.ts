import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import writeXlsxFile from 'write-excel-file/node';
import type { Page } from '@playwright/test';
import { directorApi, supplierBody } from './fixtures/api.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';
import { expectToast } from './fixtures/toast.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Opens a kit Select by its test id and picks the option with this label. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByTestId(testId)).toContainText(option);
}

/** A date `days` after today (UTC+8, the business date), YYYY-MM-DD. */
function daysFromToday(days: number): string {
  const date = new Date(Date.now() + 8 * 3600_000);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * SPEC.md §2 /supplier/price and /supplier/defaultSupplier: a price added in the dialog (the §5 future-price rule
 * shown on its field first), a price file previewed and applied, then the SKU's default supplier and one location
 * buying from the other supplier — in both languages, with screenshots.
 */
test.describe('supplier pricing and default suppliers', () => {
  test('add a price, upload a price file, set default and per-location suppliers', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name.toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    const skuId = `RICE-${tag}`;
    const [s1, s2] = [`SA-${tag}`, `SB-${tag}`];
    const locationId = `L-${tag}`;

    const api = await directorApi(baseURL!);
    try {
      const kg = await api.create('/api/catalog/uoms', {
        uom_name: `KG-${tag}`,
        secondary_uom: 'G',
        uom_per_primary: '1000',
      });
      const bag = await api.create('/api/catalog/uoms', {
        uom_name: `BAG-${tag}`,
        secondary_uom: 'KG',
        uom_per_primary: '25',
      });
      const supplierCategory = await api.create('/api/catalog/supplier-categories', { category_name: `Rice ${tag}` });
      await api.create('/api/catalog/suppliers', supplierBody(s1, `Golden Grain ${tag}`, supplierCategory.category_id));
      await api.create('/api/catalog/suppliers', supplierBody(s2, `Paddy Field ${tag}`, supplierCategory.category_id));
      const skuCategory = await api.create('/api/catalog/sku-categories', { category_name: `Grains ${tag}` });
      await api.create('/api/catalog/skus', {
        sku_id: skuId,
        name: `Jasmine rice ${tag}`,
        display_name: 'Jasmine rice',
        category_id: skuCategory.category_id,
        primary_uom_name: kg.uom_name,
        purchasing_uom_name: bag.uom_name,
        receiving_uom_name: bag.uom_name,
        counting_uom_name: kg.uom_name,
        uom_list: [
          { uom_name: kg.uom_name, factor: '1' },
          { uom_name: bag.uom_name, factor: '25' },
        ],
        supplier_list: [s1, s2],
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: '0',
      });
      const region = await api.create('/api/catalog/regions', { region_name: `East ${tag}` });
      const locationCategory = await api.create('/api/catalog/location-categories', {
        category_name: `Outlets ${tag}`,
        sub_categories: [],
      });
      await api.create('/api/catalog/locations', {
        location_id: locationId,
        location_name: `Tampines ${tag}`,
        is_operating: true,
        category_id: locationCategory.category_id,
        sub_category_id: null,
        region_id: region.region_id,
        address: '1 Tampines Ave',
        country: 'Singapore',
        postal_code: '529510',
        contact_person: [],
        remark: '',
      });
    } finally {
      await api.dispose();
    }

    await signInAs(DIRECTOR);
    const dir = `${SCREENSHOTS_DIR}${testInfo.project.name}`;
    fs.mkdirSync(dir, { recursive: true });

    // A price through the dialog; future price 1 equal to the current one is refused on its field.
    await page.goto('/supplier/price');
    await expect(page.getByRole('heading', { name: t('routes:supplierPrice') })).toBeVisible();
    await page.getByTestId('price-create').click();
    const dialog = page.getByTestId('price-dialog');
    await dialog.getByTestId('price-sku').fill(skuId);
    await page.getByRole('option', { name: new RegExp(skuId) }).click();
    await choose(page, 'price-supplier', `${s1} · Golden Grain ${tag}`);
    await choose(page, 'price-uom', `BAG-${tag}`);
    await dialog.getByTestId('price-current').fill('42.5');
    await dialog.getByTestId('price-future-1').fill('42.50');
    await dialog.getByLabel(t('pricing:fields.future_price_1_date')).fill(daysFromToday(10));
    await dialog.getByTestId('price-save').click();
    await expect(dialog.getByText(t('validation:future_price_1_same'))).toBeVisible();
    await dialog.getByTestId('price-future-1').fill('44');
    await dialog.getByTestId('price-save').click();
    await expect(dialog).toBeHidden();
    // An added price says so (issue 10: not "Updated").
    await expectToast(page, t('messages:created'));
    await page.getByRole('searchbox').fill(skuId);
    const s1Row = page.getByRole('row').filter({ hasText: `Golden Grain ${tag}` });
    await expect(s1Row).toContainText('42.50');
    await expect(s1Row).toContainText('44.00');
    await page.screenshot({ path: `${dir}/supplier-price-list.png`, fullPage: true });

    // A price file: the S1 row unchanged, a new S2 row; previewed, then applied.
    const cells = [
      ['sku_id', 'supplier_id', 'uom', 'current_price', 'future_price_1', 'future_price_1_date'],
      [skuId, s1, `BAG-${tag}`, '42.5', '44', daysFromToday(10)],
      [skuId, s2, `KG-${tag}`, '1.85', null, null],
    ];
    const file = await writeXlsxFile(
      cells.map((row) => row.map((value) => (value === null ? null : { value, type: String }))),
    ).toBuffer();
    await page.getByTestId('price-upload').click();
    const upload = page.getByTestId('price-upload-dialog');
    await upload.getByTestId('price-file').setInputFiles({
      name: 'prices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await expect(upload.getByTestId('price-upload-summary')).toHaveText(
      t('pricing:uploadDialog.changes', { count: 1, unchanged: 1 }),
    );
    await expect(upload.getByTestId('price-upload-preview')).toContainText(s2);
    await page.screenshot({ path: `${dir}/supplier-price-upload-preview.png` });
    await upload.getByTestId('price-upload-apply').click();
    await expect(upload).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: `Paddy Field ${tag}` })).toContainText('1.85');

    // The same file again: nothing to change.
    await page.getByTestId('price-upload').click();
    await upload.getByTestId('price-file').setInputFiles({
      name: 'prices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await expect(upload.getByTestId('price-upload-message')).toContainText(
      t('errors:CATALOG_SUPPLIER_PRICE_NO_CHANGES'),
    );
    await upload.getByRole('button', { name: t('pricing:uploadDialog.close') }).click();

    // Default supplier S2, and the location buying from S1.
    await page.goto('/supplier/defaultSupplier');
    await expect(page.getByRole('heading', { name: t('routes:defaultSupplier') })).toBeVisible();
    await page.getByRole('searchbox').fill(skuId);
    const row = page.getByRole('row').filter({ hasText: skuId });
    await expect(row).toContainText(t('default-suppliers:none'));
    await row.getByRole('button', { name: t('kit:actions.edit') }).click();
    const edit = page.getByTestId('default-supplier-dialog');
    await choose(page, 'default-supplier-select', `${s2} · Paddy Field ${tag}`);
    await edit.getByTestId('add-location-row').click();
    await choose(page, 'location-row-0-location', `${locationId} · Tampines ${tag}`);
    await choose(page, 'location-row-0-supplier', `${s1} · Golden Grain ${tag}`);
    await page.screenshot({ path: `${dir}/default-supplier-dialog.png` });
    await edit.getByTestId('default-supplier-save').click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(`${s2} · Paddy Field ${tag}`);

    // The pricing list marks the default supplier's rows.
    await page.goto('/supplier/price');
    await page.getByRole('searchbox').fill(skuId);
    await expect(page.getByRole('row').filter({ hasText: `Paddy Field ${tag}` })).toContainText(t('kit:common.yes'));
  });
});
