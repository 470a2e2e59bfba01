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
 * Issue 11 "Stock adjustment", in both languages: a SKU received twice (10 KG at $2.50, 5 KG at $3.00), then a clerk
 * writes an adjustment of −12 KG on the document page — Submit is refused until batches are selected, the batch
 * dialog refuses a sum other than 12, the choice 10 + 2 is taken — and the director approves it: the adjustment is
 * APPROVED with its batches and history, and the inventory overview shows 3 KG on hand.
 */
test.describe('stock adjustment', { tag: ['@stock-adjustment'] }, () => {
  test('a negative adjustment with batches selected, approved, reads in the overview', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const location = `SA-${tag}`;
    const skuId = `RICE-${tag}`;
    const kg = `KG-${tag}`;

    const director = await apiSession(baseURL!, DIRECTOR);
    // A stock clerk of the location: SA edit, no approval, no cost.
    const clerk = await createScopedUser({
      tag,
      prefix: 'sa',
      location,
      permissions: [permission('SA', true, true), permission('INVENTORY_OVERVIEW', true)],
      employeeName: 'Adjustment clerk',
      firstAllowedPath: '/inventory/stock-adjustment',
    });
    const clerkApi = await apiSession(baseURL!, clerk);
    try {
      await seedLocation(director, tag, { id: location, name: `Outlet ${tag}`, category: `Outlets ${tag}` });
      await seedSkus(director, {
        uom: kg,
        category: `Grains ${tag}`,
        skus: [{ id: skuId, name: `Jasmine rice ${tag}` }],
      });
      // Two receipts (positive adjustments: the clerk writes and submits, the director approves).
      for (const [quantity, cost] of [
        ['10', '2.5'],
        ['5', '3'],
      ]) {
        await postAdjustment(
          { writer: clerkApi, submitter: clerkApi, approver: director },
          {
            location_id: location,
            remark: 'opening stock',
            lines: [{ item_id: skuId, uom_name: kg, adjustment_quantity: quantity, unit_cost: cost }],
          },
        );
      }
    } finally {
      await director.dispose();
      await clerkApi.dispose();
    }

    // The clerk writes the adjustment: −12 KG, damaged.
    await signInAs(clerk);
    await page.goto('/inventory/stock-adjustment');
    await expect(page.getByRole('heading', { name: t('routes:stockAdjustment') })).toBeVisible();
    await expect(page.getByTestId('status-tabs')).toBeVisible();
    await page.getByTestId('document-create').click();
    await expect(page).toHaveURL('/inventory/stock-adjustment/new');
    // The clerk's one location is chosen already.
    await expect(page.getByTestId('sa-location')).toContainText(location);
    await page.getByTestId('item-picker').fill(skuId);
    await page.getByTestId(`item-option-sku-${skuId}`).click();
    const lines = page.getByTestId('sa-lines');
    await expect(lines.getByTestId('sa-lines-row')).toHaveCount(1);
    // The same SKU cannot be added twice.
    await page.getByTestId('item-picker').fill(skuId);
    await page.getByTestId(`item-option-sku-${skuId}`).click();
    await expect(lines.getByTestId('sa-lines-row')).toHaveCount(1);
    await expect(lines.getByRole('alert')).toBeVisible();
    await page.getByTestId('sa-lines-quantity-0').fill('-12');
    await page.getByTestId('sa-reason-0').click();
    await page.getByRole('option', { name: t('stock-adjustment:reasons.damaged'), exact: true }).click();
    // On hand 15, after the adjustment 3.
    await expect(lines.getByTestId('sa-on-hand')).toHaveText('15');
    await expect(lines.getByTestId('sa-after-adjust')).toHaveText('3');

    // Submit without batches: SPEC §5's message, nothing sent.
    await action(page, t('documents:actions.submit')).click();
    await expect(page.getByTestId('form-error')).toContainText(t('stock-adjustment:messages.batchRequired'));
    await expect(page).toHaveURL('/inventory/stock-adjustment/new');

    // The batches: oldest first, 10 then 2; a sum of 11 is refused.
    await page.getByTestId('sa-batches-0').click();
    const dialog = page.getByTestId('batch-dialog');
    await expect(dialog.getByTestId('batch-row')).toHaveCount(2);
    await expect(dialog.getByTestId('batch-row').nth(0)).toContainText('10');
    await dialog.getByTestId('batch-quantity-0').fill('10');
    await dialog.getByTestId('batch-quantity-1').fill('1');
    await dialog.getByTestId('batch-apply').click();
    await expect(dialog.getByTestId('batch-error')).toHaveText(t('stock-adjustment:messages.batchSum'));
    await dialog.getByTestId('batch-quantity-1').fill('2');
    await dialog.getByTestId('batch-apply').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('sa-batches-0')).toContainText(
      t('stock-adjustment:batches.chosen_other', { count: 2 }),
    );

    await action(page, t('documents:actions.submit')).click();
    await expect(page).toHaveURL(/\/inventory\/stock-adjustment\/view\?id=/);
    const viewUrl = page.url();
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.pending_approval'));
    const docNo = (await page.getByTestId('document-no').innerText()).trim();
    expect(docNo).toMatch(new RegExp(`^SA-${location}-\\d+$`));
    // The clerk may not approve: no such button.
    await expect(action(page, t('documents:actions.approve'))).toHaveCount(0);

    // The director approves it.
    await signInAs(DIRECTOR);
    await page.goto(viewUrl);
    await expect(page.getByTestId('document-no')).toHaveText(docNo);
    await action(page, t('documents:actions.approve')).click();
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.approved'));
    await expect(action(page, t('documents:actions.approve'))).toHaveCount(0);
    const batches = page.getByTestId('sa-batches');
    await expect(batches.locator('li')).toHaveCount(2);
    await expect(batches).toContainText('$2.5000');
    await expect(batches).toContainText('$3.0000');
    // 10 × $2.50 + 2 × $3.00 out.
    await expect(page.getByTestId('sa-negative')).toHaveText('-$31.00');
    const history = page.getByTestId('document-history');
    await expect(history.getByTestId('history-entry').first()).toContainText(t('documents:history.did.approve'));
    await expect(history).toContainText(t('documents:history.did.submit'));

    // The list shows it under Approved.
    await page.goto('/inventory/stock-adjustment?status=APPROVED');
    await page.getByTestId('table-search').fill(docNo);
    await expect(page.getByRole('row').filter({ hasText: docNo })).toContainText(t('kit:status.approved'));

    // The overview: 15 − 12 = 3 KG on hand.
    await page.goto('/inventory/overview');
    await page.getByTestId('table-search').fill(skuId);
    const row = page.locator(`[data-row="sku:${skuId}:${location}"]`);
    await expect(row).toHaveCount(1);
    const headers = await page.getByTestId('data-table').locator('thead th').allInnerTexts();
    const onHand = headers.findIndex(
      (text) => text.trim().toUpperCase() === t('inventory:fields.on_hand').toUpperCase(),
    );
    expect(onHand).toBeGreaterThanOrEqual(0);
    await expect(row.locator('td').nth(onHand)).toHaveText('3');
  });
});
