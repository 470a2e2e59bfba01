import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { directorApi, supplierBody } from './fixtures/api.ts';
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

/**
 * Units a buyer understands (docs/units-of-measure.md), in both languages: say once on the UOM page "1 BAG = 25 KG"
 * and "1 KG = 1000 G", then a SKU kept in KG, bought and received in BAG, its units offered by their real names and
 * their factors taken from those records (BAG 25, G 0.001 read backwards); a supplier price per BAG; the SKU view
 * reads "1 BAG = 25 KG", "1 G = 0.001 KG" and the price per BAG and per KG.
 */
test.describe('units of measure', { tag: ['@sku-pages', '@uom-pages'] }, () => {
  test('create the units, a SKU using three of them, a price per BAG, and read the conversions', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name.toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    const kg = `KG${tag}`;
    const bag = `BAG${tag}`;
    const g = `G${tag}`;
    const supplier = { id: `MILL-${tag}`, name: `Rice Mill ${tag}` };
    const skuId = `RICE-${tag}`;
    const categoryName = `Dry Goods ${tag}`;
    const dir = `${SCREENSHOTS_DIR}${testInfo.project.name}`;
    fs.mkdirSync(dir, { recursive: true });

    // A supplier and a SKU category through the API (their own pages have their own tests).
    const api = await directorApi(baseURL!);
    try {
      const supplierCategory = await api.create('/api/catalog/supplier-categories', {
        category_name: `Mills ${tag}`,
      });
      await api.create(
        '/api/catalog/suppliers',
        supplierBody(supplier.id, supplier.name, supplierCategory.category_id),
      );
      await api.create('/api/catalog/sku-categories', { category_name: categoryName });
    } finally {
      await api.dispose();
    }

    await signInAs(DIRECTOR);

    // The units, once, on the UOM page: 1 BAG = 25 KG and 1 KG = 1000 G.
    for (const [name, secondary, factor] of [
      [kg, bag, '25'],
      [g, kg, '1000'],
    ]) {
      await page.goto('/PLUSKU/uom/new');
      await expect(page.getByText(t('uom:sectionHelp'))).toBeVisible();
      await page.getByLabel(new RegExp(`${t('uom:fields.uom_name')}$`)).fill(name);
      await page.getByLabel(new RegExp(`${t('uom:fields.secondary_uom')}$`)).fill(secondary);
      await page.getByLabel(new RegExp(`${t('uom:fields.uom_per_primary')}$`)).fill(factor);
      await expect(page.getByTestId('uom-conversion')).toContainText(`1 ${secondary} =`);
      if (name === kg) await page.screenshot({ path: `${dir}/units-1-uom-bag-of-25-kg.png`, fullPage: true });
      await page.getByRole('button', { name: t('kit:form.save') }).click();
      await expectToast(page, t('messages:created'));
      await expect(page).toHaveURL(/\/PLUSKU\/uom\/view\?id=/);
    }

    // The SKU: kept in KG, bought and received in BAG, counted in KG; the factors come from the records.
    await page.goto('/PLUSKU/sku/list/new');
    await field(page, t('sku:sku.fields.sku_id')).fill(skuId);
    await field(page, t('sku:sku.fields.name')).fill('Jasmine rice');
    await field(page, t('sku:sku.fields.display_name')).fill('Jasmine Rice');
    await choose(page, 'sku-category', categoryName);
    await choose(page, 'sku-primary-uom', kg);
    await page.getByTestId('sku-uom-add').click();
    await choose(page, 'sku-uom-1', bag);
    await expect(page.getByTestId('sku-uom-factor-1')).toHaveValue('25');
    await expect(page.getByTestId('sku-uom-row-1')).toContainText(
      t('sku:sku.conversion', { uom: bag, factor: '25', primary: kg }),
    );
    await expect(page.getByTestId('sku-uom-row-1')).toContainText(t('sku:sku.factorFromRecord'));
    await page.getByTestId('sku-uom-add').click();
    await choose(page, 'sku-uom-2', g);
    await expect(page.getByTestId('sku-uom-factor-2')).toHaveValue('0.001');
    await choose(page, 'sku-purchasing-uom', bag);
    await choose(page, 'sku-receiving-uom', bag);
    await choose(page, 'sku-counting-uom', kg);
    await page.getByTestId('sku-supplier-add').click();
    await choose(page, 'sku-supplier-0', `${supplier.id} ${supplier.name}`);
    await page.getByTestId('sku-supplier-default-0').check();
    await expect(page.getByTestId('field-error')).toHaveCount(0);
    // A full-page shot from the top: the sticky header and menu stay where they belong.
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: `${dir}/units-2-sku-form.png`, fullPage: true });
    await page.getByRole('button', { name: t('kit:form.save') }).click();
    await expectToast(page, t('messages:created'));
    await expect(page).toHaveURL(new RegExp(`/PLUSKU/sku/list/view\\?id=${skuId}$`));

    // A price per BAG: the dialog offers the SKU's units by name and says what a BAG is.
    await page.goto('/supplier/price');
    await page.getByTestId('price-create').click();
    const dialog = page.getByTestId('price-dialog');
    await dialog.getByTestId('price-sku').fill(skuId);
    await page.getByRole('option', { name: new RegExp(skuId) }).click();
    await choose(page, 'price-supplier', `${supplier.id} · ${supplier.name}`);
    await page.getByTestId('price-uom').click();
    for (const unit of [kg, bag, g]) await expect(page.getByRole('option', { name: unit, exact: true })).toBeVisible();
    await page.getByRole('option', { name: bag, exact: true }).click();
    await expect(dialog).toContainText(t('sku:sku.conversion', { uom: bag, factor: '25', primary: kg }));
    await dialog.getByTestId('price-current').fill('50');
    await page.screenshot({ path: `${dir}/units-3-price-per-bag.png`, fullPage: true });
    await dialog.getByTestId('price-save').click();
    await expect(dialog).toBeHidden();

    // The SKU view reads every conversion and the price per BAG and per KG.
    await page.goto(`/PLUSKU/sku/list/view?id=${encodeURIComponent(skuId)}`);
    await expect(page.getByTestId('sku-primary-uom')).toContainText(kg);
    await expect(page.getByTestId('sku-purchasing-uom')).toContainText(bag);
    await expect(page.getByTestId('sku-counting-uom')).toContainText(kg);
    await expect(page.getByTestId('sku-uom-row-1')).toContainText(
      t('sku:sku.conversion', { uom: bag, factor: '25', primary: kg }),
    );
    await expect(page.getByTestId('sku-uom-row-2')).toContainText(
      t('sku:sku.conversion', { uom: g, factor: '0.001', primary: kg }),
    );
    const prices = page.getByTestId('sku-prices');
    await expect(prices).toContainText(bag);
    await expect(prices).toContainText(t('sku:sku.conversion', { uom: bag, factor: '25', primary: kg }));
    await expect(prices).toContainText('50.0000');
    await expect(prices.getByTestId('sku-price-per-primary')).toContainText(`2.0000 / ${kg}`);
    await page.screenshot({ path: `${dir}/units-4-sku-view.png`, fullPage: true });
  });
});
