import { randomBytes } from 'node:crypto';
import {
  apiSession,
  createScopedUser,
  documentAction as action,
  permission,
  postAdjustment,
  seedLocation,
  seedSkus,
} from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/**
 * Issue 13 "WIP production", in both languages: the director writes a WIP on the page — a SKU BOM making 2 of
 * DOUGH from 1 FLOUR (+10% wastage) and 0.5 SUGAR, 20 planned — saves it (the ingredients appear), records 16
 * produced, 9.3 FLOUR actually used and 1 of CRUMBS at a 10% cost share, and posts it: FLOUR 8.8 × 2 + SUGAR 4 × 1.5
 * = 23.60 issued, CRUMBS take 2.36, the 16 DOUGH 21.24 — which the inventory overview then shows in stock.
 */
test.describe('WIP production', { tag: ['@wip'] }, () => {
  test('written, actuals recorded, posted, the output in stock', async ({ page, t, signInAs, baseURL }, testInfo) => {
    test.setTimeout(240_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const kitchen = `WK-${tag}`;
    const kg = `KG-${tag}`;
    const [flour, sugar, dough, crumbs] = ['FLOUR', 'SUGAR', 'DOUGH', 'CRUMBS'].map((name) => `W${name}-${tag}`);
    const bomId = `BOM-${tag}`;
    const dir = 'tests/browser/screenshots';

    const director = await apiSession(baseURL!, DIRECTOR);
    const clerk = await createScopedUser({
      tag,
      prefix: 'wip',
      location: kitchen,
      permissions: [permission('SA', true, true), permission('WIP', true, true)],
      employeeName: 'Kitchen clerk',
      firstAllowedPath: '/inventory/wip',
    });
    const clerkApi = await apiSession(baseURL!, clerk);
    try {
      await seedLocation(director, `${tag}W`, { id: kitchen, name: `Kitchen ${tag}`, category: `Kitchens ${tag}` });
      await seedSkus(director, {
        uom: kg,
        category: `Bakery ${tag}`,
        skus: [
          { id: flour, name: `Flour ${tag}` },
          { id: sugar, name: `Sugar ${tag}` },
          { id: dough, name: `Dough ${tag}` },
          { id: crumbs, name: `Crumbs ${tag}` },
        ],
      });
      const bomCategory = await director.ok<{ category_id: string }>('POST', '/api/catalog/item-categories/sku-bom', {
        category_name: `Doughs ${tag}`,
      });
      await director.ok('POST', '/api/catalog/sku-boms', {
        bom_id: bomId,
        bom_name: `Dough ${tag}`,
        output_sku_id: dough,
        output_quantity: '2',
        output_uom_name: kg,
        category_id: bomCategory.category_id,
        consume_sku_list: [
          { sku_id: flour, quantity_per_uom: '1', uom_name: kg, wastage_percentage: '10' },
          { sku_id: sugar, quantity_per_uom: '0.5', uom_name: kg, wastage_percentage: '0' },
        ],
      });
      await postAdjustment(
        { writer: clerkApi, submitter: clerkApi, approver: director },
        {
          location_id: kitchen,
          lines: [
            { item_id: flour, uom_name: kg, adjustment_quantity: '20', unit_cost: '2' },
            { item_id: sugar, uom_name: kg, adjustment_quantity: '10', unit_cost: '1.5' },
          ],
        },
      );
      // Inventory knows the BOM from catalog's events.
      await expect(async () => {
        const boms = await director.ok<{ bom_id: string }[]>('GET', `/api/inventory/recipes/sku-boms?search=${bomId}`);
        expect(boms.map((bom) => bom.bom_id)).toContain(bomId);
      }).toPass({ timeout: 30_000 });
    } finally {
      await director.dispose();
      await clerkApi.dispose();
    }

    // The director writes the WIP on the page: the location, the BOM, 20 planned; saved, the ingredients appear.
    await signInAs(DIRECTOR);
    await page.goto('/inventory/wip');
    await expect(page.getByRole('heading', { name: t('routes:wip') })).toBeVisible();
    await page.getByTestId('document-create').click();
    await expect(page).toHaveURL('/inventory/wip/new');
    await page.getByTestId('wip-location').click();
    await page.getByRole('option', { name: new RegExp(`^${kitchen}`) }).click();
    await page.getByTestId('wip-bom-search').fill(bomId);
    await expect(page.getByTestId('wip-bom-picker').locator(`option[value="${bomId}"]`)).toHaveCount(1);
    await page.getByTestId('wip-bom-picker').selectOption(bomId);
    await page.getByTestId('wip-add-output').click();
    await expect(page.getByTestId('wip-output-row')).toHaveCount(1);
    await page.getByTestId('wip-planned').fill('20');
    await page.getByRole('button', { name: t('kit:form.saveDraft'), exact: true }).click();
    await expect(page).toHaveURL(/\/inventory\/wip\/edit\?id=/);
    const id = new URL(page.url()).searchParams.get('id')!;
    const docNo = (await page.getByTestId('document-no').innerText()).trim();
    expect(docNo).toMatch(new RegExp(`^WIP-${kitchen}-\\d+$`));
    const ingredients = page.getByTestId('wip-consumption-row');
    await expect(ingredients).toHaveCount(2);
    await expect(ingredients.nth(0)).toContainText(flour);
    await expect(ingredients.nth(0)).toContainText('11');

    // The cook's actuals: 16 made, 9.3 FLOUR used (SUGAR as expected), 1 CRUMBS at a 10% cost share.
    await page.getByTestId('wip-produce').fill('16');
    await page.getByLabel(`${t('wip:fields.actual_quantity')} ${flour}`).fill('9.3');
    await page.getByTestId('item-picker').fill(crumbs);
    await page.getByTestId(`item-option-sku-${crumbs}`).click();
    await page.getByTestId('wip-by-products-quantity-0').fill('1');
    await page.getByTestId('wip-by-product-share').fill('10');
    await page.getByRole('button', { name: t('kit:form.saveDraft'), exact: true }).click();
    await expect(ingredients.nth(0).getByTestId('wip-discrepancy')).toHaveText('0.5');
    await page.screenshot({ path: `${dir}/wip-1-actuals-${testInfo.project.name}.png`, fullPage: true });

    // Posted from the view: the ingredients leave at FIFO, the output and the by-product come in at their value.
    await page.goto(`/inventory/wip/view?id=${id}`);
    await expect(page.getByTestId('document-no')).toHaveText(docNo);
    await action(page, t('documents:actions.post')).click();
    await page
      .getByTestId('confirm-dialog')
      .getByRole('button', { name: t('documents:actions.post') })
      .click();
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.completed'));
    await expect(page.getByTestId('wip-ingredient-value')).toHaveText('$23.60');
    await expect(page.getByTestId('wip-output-value')).toHaveText('$21.24');
    await expect(page.getByTestId('wip-output-unit-cost')).toHaveText('$1.3275');
    await expect(action(page, t('documents:actions.post'))).toHaveCount(0);
    // The discrepancy's automatic adjustment is linked once made.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('wip-adjustment')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await page.screenshot({ path: `${dir}/wip-2-posted-${testInfo.project.name}.png`, fullPage: true });

    // The output in stock: 16 DOUGH at the kitchen, worth $21.24.
    await page.goto(`/inventory/overview/view?item_type=sku&item_id=${dough}`);
    const balance = page.getByTestId('item-balances').locator(`[data-row="${kitchen}"]`);
    await expect(balance).toContainText('16');
    await expect(balance).toContainText('$21.24');
  });
});
