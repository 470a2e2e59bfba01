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

/** Types into a SKU picker and picks the SKU. */
async function pickSku(page: Page, testId: string, skuId: string) {
  await page.getByTestId(testId).fill(skuId);
  await page.getByTestId(`bom-sku-option-${skuId}`).click();
}

/**
 * SPEC.md §2 /PLUSKU/skubom and /PLUSKU/plu, §3 BOM and PLU: a SKU BOM category and a SKU BOM made on their pages from SKUs seeded through
 * the API (its own output refused on a row, the live cost with a blank wastage taking the SKU's default, the cost
 * the server rolls up), then a PLU on a PLU BOM consuming the BOM's output, with its cost and margin, in both
 * languages; screenshots of the forms and lists.
 */
test.describe('BOM and PLU pages', { tag: ['@bom-pages'] }, () => {
  test('create a SKU BOM consuming seeded SKUs, then a PLU on a PLU BOM', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name.toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    const skus = { flour: `FLOUR-${tag}`, sugar: `SUGAR-${tag}`, dough: `DOUGH-${tag}` };
    const uoms = { kg: `KG-${tag}`, g: `G-${tag}`, cup: `CUP-${tag}` };
    const names = { skuBomCategory: `Pastry ${tag}`, pluBomCategory: `Desserts ${tag}`, pluCategory: `Cakes ${tag}` };
    const bomId = `BOM-${tag}`;
    const pluBomId = `PBOM-${tag}`;
    const pluId = `PLU-${tag}`;

    // Set-up through the API: UOMs, a supplier, three SKUs (two priced), the categories and, later, a PLU BOM.
    const api = await directorApi(baseURL!);
    try {
      const kg = await api.create('/api/catalog/uoms', {
        uom_name: uoms.kg,
        secondary_uom: 'BAG',
        uom_per_primary: '25',
      });
      const g = await api.create('/api/catalog/uoms', {
        uom_name: uoms.g,
        secondary_uom: 'KG',
        uom_per_primary: '1000',
      });
      const cup = await api.create('/api/catalog/uoms', {
        uom_name: uoms.cup,
        secondary_uom: 'TRAY',
        uom_per_primary: '6',
      });
      const supplierCategory = await api.create('/api/catalog/supplier-categories', { category_name: `Mills ${tag}` });
      await api.create('/api/catalog/suppliers', supplierBody(`S-${tag}`, `Mill ${tag}`, supplierCategory.category_id));
      const skuCategory = await api.create('/api/catalog/sku-categories', { category_name: `Baking ${tag}` });
      const sku = (skuId: string, name: string, wastage: string, supplied: boolean) =>
        api.create('/api/catalog/skus', {
          sku_id: skuId,
          name,
          display_name: name,
          category_id: skuCategory.category_id,
          primary_uom_name: kg.uom_name,
          purchasing_uom_name: kg.uom_name,
          receiving_uom_name: kg.uom_name,
          counting_uom_name: kg.uom_name,
          uom_list: [
            { uom_name: kg.uom_name, factor: '1' },
            { uom_name: g.uom_name, factor: '0.001' },
          ],
          supplier_list: supplied ? [`S-${tag}`] : [],
          default_supplier_id: supplied ? `S-${tag}` : null,
          threshold: '0',
          is_inventorise: true,
          default_wastage_percentage: wastage,
        });
      await sku(skus.flour, 'Flour', '2', true);
      await sku(skus.sugar, 'Sugar', '0', true);
      await sku(skus.dough, 'Sweet dough', '0', false);
      for (const [skuId, price] of [
        [skus.flour, '2'],
        [skus.sugar, '2.5'],
      ]) {
        await api.send('PUT', '/api/catalog/supplier-prices', {
          sku_id: skuId,
          supplier_id: `S-${tag}`,
          uom_name: kg.uom_name,
          current_price: price,
          future_price_1: null,
          future_price_1_date: null,
          future_price_2: null,
          future_price_2_date: null,
        });
      }
      await api.create('/api/catalog/item-categories/plu', { category_name: names.pluCategory });
      const pluBomCategory = await api.create('/api/catalog/item-categories/plu-bom', {
        category_name: names.pluBomCategory,
      });
      // The PLU BOM the PLU is sold on: half a kilo of the dough the SKU BOM makes, per cup.
      await api.create('/api/catalog/plu-boms', {
        bom_id: pluBomId,
        bom_name: `Dough cup ${tag}`,
        output_quantity: '1',
        output_uom_name: cup.uom_name,
        category_id: pluBomCategory.category_id,
        consume_sku_list: [{ sku_id: skus.dough, quantity_per_uom: '500', uom_name: g.uom_name }],
      });
    } finally {
      await api.dispose();
    }
    const dir = `${SCREENSHOTS_DIR}${testInfo.project.name}`;
    // Costs read with their currency, en-US in both languages (SPEC.md §9): `$0.8963`.
    const usd = (amount: string) => `$${amount}`;
    fs.mkdirSync(dir, { recursive: true });

    await signInAs(DIRECTOR);

    // The SKU BOM category, on its page (one list and form for every kind of simple category).
    await page.goto('/PLUSKU/skubom/category');
    await expect(page.getByRole('heading', { name: t('routes:skuBomCategory') })).toBeVisible();
    await page.getByRole('link', { name: t('item-category:create') }).click();
    await expect(page).toHaveURL('/PLUSKU/skubom/category/new');
    await field(page, t('item-category:fields.category_name')).fill(names.skuBomCategory);
    await page.getByRole('button', { name: t('kit:form.save') }).click();
    await expectToast(page, t('messages:created'));
    await expect(page).toHaveURL(/\/PLUSKU\/skubom\/category\/view\?id=/);
    await page.getByRole('link', { name: t('kit:form.back') }).click();
    await page.getByRole('searchbox').fill(names.skuBomCategory);
    await expect(page.getByRole('row').filter({ hasText: names.skuBomCategory })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'Pastry' })).toHaveCount(1);
    await page.screenshot({ path: `${dir}/bom-sku-bom-category-list.png`, fullPage: true });

    // The SKU BOM, on its page.
    await page.goto('/PLUSKU/skubom/list');
    await expect(page.getByRole('heading', { name: t('routes:skuBom') })).toBeVisible();
    await page.getByRole('link', { name: t('bom:list.create') }).click();
    await expect(page).toHaveURL('/PLUSKU/skubom/list/new');
    const save = page.getByRole('button', { name: t('kit:form.save') });

    await field(page, t('bom:fields.bom_id')).fill(bomId);
    await field(page, t('bom:fields.bom_name')).fill('Sweet dough');
    await choose(page, 'bom-category', names.skuBomCategory);
    await field(page, t('bom:fields.owner')).fill('Central kitchen');
    await pickSku(page, 'bom-output-sku', skus.dough);
    await expect(page.getByTestId('bom-output-uom')).toContainText(uoms.kg);
    await field(page, t('bom:fields.output_quantity')).fill('2');

    // Flour 1.5 kg, wastage left blank (the SKU's 2%); sugar 200 g at 5% wastage.
    await page.getByTestId('bom-consume-add').click();
    await pickSku(page, 'bom-consume-sku-0', skus.flour);
    await page.getByTestId('bom-consume-quantity-0').fill('1.5');
    await expect(page.getByTestId('bom-consume-uom-0')).toContainText(uoms.kg);
    await page.getByTestId('bom-consume-add').click();
    await pickSku(page, 'bom-consume-sku-1', skus.sugar);
    await page.getByTestId('bom-consume-quantity-1').fill('200');
    await choose(page, 'bom-consume-uom-1', uoms.g);
    await page.getByTestId('bom-consume-wastage-1').fill('5');
    // 1.5 × 2.00 × 1.02 = 3.06; 200 × 0.001 × 2.50 × 1.05 = 0.525.
    await expect(page.getByTestId('bom-consume-cost-0')).toHaveText(usd('3.0600'));
    await expect(page.getByTestId('bom-consume-cost-1')).toHaveText(usd('0.5250'));
    await expect(page.getByTestId('bom-consume-total')).toHaveText(usd('3.5850'));
    await expect(page.getByTestId('bom-consume-per-unit')).toHaveText(usd('1.7925'));

    // The BOM's own output is refused on its row.
    await page.getByTestId('bom-consume-add').click();
    await pickSku(page, 'bom-consume-sku-2', skus.dough);
    await page.getByTestId('bom-consume-quantity-2').fill('1');
    await save.click();
    await expect(page.getByTestId('bom-consume-row-2').getByTestId('field-error')).toHaveText(
      t('validation:bom_consumes_own_output'),
    );
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: `${dir}/bom-sku-bom-form-own-output-refused.png`, fullPage: true });
    await page.getByTestId('bom-consume-remove-2').click();
    await expect(page.getByTestId('field-error')).toHaveCount(0);

    await save.click();
    await expectToast(page, t('messages:created'));
    await expect(page).toHaveURL(new RegExp(`/PLUSKU/skubom/list/view\\?id=${bomId}$`));
    // The server's roll-up, row by row and in total.
    await expect(page.getByTestId('bom-consume-row-0')).toContainText(skus.flour);
    await expect(page.getByTestId('bom-consume-wastage-0')).toHaveText('2.00');
    await expect(page.getByTestId('bom-consume-cost-0')).toHaveText(usd('3.0600'));
    await expect(page.getByTestId('bom-consume-total')).toHaveText(usd('3.5850'));
    await expect(page.getByTestId('bom-output-sku-text')).toContainText(skus.dough);
    await page.screenshot({ path: `${dir}/bom-sku-bom-form.png`, fullPage: true });

    await page.getByRole('link', { name: t('kit:form.back') }).click();
    await expect(page).toHaveURL('/PLUSKU/skubom/list');
    await page.getByRole('searchbox').fill(bomId);
    const bomRow = page.getByRole('row').filter({ hasText: bomId });
    await expect(bomRow).toHaveCount(1);
    // Only this run's BOM is left once the search has applied.
    await expect(page.getByRole('row').filter({ hasText: 'BOM-' })).toHaveCount(1);
    await expect(bomRow).toContainText(skus.dough);
    await expect(bomRow).toContainText(names.skuBomCategory);
    await expect(bomRow).toContainText(usd('3.5850'));
    await page.screenshot({ path: `${dir}/bom-sku-bom-list.png`, fullPage: true });

    // The PLU on the PLU BOM.
    await page.goto('/PLUSKU/plu/list');
    await expect(page.getByRole('heading', { name: t('routes:plu') })).toBeVisible();
    await page.getByRole('link', { name: t('plu:list.create') }).click();
    await expect(page).toHaveURL('/PLUSKU/plu/list/new');
    await field(page, t('plu:fields.plu_id')).fill(pluId);
    await field(page, t('plu:fields.plu_name')).fill('Dough cup');
    await field(page, t('plu:fields.ch_display_name')).fill('面团杯');
    await field(page, t('plu:fields.suggested_price')).fill('3.5');
    await field(page, t('plu:fields.barcode')).fill('8850000000099');
    await choose(page, 'plu-category', names.pluCategory);
    await expect(page.getByTestId('plu-bom-type')).toContainText(t('plu:bomTypes.existing'));
    await page.getByTestId('plu-bom').fill(pluBomId);
    await page.getByTestId(`plu-bom-option-${pluBomId}`).click();
    // Cost and margin as soon as the BOM is chosen, before saving, with their currency (the server's one roll-up):
    // dough costs 3.585 / 2 = 1.7925 a kg, so 500 g = 0.89625 → 0.8963 a cup; margin 3.50 − 0.8963 = 2.6037 → 2.60.
    const figures = { cost: usd('0.8963'), margin: usd('2.60'), percentage: '74.39%' };
    await expect(page.getByTestId('plu-cost')).toHaveText(figures.cost);
    await expect(page.getByTestId('plu-margin')).toHaveText(figures.margin);
    await expect(page.getByTestId('plu-margin-percentage')).toHaveText(figures.percentage);
    await page.screenshot({ path: `${dir}/bom-plu-form-before-save.png`, fullPage: true });
    await page.getByRole('button', { name: t('kit:form.save') }).click();
    await expectToast(page, t('messages:created'));
    await expect(page).toHaveURL(new RegExp(`/PLUSKU/plu/list/view\\?id=${pluId}$`));
    // The same figures on its view ...
    await expect(page.getByTestId('plu-cost')).toHaveText(figures.cost);
    await expect(page.getByTestId('plu-margin')).toHaveText(figures.margin);
    await expect(page.getByTestId('plu-margin-percentage')).toHaveText(figures.percentage);
    await expect(page.getByTestId('plu-bom-rows-row-0')).toContainText(skus.dough);
    await page.screenshot({ path: `${dir}/bom-plu-form.png`, fullPage: true });

    await page.getByRole('link', { name: t('kit:form.back') }).click();
    await page.getByRole('searchbox').fill(pluId);
    const pluRow = page.getByRole('row').filter({ hasText: pluId });
    await expect(pluRow).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'PLU-' })).toHaveCount(1);
    await expect(pluRow).toContainText(pluBomId);
    // ... and in the list.
    for (const figure of Object.values(figures)) await expect(pluRow).toContainText(figure);
    await page.screenshot({ path: `${dir}/bom-plu-list.png`, fullPage: true });
  });
});
