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
 * docs/architecture.md, "Numbers and rounding": a PLU on a custom BOM shows its cost and margin, with the currency,
 * while its recipe is written — and again when a row changes — from the server's one roll-up; once saved, its view
 * and the list show the same digits. In both languages.
 */
test.describe('PLU cost and margin before saving', { tag: ['@plu-cost-preview'] }, () => {
  test('a custom BOM’s cost and margin follow its rows before saving, and match the view and the list', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name.toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    const units = { kg: `KG-${tag}`, g: `G-${tag}`, cup: `CUP-${tag}` };
    const skuId = `BEAN-${tag}`;
    const pluId = `MOCHA-${tag}`;
    const category = `Drinks ${tag}`;

    // Set-up through the API: units, a supplier, coffee beans at 20.00 a kg, a PLU category.
    const api = await directorApi(baseURL!);
    try {
      await api.create('/api/catalog/uoms', { uom_name: units.g, secondary_uom: units.kg, uom_per_primary: '1000' });
      await api.create('/api/catalog/uoms', { uom_name: units.cup, secondary_uom: 'TRAY', uom_per_primary: '6' });
      const supplierCategory = await api.create('/api/catalog/supplier-categories', {
        category_name: `Roasters ${tag}`,
      });
      await api.create(
        '/api/catalog/suppliers',
        supplierBody(`S-${tag}`, `Roaster ${tag}`, supplierCategory.category_id),
      );
      const skuCategory = await api.create('/api/catalog/sku-categories', { category_name: `Coffee ${tag}` });
      await api.create('/api/catalog/skus', {
        sku_id: skuId,
        name: 'Beans',
        display_name: 'Beans',
        category_id: skuCategory.category_id,
        primary_uom_name: units.kg,
        purchasing_uom_name: units.kg,
        receiving_uom_name: units.kg,
        counting_uom_name: units.kg,
        uom_list: [
          { uom_name: units.kg, factor: '1' },
          { uom_name: units.g, factor: '0.001' },
        ],
        supplier_list: [`S-${tag}`],
        default_supplier_id: `S-${tag}`,
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: '0',
      });
      await api.send('PUT', '/api/catalog/supplier-prices', {
        sku_id: skuId,
        supplier_id: `S-${tag}`,
        uom_name: units.kg,
        current_price: '20',
        future_price_1: null,
        future_price_1_date: null,
        future_price_2: null,
        future_price_2_date: null,
      });
      await api.create('/api/catalog/item-categories/plu', { category_name: category });
    } finally {
      await api.dispose();
    }
    const dir = `${SCREENSHOTS_DIR}${testInfo.project.name}`;
    fs.mkdirSync(dir, { recursive: true });
    const usd = (amount: string) => `$${amount}`;

    await signInAs(DIRECTOR);
    await page.goto('/PLUSKU/plu/list/new');
    await field(page, t('plu:fields.plu_id')).fill(pluId);
    await field(page, t('plu:fields.plu_name')).fill('Mocha');
    await field(page, t('plu:fields.suggested_price')).fill('6.9');
    await choose(page, 'plu-category', category);
    await choose(page, 'plu-bom-type', t('plu:bomTypes.custom'));
    await choose(page, 'plu-custom-output-uom', units.cup);
    // No recipe yet: no figure.
    await expect(page.getByTestId('plu-cost')).toHaveText('—');

    // 18 g of beans at 20.00 a kg: 0.3600 a cup; margin 6.90 − 0.36 = 6.54, 94.78 %.
    await page.getByTestId('plu-consume-add').click();
    await page.getByTestId('plu-consume-sku-0').fill(skuId);
    await page.getByTestId(`bom-sku-option-${skuId}`).click();
    await page.getByTestId('plu-consume-quantity-0').fill('18');
    await choose(page, 'plu-consume-uom-0', units.g);
    await expect(page.getByTestId('plu-cost')).toHaveText(usd('0.3600'));
    await expect(page.getByTestId('plu-margin')).toHaveText(usd('6.54'));
    await expect(page.getByTestId('plu-margin-percentage')).toHaveText('94.78%');
    await expect(page.getByTestId('plu-consume-cost-0')).toHaveText(usd('0.3600'));

    // A row changes: 36.188 g → 0.72376 → 0.7238 a cup; margin 6.1762 → 6.18, 89.51 %.
    await page.getByTestId('plu-consume-quantity-0').fill('36.188');
    const figures = { cost: usd('0.7238'), margin: usd('6.18'), percentage: '89.51%' };
    await expect(page.getByTestId('plu-cost')).toHaveText(figures.cost);
    await expect(page.getByTestId('plu-margin')).toHaveText(figures.margin);
    await expect(page.getByTestId('plu-margin-percentage')).toHaveText(figures.percentage);
    await expect(page.getByTestId('plu-consume-total')).toHaveText(figures.cost);
    await page.screenshot({ path: `${dir}/plu-custom-bom-cost-before-saving.png`, fullPage: true });

    await page.getByRole('button', { name: t('kit:form.save') }).click();
    await expectToast(page, t('messages:created'));
    await expect(page).toHaveURL(new RegExp(`/PLUSKU/plu/list/view\\?id=${pluId}$`));
    await expect(page.getByTestId('plu-cost')).toHaveText(figures.cost);
    await expect(page.getByTestId('plu-margin')).toHaveText(figures.margin);
    await expect(page.getByTestId('plu-margin-percentage')).toHaveText(figures.percentage);
    await expect(page.getByTestId('plu-consume-total')).toHaveText(figures.cost);

    await page.goto('/PLUSKU/plu/list');
    await page.getByRole('searchbox').fill(pluId);
    const row = page.getByRole('row').filter({ hasText: pluId });
    await expect(row).toHaveCount(1);
    for (const figure of Object.values(figures)) await expect(row).toContainText(figure);
  });
});
