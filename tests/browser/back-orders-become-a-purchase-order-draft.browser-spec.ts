import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { apiSession, seedLocation, seedSkus } from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/**
 * Opens back orders in inventory's ledger tables as a posting that allowed negative stock leaves them (no screen
 * makes such a posting yet: sales upload, the document type that sells below zero, comes with its own issue).
 */
async function openBackOrders(
  location: string,
  shortfalls: { sku: string; quantity: string }[],
  tag: string,
): Promise<string[]> {
  const databaseUrl = process.env.SCM_BROWSER_DATABASE_URL;
  if (!databaseUrl) throw new Error('SCM_BROWSER_DATABASE_URL is not set: run through playwright.config.ts');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const postingId = randomUUID();
    await client.query(
      `INSERT INTO inventory.stock_posting (posting_id, document_type, document_id, revision, document_no, value_date,
         request_hash, actor_id, actor_name)
       VALUES ($1, 'SU', $2, 1, $3, current_date, 'browser-test', NULL, 'Sales upload')`,
      [postingId, randomUUID(), `SU-${tag}`],
    );
    const numbers: string[] = [];
    for (const [index, shortfall] of shortfalls.entries()) {
      const boNo = `BO-${tag}-${index + 1}`;
      await client.query(
        `INSERT INTO inventory.back_order (back_order_id, bo_no, status, item_type, item_id, location_id,
           initial_quantity, current_quantity, document_type, document_id, document_no, line_no, posting_id)
         VALUES ($1, $2, 'OPEN', 'sku', $3, $4, $5, $5, 'SU', $6, $7, $8, $9)`,
        [
          randomUUID(),
          boNo,
          shortfall.sku,
          location,
          `-${shortfall.quantity}`,
          postingId,
          `SU-${tag}`,
          index + 1,
          postingId,
        ],
      );
      numbers.push(boNo);
    }
    return numbers;
  } finally {
    await client.end();
  }
}

/**
 * Back orders → purchase order draft (issue 12): open back orders of one location are selected on the back-order
 * list and become a new PO at that location with one line per SKU (the quantities still short added up), named in
 * its internal remark, for a buyer to choose the supplier and save.
 */
test.describe('back orders become a purchase order draft', () => {
  test('selected back orders of one location open a PO draft with their SKUs and quantities', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name === 'en' ? 'E' : 'Z'}${randomBytes(2).toString('hex').toUpperCase()}`;
    const location = { id: `BOP-${tag}`, name: `Back order outlet ${tag}`, category: `BOP category ${tag}` };
    const director = await apiSession(baseURL!, DIRECTOR);
    try {
      await seedLocation(director, tag, location);
      await seedSkus(director, {
        uom: `BKG${tag}`,
        category: `BOP SKUs ${tag}`,
        skus: [
          { id: `BOP-RICE-${tag}`, name: `Rice ${tag}` },
          { id: `BOP-OIL-${tag}`, name: `Oil ${tag}` },
        ],
      });
    } finally {
      await director.dispose();
    }
    const numbers = await openBackOrders(
      location.id,
      [
        { sku: `BOP-RICE-${tag}`, quantity: '2.500' },
        { sku: `BOP-OIL-${tag}`, quantity: '4.000' },
        { sku: `BOP-RICE-${tag}`, quantity: '1.250' },
      ],
      tag,
    );

    await signInAs(DIRECTOR);
    await page.goto('/inventory/back-order');
    for (const number of numbers) {
      const select = page.getByTestId(`bo-select-${number}`);
      await expect(select).toBeVisible();
      await select.check();
    }
    await page.getByTestId('bo-create-po').click();

    await expect(page).toHaveURL(/\/procurement\/purchase-order\/new/);
    await expect(page.getByTestId('po-location')).toContainText(location.name);
    const rows = page.getByTestId('po-lines-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`Rice ${tag}`);
    await expect(page.getByTestId('po-lines-quantity-0')).toHaveValue('3.75');
    await expect(rows.nth(1)).toContainText(`Oil ${tag}`);
    await expect(page.getByTestId('po-lines-quantity-1')).toHaveValue('4');
    await expect(page.getByLabel(t('purchase-order:fields.internal_remark'))).toHaveValue(
      t('purchase-order:fromBackOrders.remark', { numbers: numbers.join(', ') }),
    );
  });
});
