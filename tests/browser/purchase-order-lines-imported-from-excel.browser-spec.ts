import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { Translate } from './fixtures/catalog.ts';
import type { ApiSession } from './fixtures/stock.ts';
import { apiSession, createScopedUser, permission, seedLocation, seedSkus } from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A lines file with the headers as the template names them in the page's language. */
async function linesFile(t: Translate, rows: (string | null)[][]): Promise<Buffer> {
  const header = [
    t('purchase-order:import.columns.sku_id'),
    t('purchase-order:import.columns.uom_name'),
    t('purchase-order:fields.quantity'),
    t('purchase-order:fields.unit_price'),
  ];
  return writeXlsxFile(
    [header, ...rows].map((cells) => cells.map((value) => (value === null ? null : { value, type: String }))),
  ).toBuffer();
}

/** Waits until procurement's SKU replica has the SKUs (catalog's events reach it a moment after the calls). */
async function skusReplicated(director: ApiSession, tag: string, count: number): Promise<void> {
  await expect(async () => {
    const found = await director.ok<unknown[]>('POST', '/api/procurement/purchase-orders/skus', { search: tag });
    expect(found).toHaveLength(count);
  }).toPass({ timeout: 30_000 });
}

/**
 * PO lines from Excel, in both languages: on a new purchase order "Import lines" offers the template in the page's
 * language; a file with bad rows shows each problem by row and column and leaves the grid as it was; a good file's
 * lines are shown, then added; a second file naming a SKU and unit already on the order adds to its quantity.
 * And a receiving clerk without PO rights opens a receiving order's page, and a new one, without being sent away.
 */
