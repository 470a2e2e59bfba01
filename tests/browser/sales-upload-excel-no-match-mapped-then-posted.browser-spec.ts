import { randomBytes } from 'node:crypto';
import writeXlsxFile from 'write-excel-file/node';
import type { Translate } from './fixtures/catalog.ts';
import type { ApiSession } from './fixtures/stock.ts';
import { apiSession, localDay, postAdjustment, seedLocation, seedSkus } from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sales file with the headers as the template names them in the page's language. */
async function salesFile(t: Translate, rows: string[][]): Promise<Buffer> {
  const header = ['plu_code', 'quantity', 'amount'].map((key) => t(`sales-upload:import.columns.${key}`));
  return writeXlsxFile([header, ...rows].map((cells) => cells.map((value) => ({ value, type: String })))).toBuffer();
}

/** A PLU on a PLU BOM that takes `perPlu` of the SKU, through catalog's API; awaited in inventory's recipes. */
async function seedPlu(director: ApiSession, tag: string, pluId: string, skuId: string, unit: string) {
  const bomCategory = await director.ok('POST', '/api/catalog/item-categories/plu-bom', {
    category_name: `Menu ${tag}`,
  });
  const pluCategory = await director.ok('POST', '/api/catalog/item-categories/plu', { category_name: `Dishes ${tag}` });
  await director.ok('POST', '/api/catalog/plu-boms', {
    bom_id: `${pluId}-BOM`,
    bom_name: `Noodles ${tag}`,
    output_quantity: '1',
    output_uom_name: unit,
    category_id: (bomCategory as { category_id: string }).category_id,
    consume_sku_list: [{ sku_id: skuId, quantity_per_uom: '0.2', uom_name: unit, wastage_percentage: '0' }],
  });
  await director.ok('POST', '/api/catalog/plus', {
    plu_id: pluId,
    plu_name: `Noodles ${tag}`,
    ch_display_name: `面 ${tag}`,
    suggested_price: '6',
    category_id: (pluCategory as { category_id: string }).category_id,
    bom_type: 'existing',
    bom_id: `${pluId}-BOM`,
  });
  await expect(async () => {
    const found = await director.ok<{ plu_id: string }[]>('GET', `/api/inventory/recipes/plus?search=${pluId}`);
    expect(found.map((row) => row.plu_id)).toContain(pluId);
  }).toPass({ timeout: 30_000 });
}

/**
 * Sales upload by Excel (issue 14), in both languages: the upload page takes a Manual file for an outlet; a POS code
 * that is no PLU waits on the no-match list; mapped to the PLU there, the upload posts and shows the SKU it
 * consumed at FIFO cost.
 */
test.describe('sales upload', { tag: ['@sales-upload'] }, () => {
  test('an Excel upload with a no-match line mapped to a PLU is posted', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const location = `SUB-${tag}`;
    const unit = `PT${tag}`;
    const noodles = `SUN-${tag}`;
    const pluId = `SUP-${tag}`;
    const director = await apiSession(baseURL!, DIRECTOR);
    try {
      await seedLocation(director, tag, { id: location, name: `Outlet ${tag}`, category: `Outlets ${tag}` });
      await seedSkus(director, {
        uom: unit,
        category: `Noodles ${tag}`,
        skus: [{ id: noodles, name: `Noodles ${tag}` }],
      });
      await seedPlu(director, tag, pluId, noodles, unit);
      // 10 portions of noodles at 1.5 in stock.
      await postAdjustment(
        { writer: director, submitter: director, approver: director },
        {
          location_id: location,
          lines: [{ item_id: noodles, uom_name: unit, adjustment_quantity: '10', unit_cost: '1.5' }],
        },
      );
    } finally {
      await director.dispose();
    }

    await signInAs(DIRECTOR);
    await page.goto('/inventory/sales-upload');
    await expect(page.getByTestId('sales-upload-list')).toBeVisible();
    await page.goto('/inventory/sales-upload/new');
    const form = page.getByTestId('sales-upload-new');
    await expect(form).toBeVisible();
    await page.getByTestId('sales-upload-location').click();
    await page.getByRole('option', { name: new RegExp(location) }).click();
    await expect(page.getByTestId('sales-upload-date')).toHaveValue(localDay());

    // PLU × 5 and a POS code × 3 that is no PLU.
    const file = await salesFile(t, [
      [pluId, '5', '30'],
      [`POS-${tag}`, '3', '18'],
    ]);
    await page.getByTestId('sales-upload-file').setInputFiles({ name: 'sales.xlsx', mimeType: XLSX, buffer: file });
    await expect(page.getByTestId('sales-upload-file-name')).toHaveText('sales.xlsx');
    await page.screenshot({ path: testInfo.outputPath('upload.png'), fullPage: true });
    await page.getByTestId('sales-upload-start').click();

    // The upload waits on its no-match list.
    const view = page.getByTestId('sales-upload-view');
    await expect(view).toBeVisible();
    await expect(page.getByTestId('document-no')).toContainText(`SU-${location}-`);
    const noMatch = page.getByTestId('sales-upload-no-match');
    await expect(noMatch).toContainText(t('sales-upload:noMatch.title'));
    const row = noMatch.getByTestId('no-match-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`POS-${tag}`);
    await expect(row).toContainText(t('sales-upload:reasons.PLU_UNKNOWN'));
    await page.screenshot({ path: testInfo.outputPath('no-match.png'), fullPage: true });

    // Mapped to the PLU: the upload posts; 8 portions × 0.2 = 1.6 of noodles at 1.5 = 2.40.
    await row.getByTestId('no-match-search').fill(pluId);
    await expect(row.getByTestId('no-match-plu').locator('option', { hasText: pluId })).toHaveCount(1);
    await row.getByTestId('no-match-plu').selectOption(pluId);
    await row.getByTestId('no-match-map').click();
    await expect(noMatch).toBeHidden();
    await expect(page.getByText(t('kit:status.posted')).first()).toBeVisible();
    const consumed = page.getByTestId('sales-upload-consumption-row');
    await expect(consumed).toHaveCount(1);
    await expect(consumed).toContainText(noodles);
    await expect(consumed).toContainText('1.6');
    await expect(consumed).toContainText('2.40');
    await expect(page.getByTestId('sales-upload-issue-value')).toContainText('2.40');
    const lines = page.getByTestId('sales-upload-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: `POS-${tag}` })).toContainText(pluId);

    // The print view carries the lines.
    await page.getByTestId('document-print').click();
    await expect(page.getByTestId('print-view')).toContainText(`POS-${tag}`);
    await page.screenshot({ path: testInfo.outputPath('print.png'), fullPage: true });
    await page.getByTestId('print-close').click();

    // The list shows it posted.
    await page.goto('/inventory/sales-upload');
    await expect(page.getByTestId('sales-upload-list')).toContainText(`SU-${location}-`);
    await page.screenshot({ path: testInfo.outputPath('list.png'), fullPage: true });
  });
});
