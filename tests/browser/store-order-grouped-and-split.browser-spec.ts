import { randomBytes } from 'node:crypto';
import type { ApiSession } from './fixtures/stock.ts';
import {
  apiSession,
  createScopedUser,
  documentAction as action,
  localDay,
  permission,
  seedLocation,
} from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/** Both languages share one central kitchen (a company setting): made once, whoever comes first. */
const KITCHEN = 'SO-BROWSER-CK';

async function seedKitchen(director: ApiSession): Promise<void> {
  const existing = await director.call('GET', `/api/catalog/locations/${KITCHEN}`);
  if (existing.status !== 200) {
    await seedLocation(director, `ck${randomBytes(3).toString('hex')}`, {
      id: KITCHEN,
      name: 'Central Kitchen Browser',
      category: `Kitchens ${randomBytes(3).toString('hex')}`,
    }).catch(() => undefined);
  }
  await expect(async () => {
    await director.ok('PUT', '/api/procurement/store-orders/settings', { central_kitchen_location_id: KITCHEN });
  }).toPass({ timeout: 30_000 });
}

/**
 * Store ordering (SPEC.md §2 /store-ordering, §3, §5), in both languages: an outlet clerk (OR edit, PO view) orders
 * flour and sugar (each from its default supplier) and sauce from the central kitchen. A blank quantity blocks the
 * draft with "One or more items not filled up properly"; the suggested quantity (par 20, nothing on hand) sits
 * beside the ordered one with its inputs in a tooltip and is taken with one click; the items regroup by supplier and
 * by category; submitting shows the two DRAFT purchase orders and the transfer request, and a PO links back.
 */
