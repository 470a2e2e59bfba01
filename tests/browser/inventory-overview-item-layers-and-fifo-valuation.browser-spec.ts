import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect as expectApi, request } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { hashPassword } from '../../services/identity/src/auth/password-hasher.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';
import type { TestUser } from './fixtures/users.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** An API session of one user (the CSRF token echoed on every call); answers status and envelope. */
async function session(baseURL: string, user: TestUser) {
  const http: APIRequestContext = await request.newContext({ baseURL });
  const signIn = await http.post('/api/login', { data: { username: user.username, password: user.password } });
  expectApi(signIn.status(), `sign-in of ${user.username}`).toBe(200);
  const csrf = (await http.storageState()).cookies.find((cookie) => cookie.name === 'scm_csrf')?.value ?? '';
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => {
    const response = await http.fetch(url, {
      method,
      data,
      headers: { 'x-csrf-token': csrf, 'idempotency-key': randomUUID() },
    });
    const text = await response.text();
    return { status: response.status(), text, body: JSON.parse(text) as { data: Record<string, unknown> } };
  };
  /** Expects 200 or 201 and answers the envelope's data. */
  const ok = async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => {
    const result = await call(method, url, data);
    expectApi([200, 201], `${method} ${url}: ${result.text}`).toContain(result.status);
    return result.body.data as T;
  };
  return { call, ok, dispose: () => http.dispose() };
}

/**
 * A stock clerk of one location written straight into identity's schema (as the other browser users): edits stock
 * adjustments and reads the overview, without can_see_cost — the server sends them no cost field.
 */
async function createStockClerk(tag: string, location: string): Promise<TestUser> {
  const user: TestUser = {
    email: `stock-${tag}@browser.test`.toLowerCase(),
    username: `stock${tag}`.toLowerCase(),
    password: 'St0ck!Password',
    roleName: `stock clerk ${tag}`,
    firstAllowedPath: '/inventory/overview',
  };
  const permissions = [
    { permission: { key: 'INVENTORY_OVERVIEW' }, view: true, edit: false, approval: false },
    { permission: { key: 'SA' }, view: true, edit: true, approval: false },
  ];
  const client = new pg.Client({ connectionString: process.env.SCM_BROWSER_DATABASE_URL });
  await client.connect();
  try {
    const roleId = randomUUID();
    await client.query(
      `INSERT INTO identity.role (role_id, role_name, permission_list, can_see_cost, approval_limit)
       VALUES ($1, $2, $3::jsonb, false, 0)`,
      [roleId, user.roleName, JSON.stringify(permissions)],
    );
    await client.query(
      `INSERT INTO identity.app_user (user_id, employee_code, employee_name, email, username, password_hash, role_id, status, location_list)
       VALUES ($1, $2, 'Stock clerk', $3, $4, $5, $6, 'Active', $7)`,
      [randomUUID(), `S${tag}`, user.email, user.username, await hashPassword(user.password), roleId, [location]],
    );
  } finally {
    await client.end();
  }
  return user;
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

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
    const director = await session(baseURL!, DIRECTOR);
    const clerk = await createStockClerk(tag, location);
    const clerkApi = await session(baseURL!, clerk);
    const adjustments: string[] = [];
    try {
      const region = await director.ok('POST', '/api/catalog/regions', { region_name: `Region ${tag}` });
      const category = await director.ok('POST', '/api/catalog/location-categories', {
        category_name: `Stores ${tag}`,
        sub_categories: [],
      });
      await director.ok('POST', '/api/catalog/locations', {
        location_id: location,
        location_name: `Store ${tag}`,
        is_operating: true,
        category_id: category.category_id,
        sub_category_id: null,
        region_id: region.region_id,
        address: '1 Ledger Road',
        country: 'Singapore',
        postal_code: '600011',
        contact_person: [],
        remark: '',
      });
      await director.ok('POST', '/api/catalog/uoms', { uom_name: kg, secondary_uom: 'SACK', uom_per_primary: '20' });
      const skuCategory = await director.ok('POST', '/api/catalog/sku-categories', { category_name: `Spices ${tag}` });
      await director.ok('POST', '/api/catalog/skus', {
        sku_id: skuId,
        name: `Sea salt ${tag}`,
        display_name: `Sea salt ${tag}`,
        category_id: skuCategory.category_id,
        primary_uom_name: kg,
        purchasing_uom_name: kg,
        receiving_uom_name: kg,
        counting_uom_name: kg,
        uom_list: [{ uom_name: kg, factor: '1' }],
        supplier_list: [],
        default_supplier_id: null,
        threshold: '20',
        is_inventorise: true,
        default_wastage_percentage: '0',
      });

      /** An adjustment made by the director, submitted by the clerk and approved by the director: it posts. */
      const adjust = async (line: Record<string, unknown>) => {
        const body = {
          location_id: location,
          value_date: today,
          remark: '',
          lines: [{ item_type: 'sku', item_id: skuId, uom_name: kg, reason: 'OTHERS', remark: '', ...line }],
        };
        // The ledger learns the SKU and the location from catalog's events: retry until it knows them.
        let draft: { id: string; revision: number } | undefined;
        await expect(async () => {
          const created = await director.call('POST', '/api/inventory/stock-adjustments', body);
          expect(created.status, created.text).toBe(201);
          draft = created.body.data as unknown as { id: string; revision: number };
        }).toPass({ timeout: 30_000 });
        const submitted = await clerkApi.ok<{ revision: number }>(
          'POST',
          `/api/inventory/stock-adjustments/${draft!.id}/submit`,
          { revision: draft!.revision },
        );
        const approved = await director.ok<{ status: string }>(
          'POST',
          `/api/inventory/stock-adjustments/${draft!.id}/approve`,
          { revision: submitted.revision },
        );
        expect(approved.status).toBe('APPROVED');
        adjustments.push(draft!.id);
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
