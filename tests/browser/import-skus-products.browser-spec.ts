import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { directorApi, supplierBody } from './fixtures/api.ts';
import type { Translate } from './fixtures/catalog.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function snapshot(page: Page, project: string, name: string): Promise<void> {
  const file = path.join(SCREENSHOTS_DIR, project, `import-skus-products--${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

/** A one-SKU file with the headers in the page's language. */
function skuFile(t: Translate, cells: Record<string, string>) {
  const label = (key: string) =>
    key === 'uom_conversions' ? t('sku:sku.import.columns.uom_conversions') : t(`sku:sku.fields.${key}`);
  const keys = Object.keys(cells);
  return writeXlsxFile(
    [keys.map(label), keys.map((key) => cells[key])].map((row) => row.map((value) => ({ value, type: String }))),
  ).toBuffer();
}

/**
 * Issue 5 Excel import on /PLUSKU/sku/list and /product/overview, in both languages: a SKU file whose UOM
 * conversions cell names an unknown UOM is refused with the row and column, then the corrected file creates the
 * SKU with its conversions; the product list offers the product template.
 */
test.describe('Excel import of SKUs and products', { tag: ['@import'] }, () => {
  test('a SKU with a bad UOM conversion is refused by row and column; corrected, it is created', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const project = testInfo.project.name;
    const tag = `${project.toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    const pcs = `PCS-${tag}`;
    const box = `BOX-${tag}`;
    const supplierId = `SI-${tag}`;
    const category = `Dry Goods ${tag}`;
    const skuId = `SKU-IMP-${tag}`;
    const api = await directorApi(baseURL!);
    try {
      await api.create('/api/catalog/uoms', { uom_name: pcs, secondary_uom: 'CTN', uom_per_primary: '24' });
      await api.create('/api/catalog/uoms', { uom_name: box, secondary_uom: 'CTN', uom_per_primary: '12' });
      await api.create('/api/catalog/sku-categories', { category_name: category });
      const supplierCategory = await api.create('/api/catalog/supplier-categories', {
        category_name: `Grocers ${tag}`,
      });
      await api.create(
        '/api/catalog/suppliers',
        supplierBody(supplierId, `Importers ${tag}`, supplierCategory.category_id),
      );
    } finally {
      await api.dispose();
    }
    const row = (conversions: string) => ({
      sku_id: skuId,
      name: 'Jasmine rice 5kg',
      display_name: 'Jasmine Rice',
      category,
      primary_uom: pcs,
      uom_conversions: conversions,
      purchasing_uom: box,
      receiving_uom: box,
      counting_uom: pcs,
      supplier_list: supplierId,
      default_supplier: supplierId,
      threshold: '10',
      is_inventorise: t('products:yesNo.true'),
      default_wastage_percentage: '2.5',
    });

    await signInAs(DIRECTOR);
    await page.goto('/PLUSKU/sku/list');
    await expect(page.getByRole('heading', { name: t('routes:sku') })).toBeVisible();
    await page.getByRole('button', { name: t('import:button') }).click();
    const dialog = page.getByTestId('import-dialog');
    await expect(dialog).toBeVisible();

    const bad = await skuFile(t, row(`${box}=12, NOPE-${tag}=3`));
    await dialog.getByTestId('import-file').setInputFiles({ name: 'skus.xlsx', mimeType: XLSX, buffer: bad });
    await dialog.getByRole('button', { name: t('import:dialog.start'), exact: true }).click();
    await expect(dialog.getByTestId('import-failed')).toContainText(t('import:dialog.failed'));
    const errorRows = dialog.getByTestId('import-error-row');
    await expect(errorRows).toHaveCount(1);
    await expect(errorRows.first()).toContainText(t('sku:sku.import.columns.uom_conversions'));
    await expect(errorRows.first()).toContainText(t('validation:import_uom_not_found', { value: `NOPE-${tag}` }));
    await snapshot(page, project, '1-sku-row-error');

    const fixed = await skuFile(t, row(`${box}=12`));
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: t('import:dialog.tryAgain') }).click(),
    ]);
    await chooser.setFiles({ name: 'skus-fixed.xlsx', mimeType: XLSX, buffer: fixed });
    await dialog.getByRole('button', { name: t('import:dialog.start'), exact: true }).click();
    await expect(dialog.getByTestId('import-success')).toHaveText(
      t('import:dialog.succeeded', { created: 1, updated: 0 }),
    );
    await snapshot(page, project, '2-sku-imported');
    await dialog
      .getByRole('button', { name: t('import:dialog.close') })
      .first()
      .click();
    await page.getByRole('searchbox').fill(skuId);
    await expect(page.getByRole('row').filter({ hasText: skuId })).toHaveCount(1);

    // The SKU as the form shows it: BOX of 12 beside the primary.
    await page.goto(`/PLUSKU/sku/list/view?id=${encodeURIComponent(skuId)}`);
    await expect(page.getByTestId('sku-uom-row-1')).toContainText(
      t('sku:sku.conversion', { uom: box, factor: '12', primary: pcs }),
    );
  });

  test('the product list offers the product import with its template', async ({ page, t, signInAs }, testInfo) => {
    await signInAs(DIRECTOR);
    await page.goto('/product/overview');
    await page.getByRole('button', { name: t('import:button') }).click();
    const name = t('products:product.exportFileName');
    const dialog = page.getByRole('dialog', { name: t('import:dialog.title', { name }) });
    await expect(dialog.getByTestId('import-dialog')).toBeVisible();
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: t('import:dialog.downloadTemplate') }).click(),
    ]);
    expect(template.suggestedFilename()).toBe(`${t('import:template.fileName', { name })}.xlsx`);
    const [data] = await readXlsxFile(fs.readFileSync(await template.path()));
    expect(data.data[0].slice(0, 2)).toEqual([
      `${t('products:product.fields.product_code')} *`,
      `${t('products:product.fields.product_name')} *`,
    ]);
    expect(data.data[0]).toContain(t('products:product.fields.default_cost'));
    await snapshot(page, testInfo.project.name, '3-product-import-dialog');
  });
});