test.describe('store ordering', { tag: ['@store-ordering'] }, () => {
  test('items grouped by category or supplier, draft blocked while invalid, split on submit', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const outlet = `SO-${tag}`;
    const kg = `KG${tag}`;
    const [flour, sugar, sauce] = [`FLOUR-${tag}`, `SUGAR-${tag}`, `SAUCE-${tag}`];
    const [mill, refinery] = [`MILL-${tag}`, `REF-${tag}`];

    const director = await apiSession(baseURL!, DIRECTOR);
    const clerk = await createScopedUser({
      tag,
      prefix: 'so',
      location: outlet,
      permissions: [permission('OR', true, true), permission('PO', true)],
      employeeName: 'Outlet clerk',
      firstAllowedPath: '/store-ordering',
    });
    try {
      await seedLocation(director, tag, { id: outlet, name: `Outlet ${tag}`, category: `Outlets ${tag}` });
      await seedKitchen(director);
      await director.ok('POST', '/api/catalog/uoms', { uom_name: kg, secondary_uom: 'SACK', uom_per_primary: '25' });
      const supplierCategory = await director.ok('POST', '/api/catalog/supplier-categories', {
        category_name: `Dry goods ${tag}`,
      });
      for (const [id, name] of [
        [mill, `Mill ${tag}`],
        [refinery, `Refinery ${tag}`],
      ]) {
        await director.ok('POST', '/api/catalog/suppliers', {
          supplier_id: id,
          company_name: name,
          credit_term_in_days: 30,
          contact_name: 'Alice',
          contact_no: '91234567',
          address: '1 Jurong Road',
          postal_code: '600001',
          country: 'Singapore',
          minimum_order_value: '0',
          category_id: supplierCategory.category_id,
          gst_price_type: 'exclusive',
          gst_rate: 9,
          tax_rate: 9,
          tax_type: 'GST',
          hashtag_list: [],
        });
      }
      const baking = await director.ok('POST', '/api/catalog/sku-categories', { category_name: `Baking ${tag}` });
      const sauces = await director.ok('POST', '/api/catalog/sku-categories', { category_name: `Sauces ${tag}` });
      for (const [id, name, category, supplier] of [
        [flour, `Flour ${tag}`, baking.category_id, mill],
        [sugar, `Sugar ${tag}`, baking.category_id, refinery],
        [sauce, `Sauce ${tag}`, sauces.category_id, mill],
      ] as const) {
        await director.ok('POST', '/api/catalog/skus', {
          sku_id: id,
          name,
          display_name: name,
          category_id: category,
          primary_uom_name: kg,
          purchasing_uom_name: kg,
          receiving_uom_name: kg,
          counting_uom_name: kg,
          uom_list: [{ uom_name: kg, factor: '1' }],
          supplier_list: [supplier],
          default_supplier_id: supplier,
          threshold: '1',
          is_inventorise: true,
          default_wastage_percentage: '0',
        });
        await director.ok('PUT', '/api/catalog/supplier-prices', {
          sku_id: id,
          supplier_id: supplier,
          uom_name: kg,
          current_price: '2.5',
          future_price_1: null,
          future_price_1_date: null,
          future_price_2: null,
          future_price_2_date: null,
        });
      }
      // Procurement learns the SKUs from catalog's events a moment later; then flour gets its par level.
      await expect(async () => {
        await director.ok('PUT', '/api/procurement/store-orders/par-levels', {
          location_id: outlet,
          sku_id: flour,
          par_level: '20',
        });
        const info = await director.ok<{ default_supplier_id: string | null; category_name: string | null }[]>(
          'POST',
          '/api/procurement/store-orders/line-info',
          { location_id: outlet, lines: [{ sku_id: sauce, uom_name: kg }] },
        );
        expect(info[0]).toMatchObject({ default_supplier_id: mill, category_name: `Sauces ${tag}` });
      }).toPass({ timeout: 30_000 });
    } finally {
      await director.dispose();
    }

    await signInAs(clerk);
    await page.goto('/store-ordering/new');
    const delivery = page.getByTestId('store-order-delivery-time').locator('input');
    await delivery.nth(0).fill(localDay(new Date(Date.now() + 7 * 86_400_000)));
    await delivery.nth(1).fill('09:00');
    for (const sku of [flour, sugar, sauce]) {
      await page.getByTestId('item-picker').fill(sku);
      await page.getByTestId(`item-option-sku-${sku}`).click();
    }
    const rows = page.getByTestId('store-order-lines-row');
    await expect(rows).toHaveCount(3);

    // Blank quantities: the draft is not saved, and the page says why.
    await action(page, t('kit:form.saveDraft')).click();
    await expect(page.getByTestId('store-order-items-invalid')).toHaveText(t('store-order:errors.itemsNotFilled'));
    await expect(page).toHaveURL(/\/store-ordering\/new/);

    // The suggestion beside the ordered quantity: par 20 − 0 on hand + 0 usage = 20 KG, its inputs in the tooltip.
    const flourRow = rows.filter({ hasText: `Flour ${tag}` });
    const suggested = flourRow.getByTestId(/store-order-suggested-/);
    await expect(suggested).toHaveText('20');
    await expect(flourRow.getByTestId(/store-order-suggestion-/)).toHaveAttribute('title', new RegExp(`20 ${kg}`));
    await flourRow.getByTestId(/store-order-use-suggested-/).click();
    await expect(flourRow.getByTestId(/store-order-lines-quantity-/)).toHaveValue('20');
    const sugarRow = rows.filter({ hasText: `Sugar ${tag}` });
    await sugarRow.getByTestId(/store-order-lines-quantity-/).fill('5');
    const sauceRow = rows.filter({ hasText: `Sauce ${tag}` });
    await sauceRow.getByTestId(/store-order-lines-quantity-/).fill('2');
    await sauceRow.getByTestId(/store-order-source-/).click();
    await page.getByRole('option', { name: new RegExp(t('store-order:fields.central_kitchen')) }).click();

    // Grouped by category (the default), then by supplier: the kitchen is a group of its own.
    const groups = page.getByTestId('store-order-group');
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0)).toHaveAttribute('data-group', `Baking ${tag}`);
    await expect(groups.nth(0).getByTestId('store-order-lines-row')).toHaveCount(2);
    await page.getByTestId('store-order-group-supplier').click();
    await expect(groups).toHaveCount(3);
    await expect(page.locator(`[data-group="Mill ${tag}"]`)).toContainText(`Flour ${tag}`);
    await expect(page.locator(`[data-group="Refinery ${tag}"]`)).toContainText(`Sugar ${tag}`);
    await expect(page.locator('[data-group*="Central Kitchen Browser"]')).toContainText(`Sauce ${tag}`);

    // Submit: saved and split — two DRAFT purchase orders and the kitchen's transfer request.
    await action(page, t('documents:actions.submit')).click();
    await expect(page).toHaveURL(/\/store-ordering\/view\?id=/);
    const docNo = (await page.getByTestId('document-no').innerText()).trim();
    expect(docNo).toMatch(new RegExp(`^OR-${outlet}-\\d+$`));
    const split = page.getByTestId('store-order-split');
    await expect(split.getByTestId('store-order-po')).toHaveCount(2);
    await expect(split).toContainText(`Mill ${tag}`);
    await expect(split).toContainText(`Refinery ${tag}`);
    await expect(page.getByTestId('store-order-transfer')).toContainText(KITCHEN);

    // A split PO links back to the store order.
    await split
      .getByTestId('store-order-po')
      .filter({ hasText: `Mill ${tag}` })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/\/procurement\/purchase-order\/view\?id=/);
    await expect(page.getByTestId('po-store-order-link')).toContainText(docNo);
    await expect(page.getByTestId('po-lines')).toContainText(`Flour ${tag}`);

    // The list: the order under Submitted, and the par levels folded below it.
    await page.goto('/store-ordering');
    await expect(page.getByTestId('store-order-list')).toContainText(docNo);
    await page.getByTestId('store-order-par-levels').locator('summary').click();
    await expect(page.getByTestId('store-order-par-levels')).toContainText(`Flour ${tag}`);
  });
});
