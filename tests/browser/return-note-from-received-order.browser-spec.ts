import { randomBytes } from 'node:crypto';
import type { ApiSession } from './fixtures/stock.ts';
import {
  apiSession,
  createScopedUser,
  documentAction as action,
  permission,
  seedLocation,
  seedSkus,
} from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/** A walk-in receipt of `quantity` KG at `price` USD, received (stock posted); answers the RO's id and number. */
async function receiveWalkIn(
  director: ApiSession,
  body: { location: string; supplier: string; sku: string; uom: string; quantity: string; price: string },
): Promise<{ id: string; doc_no: string }> {
  let receipt: { id: string; doc_no: string } | undefined;
  // Procurement learns the supplier, SKU and location from catalog's events a moment after the catalog calls.
  await expect(async () => {
    const created = await director.call('POST', '/api/procurement/receiving-orders', {
      supplier_id: body.supplier,
      currency: 'USD',
      location_id: body.location,
      receive_time: new Date().toISOString(),
      additional_list: [{ sku_id: body.sku, uom_name: body.uom, receive_qty: body.quantity, unit_price: body.price }],
    });
    expect(created.status, created.text).toBe(201);
    receipt = created.data as { id: string; doc_no: string };
  }).toPass({ timeout: 30_000 });
  for (const [name, revision] of [
    ['submit', 1],
    ['approve', 2],
    ['receive', 3],
  ] as const) {
    await director.ok('POST', `/api/procurement/receiving-orders/${receipt!.id}/${name}`, { revision });
  }
  return receipt!;
}

/**
 * The return note (SPEC.md §3, GR), in both languages: 10 KG received by a walk-in receiving order; a clerk of the
 * outlet (return notes, no approval, no cost) opens the received RO and creates a return note from it — its line
 * shows 10 available, 12 is flagged and refused by the server with "Insufficient available quantity", 4 KG expired
 * goes in — and the director approves it: RECEIVED, the stock issued, the overview shows 6 KG left and the list has
 * it under Received.
 */
