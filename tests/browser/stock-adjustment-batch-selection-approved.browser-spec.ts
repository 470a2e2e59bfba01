import { randomBytes, randomUUID } from 'node:crypto';
import { expect as expectApi, request } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { hashPassword } from '../../services/identity/src/auth/password-hasher.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';
import type { TestUser } from './fixtures/users.ts';

/** An API session of one user (the CSRF token echoed on every call, a fresh Idempotency-Key each). */
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
    return { status: response.status(), text, data: (JSON.parse(text) as { data: unknown }).data };
  };
  const ok = async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) => {
    const result = await call(method, url, data);
    expectApi([200, 201], `${method} ${url}: ${result.text}`).toContain(result.status);
    return result.data as T;
  };
  return { call, ok, dispose: () => http.dispose() };
}

/** A stock clerk of one location (SA edit, no approval, no cost), written into identity's schema like the others. */
async function createStockClerk(tag: string, location: string): Promise<TestUser> {
  const user: TestUser = {
    email: `sa-${tag}@browser.test`.toLowerCase(),
    username: `sa${tag}`.toLowerCase(),
    password: 'Adjust!Pass1',
    roleName: `adjustment clerk ${tag}`,
    firstAllowedPath: '/inventory/stock-adjustment',
  };
  const permissions = [
    { permission: { key: 'SA' }, view: true, edit: true, approval: false },
    { permission: { key: 'INVENTORY_OVERVIEW' }, view: true, edit: false, approval: false },
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
       VALUES ($1, $2, 'Adjustment clerk', $3, $4, $5, $6, 'Active', $7)`,
      [randomUUID(), `A${tag}`, user.email, user.username, await hashPassword(user.password), roleId, [location]],
    );
  } finally {
    await client.end();
  }
  return user;
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The document page's action button by its translated label. */
const action = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });

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

    const director = await session(baseURL!, DIRECTOR);
    const clerk = await createStockClerk(tag, location);
    const clerkApi = await session(baseURL!, clerk);
    try {
      const region = await director.ok('POST', '/api/catalog/regions', { region_name: `Region ${tag}` });
      const category = await director.ok('POST', '/api/catalog/location-categories', {
        category_name: `Outlets ${tag}`,
        sub_categories: [],
      });
      await director.ok('POST', '/api/catalog/locations', {
        location_id: location,
        location_name: `Outlet ${tag}`,
        is_operating: true,
        category_id: category.category_id,
        sub_category_id: null,
        region_id: region.region_id,
        address: '2 Adjustment Road',
        country: 'Singapore',
        postal_code: '600012',
        contact_person: [],
        remark: '',
      });
      await director.ok('POST', '/api/catalog/uoms', { uom_name: kg, secondary_uom: 'SACK', uom_per_primary: '25' });
      const skuCategory = await director.ok('POST', '/api/catalog/sku-categories', { category_name: `Grains ${tag}` });
      await director.ok('POST', '/api/catalog/skus', {
        sku_id: skuId,
        name: `Jasmine rice ${tag}`,
        display_name: `Jasmine rice ${tag}`,
        category_id: skuCategory.category_id,
        primary_uom_name: kg,
        purchasing_uom_name: kg,
        receiving_uom_name: kg,
        counting_uom_name: kg,
        uom_list: [{ uom_name: kg, factor: '1' }],
        supplier_list: [],
        default_supplier_id: null,
        threshold: '1',
        is_inventorise: true,
        default_wastage_percentage: '0',
      });
      // Two receipts (positive adjustments: the clerk submits, the director approves), once the ledger knows the SKU.
      for (const [quantity, cost] of [
        ['10', '2.5'],
        ['5', '3'],
      ]) {
        let draft: { id: string; revision: number } | undefined;
        await expect(async () => {
          const created = await clerkApi.call('POST', '/api/inventory/stock-adjustments', {
            location_id: location,
            value_date: day(new Date()),
            remark: 'opening stock',
            lines: [
              {
                item_type: 'sku',
                item_id: skuId,
                uom_name: kg,
                adjustment_quantity: quantity,
                reason: 'OTHERS',
                unit_cost: cost,
              },
            ],
          });
          expect(created.status, created.text).toBe(201);
          draft = created.data as { id: string; revision: number };
        }).toPass({ timeout: 30_000 });
        const submitted = await clerkApi.ok<{ revision: number }>(
          'POST',
          `/api/inventory/stock-adjustments/${draft!.id}/submit`,
          { revision: draft!.revision },
        );
        await director.ok('POST', `/api/inventory/stock-adjustments/${draft!.id}/approve`, {
          revision: submitted.revision,
        });
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
