import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  apiSession,
  createScopedUser,
  localDay as day,
  permission,
  postAdjustment,
  seedLocation,
  seedSkus,
} from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** A table row by its key (`item_type:item_id:location_id`), as the tables mark their rows. */
const row = (page: Page, key: string) => page.locator(`[data-row="${key}"]`);

/** The index of a column by its header text (headers show upper-cased). */
async function columnIndex(table: ReturnType<Page['getByTestId']>, header: string): Promise<number> {
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => text.trim().toUpperCase() === header.toUpperCase());
  expect(index, `column "${header}" among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

/**
 * Issue 11 "Inventory overview" and "/fifo", in both languages: a SKU received twice at different costs and issued
 * from its older layer by stock adjustments (made by the director, submitted by a clerk, approved by the director:
 * the ledger's one posting path), then
 * - the overview shows its quantities, and its value and average cost in the VALUE view;
 * - the item view shows its balance, its two open layers and its three movements with the running balance and value,
 *   each linked to its adjustment;
 * - the clerk, whose role cannot see costs, gets neither the VALUE view nor any value (not even in the answer);
 * - the director's /fifo values it as of today (and shows nothing the day before), with its layers.
 */
test.describe('inventory overview and FIFO valuation', { tag: ['@inventory-overview'] }, () => {
  test('stock posted by adjustments reads in the overview, the item view and the valuation', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    // Seeding through three approved adjustments and four pages: generous on a shared 2-core machine.
    test.setTimeout(240_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const location = `INV-${tag}`;
    const skuId = `SALT-${tag}`;
    const kg = `KG-${tag}`;
    const key = `sku:${skuId}:${location}`;
    const today = day(new Date());
    const yesterday = day(new Date(Date.now() - 86_400_000));
    const dir = `${SCREENSHOTS_DIR}${testInfo.project.name}`;
    fs.mkdirSync(dir, { recursive: true });

    // Master data through the catalog's API.
    const director = await apiSession(baseURL!, DIRECTOR);
    // A stock clerk of the location: edits adjustments and reads the overview, without can_see_cost (the server
    // sends them no cost field).
    const clerk = await createScopedUser({
      tag,
      prefix: 'stock',
      location,
      permissions: [permission('INVENTORY_OVERVIEW', true), permission('SA', true, true)],
      employeeName: 'Stock clerk',
      firstAllowedPath: '/inventory/overview',
    });
    const clerkApi = await apiSession(baseURL!, clerk);
    const adjustments: string[] = [];
    try {
      await seedLocation(director, tag, { id: location, name: `Store ${tag}`, category: `Stores ${tag}` });
      await seedSkus(director, {
        uom: kg,
        perSack: '20',
        category: `Spices ${tag}`,
        skus: [{ id: skuId, name: `Sea salt ${tag}`, threshold: '20' }],
      });

      /** An adjustment made by the director, submitted by the clerk and approved by the director: it posts. */
      const adjust = async (line: Record<string, unknown>) => {
        adjustments.push(
          await postAdjustment(
            { writer: director, submitter: clerkApi, approver: director },
            { location_id: location, value_date: today, lines: [{ item_id: skuId, uom_name: kg, ...line }] },
          ),
        );
      };
      // 10 KG at $2.50, then 5 KG at $3.00; then 4 KG out of the first layer (named, as an adjustment must).
      await adjust({ adjustment_quantity: '10', unit_cost: '2.5' });
      await adjust({ adjustment_quantity: '5', unit_cost: '3' });
      const stock = await director.ok<{ batches: { batch_id: string; remaining_quantity: string }[] }>(
        'GET',
        `/api/inventory/stock/${location}/sku/${skuId}`,
      );
      expect(stock.batches.map((batch) => Number(batch.remaining_quantity))).toEqual([10, 5]);
      await adjust({ adjustment_quantity: '-4', batches: [{ batch_id: stock.batches[0].batch_id, quantity: '4' }] });
    } finally {
      await director.dispose();
      await clerkApi.dispose();
    }

    // The overview: 11 KG on hand, below the threshold of 20; VALUE: $30.00 at $2.7273 (30 / 11).
    await signInAs(DIRECTOR);
    await page.goto('/inventory/overview');
    await expect(page.getByRole('heading', { name: t('routes:inventoryOverview') })).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('table-search').fill(skuId);
    const line = row(page, key);
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(kg);
    await expect(line).toContainText(t('inventory:flag.below'));
    const onHand = await columnIndex(page.getByTestId('data-table'), t('inventory:fields.on_hand'));
    await expect(line.locator('td').nth(onHand)).toHaveText('11');
    await expect(page.getByRole('columnheader', { name: t('inventory:fields.reserved'), exact: true })).toBeVisible();
    await page.screenshot({ path: `${dir}/inventory-1-overview-quantity.png`, fullPage: true });
    await page.getByTestId('stock-view-VALUE').click();
    await expect(page).toHaveURL(/view=VALUE/);
    await expect(page.getByRole('columnheader', { name: t('inventory:fields.average_cost') })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: t('inventory:fields.reserved'), exact: true })).toHaveCount(0);
    await expect(line).toContainText('$2.7273');
    await expect(line).toContainText('$30.00');
    await page.screenshot({ path: `${dir}/inventory-2-overview-value.png`, fullPage: true });
    await page.getByTestId('stock-view-QUANTITY').click();
    await expect(page.getByRole('columnheader', { name: t('inventory:fields.stock_value'), exact: true })).toHaveCount(
      0,
    );

    // The stock-level filter: below its threshold it is listed, out of stock it is not.
    await page.getByTestId('toggle-filters').click();
    for (const [level, count] of [
      ['out_of_stock', 0],
      ['below_threshold', 1],
    ] as const) {
      await page.getByTestId('filter-level').click();
      await page.getByRole('option', { name: t(`inventory:levels.${level}`), exact: true }).click();
      await expect(row(page, key)).toHaveCount(count);
    }
    await page
      .getByRole('button', { name: t('kit:table.clearFilters') })
      .first()
      .click();
    await page.getByTestId('table-search').fill(skuId);

    // The item view: its balance, its two open layers (6 left of the first), its movements newest first.
    await line.getByRole('link', { name: skuId }).click();
    await expect(page).toHaveURL(new RegExp(`/inventory/overview/view\\?item_type=sku&item_id=${skuId}$`));
    await expect(page.getByTestId('item-heading')).toContainText(`Sea salt ${tag}`);
    await expect(page.getByTestId('item-threshold')).toHaveText(`20 ${kg}`);
    await expect(page.getByTestId('item-balances').locator(`[data-row="${location}"]`)).toContainText('$30.00');
    const layers = page.getByTestId('item-layers').locator('tbody tr');
    await expect(layers).toHaveCount(2);
    for (const [index, remaining, cost, value] of [
      [0, '6', '$2.5000', '$15.00'],
      [1, '5', '$3.0000', '$15.00'],
    ] as const) {
      await expect(layers.nth(index)).toContainText(remaining);
      await expect(layers.nth(index)).toContainText(cost);
      await expect(layers.nth(index)).toContainText(value);
    }
    const movements = page.getByTestId('item-movements').locator('tbody tr');
    await expect(movements).toHaveCount(3);
    const balanceColumn = await columnIndex(page.getByTestId('item-movements'), t('inventory:fields.running_balance'));
    for (const [index, quantity, balance, value] of [
      [0, '-4', '11', '$30.00'],
      [1, '+5', '15', '$40.00'],
      [2, '+10', '10', '$25.00'],
    ] as const) {
      await expect(movements.nth(index)).toContainText(quantity);
      await expect(movements.nth(index).locator('td').nth(balanceColumn)).toHaveText(balance);
      await expect(movements.nth(index)).toContainText(value);
    }
    await expect(movements.nth(0).getByTestId('document-link')).toHaveAttribute(
      'href',
      `/inventory/stock-adjustment/view?id=${adjustments[2]}`,
    );
    await page.screenshot({ path: `${dir}/inventory-3-item-view.png`, fullPage: true });

    // The movements' value-date range (SPEC.md §9 shortcuts): yesterday holds none of them, today all three.
    const history = page.getByTestId('item-movements');
    await history.getByTestId('toggle-filters').click();
    for (const [shortcut, count] of [
      ['yesterday', 0],
      ['today', 3],
    ] as const) {
      await history.getByRole('button', { name: new RegExp(`^${t('inventory:fields.value_date')}:`) }).click();
      await page.getByRole('button', { name: t(`kit:dateShortcuts.${shortcut}`), exact: true }).click();
      if (count === 0) await expect(history.getByTestId('table-empty')).toBeVisible();
      else await expect(history.locator('tbody tr[data-row]')).toHaveCount(count);
    }
    await history
      .getByRole('button', { name: t('kit:table.clearFilters') })
      .first()
      .click();

    // /fifo, the director's: as of today 11 KG worth $30.00 in 2 layers; the day before, nothing.
    await page.goto('/fifo');
    await expect(page.getByRole('heading', { name: t('routes:fifo') })).toBeVisible();
    await page.getByTestId('table-search').fill(skuId);
    const valued = row(page, key);
    await expect(valued).toContainText('11');
    await expect(valued).toContainText('$30.00');
    await expect(valued.locator('td').last()).toHaveText('2');
    await expect(page.getByTestId('fifo-total-value')).toHaveText('$30.00');
    await valued.getByRole('button', { name: skuId }).click();
    await expect(page).toHaveURL(new RegExp(`item_id=${skuId}&location_id=${location}`));
    const layersPanel = page.getByTestId('fifo-layers');
    await expect(layersPanel.locator('tbody tr')).toHaveCount(2);
    await expect(layersPanel).toContainText('$2.5000');
    await expect(layersPanel).toContainText('$3.0000');
    await page.screenshot({ path: `${dir}/inventory-4-fifo-layers.png`, fullPage: true });
    await layersPanel.getByRole('button', { name: t('inventory:fifo.close') }).click();
    await expect(layersPanel).toHaveCount(0);
    await page.screenshot({ path: `${dir}/inventory-5-fifo.png`, fullPage: true });
    await page.goto(`/fifo?as_of=${yesterday}`);
    await page.getByTestId('table-search').fill(skuId);
    await expect(page.getByTestId('table-empty')).toBeVisible();
    await expect(row(page, key)).toHaveCount(0);

    // The clerk cannot see costs: no VALUE view, no value column, and no cost field in the answer either.
    await signInAs(clerk);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/inventory/overview/list'));
    await page.goto('/inventory/overview');
    const rows = ((await (await answered).json()) as { data: Record<string, unknown>[] }).data;
    for (const answer of rows) {
      expect(answer).not.toHaveProperty('stock_value');
      expect(answer).not.toHaveProperty('average_cost');
    }
    await page.getByTestId('table-search').fill(skuId);
    await expect(row(page, key)).toContainText(kg);
    await expect(page.getByTestId('stock-view-switch')).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: t('inventory:fields.stock_value'), exact: true })).toHaveCount(
      0,
    );
    await expect(page.getByRole('columnheader', { name: t('inventory:fields.average_cost') })).toHaveCount(0);
    await page.goto(`/inventory/overview/view?item_type=sku&item_id=${skuId}`);
    await expect(page.getByTestId('item-layers').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('item-layers')).not.toContainText('$');
    await expect(page.getByTestId('item-movements').locator('tbody tr')).toHaveCount(3);
    await expect(page.getByTestId('item-movements')).not.toContainText('$');
    await page.screenshot({ path: `${dir}/inventory-6-item-view-without-cost.png`, fullPage: true });
  });

  test('the period lock date is set and removed in Settings', async ({ page, t, signInAs }, testInfo) => {
    await signInAs(DIRECTOR);
    await page.goto('/settings');
    await page.getByTestId('settings-tab-inventory').click();
    await expect(page.getByText(t('inventory:settings.sectionHelp'))).toBeVisible();
    const dir = `${SCREENSHOTS_DIR}${testInfo.project.name}`;
    fs.mkdirSync(dir, { recursive: true });
    // Both languages share one product: only one of them changes the lock (an old date, so no posting is refused).
    if (testInfo.project.name !== 'en') {
      await page.screenshot({ path: `${dir}/inventory-7-settings-period-lock.png`, fullPage: true });
      return;
    }
    const field = page.getByLabel(t('inventory:settings.periodLockDate'));
    await field.fill('2000-01-31');
    await page.getByRole('button', { name: t('inventory:settings.save'), exact: true }).click();
    await expect(page.getByTestId('period-lock-status')).toContainText(
      t('inventory:settings.lockedUntil', { date: '2000-01-31' }),
    );
    await page.screenshot({ path: `${dir}/inventory-7-settings-period-lock.png`, fullPage: true });
    await page.getByRole('button', { name: t('inventory:settings.unlock') }).click();
    await expect(page.getByTestId('period-lock-status')).toContainText(t('inventory:settings.nothingLocked'));
    await expect(field).toHaveValue('');
  });
});