test.describe('purchase order lines imported from Excel', { tag: ['@po-lines-import'] }, () => {
  test('bad rows are shown by row and column; good rows become lines, the same SKU and unit add up', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const unit = `PK${tag}`;
    const [rice, oil] = [`PXR-${tag}`, `PXO-${tag}`];
    const director = await apiSession(baseURL!, DIRECTOR);
    try {
      await seedSkus(director, {
        uom: unit,
        category: `Import lines ${tag}`,
        skus: [
          { id: rice, name: `Rice ${tag}` },
          { id: oil, name: `Oil ${tag}` },
        ],
      });
      await skusReplicated(director, tag, 2);
    } finally {
      await director.dispose();
    }

    await signInAs(DIRECTOR);
    await page.goto('/procurement/purchase-order/new');
    await page.getByTestId('po-import-lines').click();
    const dialog = page.getByTestId('po-lines-import-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('po-lines-import-merge')).toHaveText(t('purchase-order:import.merge'));

    // The template, headers in the page's language.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('po-lines-import-template').click(),
    ]);
    expect(template.suggestedFilename()).toBe(`${t('purchase-order:import.fileName')}.xlsx`);
    const [sheet] = await readXlsxFile(fs.readFileSync(await template.path()));
    expect(sheet.data[0].slice(0, 3)).toEqual([
      `${t('purchase-order:import.columns.sku_id')} *`,
      `${t('purchase-order:import.columns.uom_name')} *`,
      `${t('purchase-order:fields.quantity')} *`,
    ]);

    // Row 2 is fine, row 3 names no SKU we know, row 4 orders nothing: nothing is added.
    const bad = await linesFile(t, [
      [rice, unit, '2', '1.50'],
      [`NOPE-${tag}`, unit, '1', null],
      [oil, unit, '0', null],
    ]);
    await dialog.getByTestId('po-lines-import-file').setInputFiles({ name: 'lines.xlsx', mimeType: XLSX, buffer: bad });
    await expect(dialog.getByTestId('po-lines-import-refused')).toHaveText(t('purchase-order:import.failed'));
    const problems = dialog.getByTestId('po-lines-import-error');
    await expect(problems).toHaveCount(2);
    await expect(problems.nth(0)).toContainText('3');
    await expect(problems.nth(0)).toContainText(t('purchase-order:import.columns.sku_id'));
    await expect(problems.nth(0)).toContainText(t('purchase-order:import.errors.skuUnknown', { sku: `NOPE-${tag}` }));
    await expect(problems.nth(1)).toContainText('4');
    await expect(problems.nth(1)).toContainText(t('purchase-order:fields.quantity'));
    await expect(problems.nth(1)).toContainText(t('validation:more_than_zero'));
    await expect(dialog.getByTestId('po-lines-import-add')).toBeDisabled();

    // Fixed: both rows are shown, then added.
    const good = await linesFile(t, [
      [rice, unit, '2', '1.50'],
      [oil, unit, '1.5', null],
    ]);
    await dialog
      .getByTestId('po-lines-import-file')
      .setInputFiles({ name: 'lines-fixed.xlsx', mimeType: XLSX, buffer: good });
    await expect(dialog.getByTestId('po-lines-import-preview').getByRole('row')).toHaveCount(3);
    await dialog.getByRole('button', { name: t('purchase-order:import.add', { count: 2 }) }).click();
    await expect(dialog).toBeHidden();
    const rows = page.getByTestId('po-lines-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`Rice ${tag}`);
    await expect(page.getByTestId('po-lines-quantity-0')).toHaveValue('2');
    await expect(page.getByTestId('po-unit-price-0')).toHaveValue('1.5');
    await expect(rows.nth(1)).toContainText(`Oil ${tag}`);
    await expect(page.getByTestId('po-lines-quantity-1')).toHaveValue('1.5');

    // The same SKU and unit again: its quantity is added to the line, no second line.
    await page.getByTestId('po-import-lines').click();
    const again = await linesFile(t, [[rice.toLowerCase(), unit.toLowerCase(), '0.75', null]]);
    await dialog
      .getByTestId('po-lines-import-file')
      .setInputFiles({ name: 'more.xlsx', mimeType: XLSX, buffer: again });
    await dialog.getByRole('button', { name: t('purchase-order:import.add', { count: 1 }) }).click();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('po-lines-quantity-0')).toHaveValue('2.75');
    await expect(page.getByTestId('po-unit-price-0')).toHaveValue('1.5');
  });

  test('the PO view shows per line what was received and is open, and links its receiving order', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const location = `PXV-${tag}`;
    const unit = `BX${tag}`;
    const skuId = `PXB-${tag}`;
    const supplierId = `PXW-${tag}`;
    const director = await apiSession(baseURL!, DIRECTOR);
    let po: { id: string; doc_no: string } | undefined;
    let receipt: { id: string; doc_no: string } | undefined;
    try {
      await seedLocation(director, tag, { id: location, name: `Outlet ${tag}`, category: `Outlets ${tag}` });
      await seedSkus(director, { uom: unit, category: `Boxes ${tag}`, skus: [{ id: skuId, name: `Box ${tag}` }] });
      const category = await director.ok('POST', '/api/catalog/supplier-categories', { category_name: `Box ${tag}` });
      await director.ok('POST', '/api/catalog/suppliers', {
        supplier_id: supplierId,
        company_name: `Boxes ${tag}`,
        credit_term_in_days: 30,
        contact_name: 'Alice',
        contact_no: '91234567',
        address: '1 Jurong Road',
        postal_code: '600001',
        country: 'Singapore',
        minimum_order_value: '0',
        category_id: (category as { category_id: string }).category_id,
        gst_price_type: 'exclusive',
        gst_rate: 9,
        tax_rate: 9,
        tax_type: 'GST',
        hashtag_list: [],
      });
      const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await expect(async () => {
        const created = await director.call('POST', '/api/procurement/purchase-orders', {
          supplier_id: supplierId,
          location_id: location,
          purchase_date: day,
          delivery_time: `${day}T09:00:00+08:00`,
          order_type: 'Business Order',
          stock_type: 'inventory',
          currency: 'USD',
          lines: [{ sku_id: skuId, uom_name: unit, quantity: '10', unit_price: '2' }],
        });
        expect(created.status, created.text).toBe(201);
        po = created.data as { id: string; doc_no: string };
      }).toPass({ timeout: 30_000 });
      await director.ok('POST', `/api/procurement/purchase-orders/${po!.id}/submit`, { revision: 1 });
      await director.ok('POST', `/api/procurement/purchase-orders/${po!.id}/approve`, { revision: 2 });
      receipt = await director.ok<{ id: string; doc_no: string }>('POST', '/api/procurement/receiving-orders', {
        purchase_order_id: po!.id,
        location_id: location,
        receive_time: new Date().toISOString(),
        receiving_list: [{ po_line_no: 1, receive_qty: '4' }],
      });
      for (const [name, revision] of [
        ['submit', 1],
        ['approve', 2],
        ['receive', 3],
      ] as const) {
        await director.ok('POST', `/api/procurement/receiving-orders/${receipt.id}/${name}`, { revision });
      }
    } finally {
      await director.dispose();
    }

    await signInAs(DIRECTOR);
    await page.goto(`/procurement/purchase-order/view?id=${po!.id}`);
    await expect(page.getByTestId('document-no')).toHaveText(po!.doc_no);
    const lines = page.getByTestId('po-lines');
    for (const header of ['ordered', 'available', 'received', 'open']) {
      await expect(lines.getByRole('columnheader', { name: t(`purchase-order:receipts.${header}`) })).toBeVisible();
    }
    await expect(page.getByTestId('po-line-received')).toHaveText('4');
    await expect(page.getByTestId('po-line-open')).toHaveText('6');
    await expect(page.getByTestId('po-line-available')).toHaveText('—');
    const link = page.getByTestId('po-receipt-link');
    await expect(link).toHaveText(receipt.doc_no);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/procurement/receiving-order/view\\?id=${receipt.id}`));
    await expect(page.getByTestId('document-no')).toHaveText(receipt.doc_no);
  });

  test('a receiving clerk without PO rights opens a receiving order page and stays on it', async ({
    page,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const location = `PXL-${tag}`;
    const unit = `KG${tag}`;
    const skuId = `PXF-${tag}`;
    const supplierId = `PXS-${tag}`;
    const director = await apiSession(baseURL!, DIRECTOR);
    let receipt: { id: string; doc_no: string } | undefined;
    try {
      await seedLocation(director, tag, { id: location, name: `Outlet ${tag}`, category: `Outlets ${tag}` });
      await seedSkus(director, { uom: unit, category: `Flour ${tag}`, skus: [{ id: skuId, name: `Flour ${tag}` }] });
      const category = await director.ok('POST', '/api/catalog/supplier-categories', { category_name: `Mills ${tag}` });
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
        category_id: (category as { category_id: string }).category_id,
        gst_price_type: 'exclusive',
        gst_rate: 9,
        tax_rate: 9,
        tax_type: 'GST',
        hashtag_list: [],
      });
      await expect(async () => {
        const created = await director.call('POST', '/api/procurement/receiving-orders', {
          supplier_id: supplierId,
          currency: 'USD',
          location_id: location,
          receive_time: new Date().toISOString(),
          additional_list: [{ sku_id: skuId, uom_name: unit, receive_qty: '4', unit_price: '2' }],
        });
        expect(created.status, created.text).toBe(201);
        receipt = created.data as { id: string; doc_no: string };
      }).toPass({ timeout: 30_000 });
    } finally {
      await director.dispose();
    }
    const clerk = await createScopedUser({
      tag,
      prefix: 'rox',
      location,
      // Receiving orders only: no PO key at all.
      permissions: [permission('RO', true, true)],
      employeeName: 'Receiving clerk',
      firstAllowedPath: '/procurement/receiving-order',
    });

    await signInAs(clerk);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await page.goto(`/procurement/receiving-order/view?id=${receipt!.id}`);
    await expect(page.getByTestId('document-no')).toHaveText(receipt!.doc_no);
    await expect(page.getByTestId('ro-supplier')).toContainText(`Mill ${tag}`);
    await expect(page).toHaveURL(new RegExp(`/procurement/receiving-order/view\\?id=${receipt!.id}`));
    expect(refused).toEqual([]);

    // A new receipt: the choices come from the receiving order's own routes, and the clerk stays on the form.
    const choices = page.waitForResponse((response) => response.url().includes('/receiving-orders/choices'));
    await page.goto('/procurement/receiving-order/new');
    expect((await choices).status()).toBe(200);
    await expect(page.getByTestId('ro-supplier')).toBeVisible();
    await expect(page).toHaveURL(/\/procurement\/receiving-order\/new/);
    expect(refused).toEqual([]);
  });
});
