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

/**
 * A stock clerk of one location who counts (ST edit) and handles adjustments (SA edit) but approves nothing, written
 * into identity's schema like the other browser users.
 */
async function createStockClerk(tag: string, location: string): Promise<TestUser> {
  const user: TestUser = {
    email: `st-${tag}@browser.test`.toLowerCase(),
    username: `st${tag}`.toLowerCase(),
    password: 'Count!Pass1',
    roleName: `stock take clerk ${tag}`,
    firstAllowedPath: '/inventory/stock-take',
  };
  const permissions = [
    { permission: { key: 'ST' }, view: true, edit: true, approval: false },
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
       VALUES ($1, $2, 'Stock take clerk', $3, $4, $5, $6, 'Active', $7)`,
      [randomUUID(), `T${tag}`, user.email, user.username, await hashPassword(user.password), roleId, [location]],
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
 * Issue 11 "Stock take", in both languages: two SKUs with stock (20 KG and 8 KG); a clerk creates a stock take of them
 * on the page, counts one (Submit is refused: "Count the discrepancy before submitting"), then both (18 and 8), and
 * submits: the stock take is PENDING SA with its adjustment of the discrepancy (−2, due to stock take). The clerk
 * discards that adjustment: the stock take returns to RECOUNT without it. Counted again (17) and resubmitted, its new
 * adjustment (−3) is approved by the director and the stock take is COMPLETED.
 */
test.describe('stock take', { tag: ['@stock-take'] }, () => {
  test('counted, submitted, its adjustment discarded (recount), resubmitted and approved (completed)', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const location = `ST-${tag}`;
    const flour = `FLOUR-${tag}`;
    const sugar = `SUGAR-${tag}`;
    const kg = `KG-${tag}`;

    const director = await session(baseURL!, DIRECTOR);
    const clerk = await createStockClerk(tag, location);
    const clerkApi = await session(baseURL!, clerk);
    try {
      const region = await director.ok('POST', '/api/catalog/regions', { region_name: `Region ${tag}` });
      const category = await director.ok('POST', '/api/catalog/location-categories', {
        category_name: `Kitchens ${tag}`,
        sub_categories: [],
      });
      await director.ok('POST', '/api/catalog/locations', {
        location_id: location,
        location_name: `Kitchen ${tag}`,
        is_operating: true,
        category_id: category.category_id,
        sub_category_id: null,
        region_id: region.region_id,
        address: '3 Count Road',
        country: 'Singapore',
        postal_code: '600013',
        contact_person: [],
        remark: '',
      });
      await director.ok('POST', '/api/catalog/uoms', { uom_name: kg, secondary_uom: 'SACK', uom_per_primary: '25' });
      const skuCategory = await director.ok('POST', '/api/catalog/sku-categories', { category_name: `Baking ${tag}` });
      for (const [skuId, name] of [
        [flour, `Flour ${tag}`],
        [sugar, `Sugar ${tag}`],
      ]) {
        await director.ok('POST', '/api/catalog/skus', {
          sku_id: skuId,
          name,
          display_name: name,
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
      }
      // The stock: 20 KG of flour, 8 KG of sugar (the clerk submits, the director approves), once the ledger knows them.
      let draft: { id: string; revision: number } | undefined;
      await expect(async () => {
        const created = await clerkApi.call('POST', '/api/inventory/stock-adjustments', {
          location_id: location,
          value_date: day(new Date()),
          remark: 'opening stock',
          lines: [
            {
              item_type: 'sku',
              item_id: flour,
              uom_name: kg,
              adjustment_quantity: '20',
              reason: 'OTHERS',
              unit_cost: '1.5',
            },
            {
              item_type: 'sku',
              item_id: sugar,
              uom_name: kg,
              adjustment_quantity: '8',
              reason: 'OTHERS',
              unit_cost: '2',
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
    } finally {
      await director.dispose();
      await clerkApi.dispose();
    }

    // The clerk creates the stock take: nothing chosen is refused, then both SKUs.
    await signInAs(clerk);
    await page.goto('/inventory/stock-take');
    await expect(page.getByRole('heading', { name: t('routes:stockTake') })).toBeVisible();
    await page.getByTestId('document-create').click();
    await expect(page).toHaveURL('/inventory/stock-take/new');
    await expect(page.getByTestId('st-location')).toContainText(location);
    const create = page.getByRole('button', { name: t('stock-take:createAction') });
    await create.click();
    await expect(page.getByTestId('form-error')).toHaveText(t('stock-take:messages.noItems'));
    for (const skuId of [flour, sugar]) {
      await page.getByTestId('item-picker').fill(skuId);
      await page.getByTestId(`item-option-sku-${skuId}`).click();
    }
    await expect(page.getByTestId('st-items-row')).toHaveCount(2);
    await create.click();

    // The counting sheet: one count is not enough to submit.
    await expect(page).toHaveURL(/\/inventory\/stock-take\/edit\?id=/);
    const sheetUrl = page.url().replace('/edit?', '/view?');
    const docNo = (await page.getByTestId('document-no').innerText()).trim();
    expect(docNo).toMatch(new RegExp(`^ST-${location}-\\d+$`));
    const rows = page.getByTestId('st-lines-row');
    await expect(rows).toHaveCount(2);
    const flourRow = page.locator(`[data-testid="st-lines-row"][data-item="${flour}"]`);
    const sugarRow = page.locator(`[data-testid="st-lines-row"][data-item="${sugar}"]`);
    await expect(flourRow.getByTestId('st-system')).toHaveText('20');
    await flourRow.getByRole('textbox', { name: t('stock-take:fields.counted_quantity') }).fill('18');
    await expect(flourRow.getByTestId('st-discrepancy')).toHaveText('-2');
    await action(page, t('documents:actions.submit')).click();
    await expect(page.getByTestId('form-error')).toContainText(t('stock-take:messages.uncounted_one', { count: 1 }));
    await sugarRow.getByRole('textbox', { name: t('stock-take:fields.counted_quantity') }).fill('8');
    await expect(sugarRow.getByTestId('st-discrepancy')).toHaveText('0');
    await action(page, t('documents:actions.submit')).click();

    // PENDING SA, with the adjustment of the discrepancy.
    await expect(page).toHaveURL(sheetUrl);
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.pending_sa'));
    const link = page.getByTestId('st-adjustment-link').first();
    await expect(link).toHaveText(new RegExp(`^SA-${location}-\\d+$`));
    const firstAdjustment = (await link.innerText()).trim();
    await link.click();
    await expect(page).toHaveURL(/\/inventory\/stock-adjustment\/view\?id=/);
    await expect(page.getByTestId('document-no')).toHaveText(firstAdjustment);
    await expect(page.getByTestId('sa-source-link')).toHaveText(docNo);
    await expect(page.getByTestId('sa-lines-row')).toHaveCount(1);
    await expect(page.getByTestId('sa-lines-row')).toContainText(flour);
    await expect(page.getByTestId('sa-lines-row')).toContainText(t('stock-adjustment:reasons.due_to_stock_take'));
    await expect(page.getByTestId('sa-lines-quantity-0')).toHaveText('-2');

    // The clerk discards it (confirmed): the stock take returns to RECOUNT, unlinked.
    await action(page, t('documents:actions.discard')).click();
    await page
      .getByTestId('confirm-dialog')
      .getByRole('button', { name: t('documents:actions.discard') })
      .click();
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.discarded'));
    await page.getByTestId('sa-source-link').click();
    await expect(page).toHaveURL(sheetUrl);
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.recount'));
    await expect(page.getByTestId('st-recount')).toHaveText(t('stock-take:recountNote'));
    await expect(page.getByTestId('st-adjustment')).not.toContainText(firstAdjustment);

    // Counted again and resubmitted: a new adjustment of −3.
    await page.getByTestId('form-edit').click();
    await flourRow.getByRole('textbox', { name: t('stock-take:fields.counted_quantity') }).fill('17');
    await expect(flourRow.getByTestId('st-discrepancy')).toHaveText('-3');
    await action(page, t('documents:actions.submit')).click();
    await expect(page).toHaveURL(sheetUrl);
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.pending_sa'));
    const second = page.getByTestId('st-adjustment-link').first();
    await expect(second).not.toHaveText(firstAdjustment);
    await second.click();
    await expect(page.getByTestId('sa-lines-quantity-0')).toHaveText('-3');
    const adjustmentUrl = page.url();

    // The director approves it: the stock take is COMPLETED, still linked to it.
    await signInAs(DIRECTOR);
    await page.goto(adjustmentUrl);
    await action(page, t('documents:actions.approve')).click();
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.approved'));
    await page.getByTestId('sa-source-link').click();
    await expect(page).toHaveURL(sheetUrl);
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.completed'));
    await expect(page.getByTestId('st-adjustment-link')).toBeVisible();
    await expect(action(page, t('documents:actions.submit'))).toHaveCount(0);
    await expect(page.getByTestId('document-history')).toContainText(t('documents:history.did.recount'));

    // The list: under Completed.
    await page.goto('/inventory/stock-take?status=COMPLETED');
    await page.getByTestId('table-search').fill(docNo);
    await expect(page.getByRole('row').filter({ hasText: docNo })).toContainText(t('kit:status.completed'));
  });
});
