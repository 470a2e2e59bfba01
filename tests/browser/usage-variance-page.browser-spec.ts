import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
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

/**
 * Issue 14 "Usage variance", in both languages: a SKU received (10 KG at $2.50) and 4 KG of it written off by stock
 * adjustments this month, nothing sold: actual usage 4 KG ($10.00) against a theoretical 0 — a variance of 4 KG and
 * $10.00. The page (Inventory menu) lists it with its figures, charts it, explains the formula, and exports the
 * table as an .xlsx file.
 */
test.describe('usage variance', { tag: ['@usage-variance'] }, () => {
  test('actual against theoretical usage: the table, the chart, the formula and the Excel export', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const location = `UV-${tag}`;
    const skuId = `BASIL-${tag}`;
    const kg = `KG-${tag}`;
    const today = day(new Date());
    const dir = `${SCREENSHOTS_DIR}${testInfo.project.name}`;
    fs.mkdirSync(dir, { recursive: true });

    const director = await apiSession(baseURL!, DIRECTOR);
    const clerk = await createScopedUser({
      tag,
      prefix: 'usage',
      location,
      permissions: [permission('INVENTORY_OVERVIEW', true), permission('SA', true, true)],
      employeeName: 'Kitchen clerk',
      firstAllowedPath: '/inventory/overview',
    });
    const clerkApi = await apiSession(baseURL!, clerk);
    try {
      await seedLocation(director, tag, { id: location, name: `Kitchen ${tag}`, category: `Kitchens ${tag}` });
      await seedSkus(director, { uom: kg, category: `Herbs ${tag}`, skus: [{ id: skuId, name: `Basil ${tag}` }] });
      const adjust = (line: Record<string, unknown>) =>
        postAdjustment(
          { writer: director, submitter: clerkApi, approver: director },
          { location_id: location, value_date: today, lines: [{ item_id: skuId, uom_name: kg, ...line }] },
        );
      await adjust({ adjustment_quantity: '10', unit_cost: '2.5' });
      const stock = await director.ok<{ batches: { batch_id: string }[] }>(
        'GET',
        `/api/inventory/stock/${location}/sku/${skuId}`,
      );
      await adjust({
        adjustment_quantity: '-4',
        reason: 'DAMAGED',
        batches: [{ batch_id: stock.batches[0].batch_id, quantity: '4' }],
      });
    } finally {
      await director.dispose();
      await clerkApi.dispose();
    }

    // From the Inventory menu.
    await signInAs(DIRECTOR);
    await page.goto('/inventory/overview');
    await page
      .getByRole('link', { name: t('routes:usageVariance'), exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/inventory\/usage-variance/);
    await expect(page.getByRole('heading', { name: t('routes:usageVariance') })).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('table-search').fill(skuId);
    const line = page.locator(`[data-row="${skuId}:${location}"]`);
    await expect(line).toHaveCount(1);
    // Opening 0, receipts 10, closing 6 (ledger), actual 4, theoretical 0, variance 4 KG and $10.00.
    await expect(line).toContainText(kg);
    await expect(line).toContainText(t('usage-variance:closingSources.ledger'));
    await expect(line).toContainText('$10.00');
    await expect(page.getByTestId('usage-variance-total-variance')).toHaveText('$10.00');

    // The chart: one bar, the SKU's, titled by value for a director.
    const chart = page.getByTestId('usage-variance-chart');
    await expect(chart).toBeVisible();
    await expect(page.getByTestId('usage-variance-chart-bar')).toHaveCount(1);
    await expect(chart.getByRole('img', { name: t('usage-variance:chart.titleValue', { count: 10 }) })).toBeVisible();
    await expect(page.getByTestId('usage-variance-chart-bar')).toContainText('$10.00');

    // The formula, in the page's language.
    await page.getByTestId('usage-variance-formula').locator('summary').click();
    await expect(page.getByTestId('usage-variance-formula')).toContainText(t('usage-variance:formula.actual'));
    await page.screenshot({ path: `${dir}/usage-variance-1-page.png`, fullPage: true });

    // Export to Excel: an .xlsx (a zip) named after the period.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-excel').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = fs.readFileSync(await download.path());
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');

    // A period ending before it starts is refused on the page, in words.
    await page.getByTestId('usage-variance-from').fill('2099-01-02');
    await page.getByTestId('usage-variance-from').press('Tab');
    await expect(page.getByRole('alert').filter({ hasText: t('usage-variance:period.invalid') })).toBeVisible();
    await page.screenshot({ path: `${dir}/usage-variance-2-invalid-period.png`, fullPage: true });
  });
});