test.describe('return note', { tag: ['@return-note'] }, () => {
  test('created from a received receiving order, over-return refused, approved: the stock leaves', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const location = `RN-${tag}`;
    const skuId = `FLOUR-${tag}`;
    const supplierId = `SUP-${tag}`;
    const kg = `KG-${tag}`;

    const director = await apiSession(baseURL!, DIRECTOR);
    const clerk = await createScopedUser({
      tag,
      prefix: 'rn',
      location,
      // PO view too: the receiving order's page reads the PO choices, and a refusal there signs the user out.
      permissions: [
        permission('GR', true, true),
        permission('RO', true),
        permission('PO', true),
        permission('INVENTORY_OVERVIEW', true),
      ],
      employeeName: 'Returns clerk',
      firstAllowedPath: '/procurement/return-note',
    });
    let receipt: { id: string; doc_no: string };
    try {
      await seedLocation(director, tag, { id: location, name: `Outlet ${tag}`, category: `Outlets ${tag}` });
      await seedSkus(director, { uom: kg, category: `Baking ${tag}`, skus: [{ id: skuId, name: `Flour ${tag}` }] });
      const supplierCategory = await director.ok('POST', '/api/catalog/supplier-categories', {
        category_name: `Dry goods ${tag}`,
      });
      await director.ok('POST', '/api/catalog/suppliers', {
        supplier_id: supplierId,
        company_name: `Mill ${tag}`,
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
      receipt = await receiveWalkIn(director, {
        location,
        supplier: supplierId,
        sku: skuId,
        uom: kg,
        quantity: '10',
        price: '3',
      });
      // The ledger's posting reaches procurement (its on-hand replica) a moment after the receipt.
      await expect(async () => {
        const lines = await director.ok<{ on_hand_qty: string }[]>(
          'GET',
          `/api/procurement/return-notes/receiving-orders/${receipt.id}/lines`,
        );
        expect(lines[0]?.on_hand_qty).toBe('10.000');
      }).toPass({ timeout: 30_000 });
    } finally {
      await director.dispose();
    }

    // The clerk starts from the received RO's page.
    await signInAs(clerk);
    await page.goto(`/procurement/receiving-order/view?id=${receipt.id}`);
    await expect(page.getByTestId('document-no')).toHaveText(receipt.doc_no);
    await page.getByTestId('ro-create-return-note').click();
    await expect(page).toHaveURL(new RegExp(`/procurement/return-note/new\\?receiving_order_id=${receipt.id}`));
    await expect(page.getByTestId('rn-receiving-order')).toContainText(receipt.doc_no);
    const line = page.getByTestId('rn-line-1');
    await expect(line).toContainText(`Flour ${tag}`);
    await expect(page.getByTestId('rn-available-1')).toHaveText('10');
    // No prices without can_see_cost.
    await expect(page.getByTestId('rn-return-list')).not.toContainText(t('return-note:fields.unit_price'));

    // 12 of 10: flagged on the line, and the server refuses it naming the item.
    await page.getByTestId('rn-return-qty-1').fill('12');
    await expect(line).toContainText(t('return-note:overAvailable'));
    await action(page, t('documents:actions.submit')).click();
    await expect(page.getByTestId('form-error')).toContainText(t('return-note:overAvailable'));
    await expect(page.getByTestId('form-error')).toContainText(`Flour ${tag}`);
    await expect(page).toHaveURL(/\/procurement\/return-note\/new/);

    await page.getByTestId('rn-return-qty-1').fill('4');
    await page.getByTestId('rn-reason-1').selectOption('EXPIRED');
    await action(page, t('documents:actions.submit')).click();
    await expect(page).toHaveURL(/\/procurement\/return-note\/view\?id=/);
    const viewUrl = page.url();
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.pending_approval'));
    const docNo = (await page.getByTestId('document-no').innerText()).trim();
    expect(docNo).toMatch(new RegExp(`^GR-${location}-\\d+$`));
    await expect(line).toContainText(t('return-note:reasons.EXPIRED'));
    await expect(page.getByTestId('rn-totals')).toHaveCount(0);
    // The clerk may not approve.
    await expect(action(page, t('documents:actions.approve'))).toHaveCount(0);

    // The director approves it (confirmed): the goods go back, the stock is issued.
    await signInAs(DIRECTOR);
    await page.goto(viewUrl);
    await expect(page.getByTestId('document-no')).toHaveText(docNo);
    await action(page, t('documents:actions.approve')).click();
    await page
      .getByTestId('confirm-dialog')
      .getByRole('button', { name: t('documents:actions.approve') })
      .click();
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.received'));
    // 4 KG at $3.00.
    await expect(page.getByTestId('rn-total')).toContainText('12.00');
    // The ledger's posting comes back through inventory.stock.posted: the page tells once it has.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('rn-stock-state')).toHaveText(t('return-note:stockPosted'), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('document-history')).toContainText(t('documents:history.did.approve'));

    // The list has it under Received.
    await page.goto('/procurement/return-note?status=RECEIVED');
    await page.getByTestId('table-search').fill(docNo);
    await expect(page.getByRole('row').filter({ hasText: docNo })).toContainText(t('kit:status.received'));

    // The overview: 10 − 4 = 6 KG on hand.
    await page.goto('/inventory/overview');
    await page.getByTestId('table-search').fill(skuId);
    const row = page.locator(`[data-row="sku:${skuId}:${location}"]`);
    await expect(row).toHaveCount(1);
    const headers = await page.getByTestId('data-table').locator('thead th').allInnerTexts();
    const onHand = headers.findIndex(
      (text) => text.trim().toUpperCase() === t('inventory:fields.on_hand').toUpperCase(),
    );
    expect(onHand).toBeGreaterThanOrEqual(0);
    await expect(row.locator('td').nth(onHand)).toHaveText('6');
  });
});
