import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from '@playwright/test';
import type { Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { Translate } from './fixtures/catalog.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** A named screenshot of this moment (the fixture takes one at the end of the test too). */
async function snapshot(page: Page, project: string, name: string): Promise<void> {
  const file = path.join(SCREENSHOTS_DIR, project, `import-suppliers-fix-bad-row--${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

/** A supplier file with the headers as the template names them in the page's language. */
async function supplierFile(t: Translate, category: string, rows: { id: string; postal: string }[]) {
  const field = (name: string) => t(`suppliers:supplier.fields.${name}`);
  const header = [
    'supplier_id',
    'company_name',
    'category',
    'credit_term_in_days',
    'contact_name',
    'contact_no',
    'address',
    'postal_code',
    'country',
    'minimum_order_value',
    'tax_type',
    'gst_price_type',
    'gst_rate',
    'tax_rate',
  ].map(field);
  const data = rows.map((row) => [
    row.id,
    `${row.id} Pte Ltd`,
    category,
    '30',
    'Alice Tan',
    '91234567',
    '10 Pasir Panjang Road',
    row.postal,
    t('suppliers:countries.Singapore'),
    '100',
    'GST',
    'exclusive',
    '9',
    '9',
  ]);
  return writeXlsxFile([header, ...data].map((cells) => cells.map((value) => ({ value, type: String })))).toBuffer();
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Issue 5 Excel import on /supplier/list, in both languages: download the template, upload a file with one bad
 * row, see the row error table ("nothing was imported", nothing in the list), download the error report, upload
 * the corrected file, and see the suppliers created and listed. Screenshots of the dialog at each step.
 */
test.describe('Excel import of suppliers', { tag: ['@import'] }, () => {
  test('an import with a bad row applies nothing; fixed, it imports every row', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const project = testInfo.project.name;
    const tag = `${project.toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    const category = `Produce ${tag}`;
    const codes = [`IMP-${tag}-1`, `IMP-${tag}-2`, `IMP-${tag}-3`];

    // The category the suppliers refer to by name (made through the API: its page has its own test).
    const http = await request.newContext({ baseURL });
    await http.post('/api/login', { data: { username: DIRECTOR.username, password: DIRECTOR.password } });
    const csrf = (await http.storageState()).cookies.find((cookie) => cookie.name === 'scm_csrf')?.value ?? '';
    const created = await http.post('/api/catalog/supplier-categories', {
      data: { category_name: category },
      headers: { 'x-csrf-token': csrf },
    });
    expect(created.status()).toBe(201);

    await signInAs(DIRECTOR);
    await page.goto('/supplier/list');
    await expect(page.getByRole('heading', { name: t('routes:supplier') })).toBeVisible();
    await page.getByRole('button', { name: t('import:button') }).click();
    const name = t('suppliers:supplier.exportFileName');
    const dialog = page.getByRole('dialog', { name: t('import:dialog.title', { name }) });
    // Headless UI's dialog root has no box of its own: its panel is what shows.
    await expect(dialog.getByTestId('import-dialog')).toBeVisible();

    // The template, in the page's language.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: t('import:dialog.downloadTemplate') }).click(),
    ]);
    expect(template.suggestedFilename()).toBe(`${t('import:template.fileName', { name })}.xlsx`);
    const sheets = await readXlsxFile(fs.readFileSync(await template.path()));
    expect(sheets.map((sheet) => sheet.sheet)).toEqual([
      t('import:template.dataSheet'),
      t('import:template.notesSheet'),
    ]);
    expect(sheets[0].data[0].slice(0, 2)).toEqual([
      `${t('suppliers:supplier.fields.supplier_id')} *`,
      `${t('suppliers:supplier.fields.company_name')} *`,
    ]);

    // A file whose second data row (spreadsheet row 3) has a 2-digit postal code.
    const bad = await supplierFile(t, category, [
      { id: codes[0], postal: '018956' },
      { id: codes[1], postal: '12' },
      { id: codes[2], postal: '117438' },
    ]);
    await dialog.getByTestId('import-file').setInputFiles({ name: 'suppliers.xlsx', mimeType: XLSX, buffer: bad });
    await expect(dialog.getByTestId('import-file-name')).toHaveText('suppliers.xlsx');
    await snapshot(page, project, '1-file-chosen');
    await dialog.getByRole('button', { name: t('import:dialog.start'), exact: true }).click();

    await expect(dialog.getByTestId('import-failed')).toContainText(t('import:dialog.failed'));
    const errorRows = dialog.getByTestId('import-error-row');
    await expect(errorRows).toHaveCount(1);
    await expect(errorRows.first()).toContainText('3');
    await expect(errorRows.first()).toContainText(t('suppliers:supplier.fields.postal_code'));
    await expect(errorRows.first()).toContainText(t('validation:postal_code'));
    await snapshot(page, project, '2-row-errors');
    // Nothing was applied: not even the good rows.
    expect((await http.get(`/api/catalog/suppliers/${codes[0]}`)).status()).toBe(404);

    const [report] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: t('import:dialog.downloadReport') }).click(),
    ]);
    const [reportSheet] = await readXlsxFile(fs.readFileSync(await report.path()));
    expect(reportSheet.data[0][0]).toBe(t('import:report.errorColumn'));
    expect(String(reportSheet.data[2][0])).toContain(t('validation:postal_code'));

    // Fix the row and upload again.
    const fixed = await supplierFile(t, category, [
      { id: codes[0], postal: '018956' },
      { id: codes[1], postal: '120012' },
      { id: codes[2], postal: '117438' },
    ]);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: t('import:dialog.tryAgain') }).click(),
    ]);
    await chooser.setFiles({ name: 'suppliers-fixed.xlsx', mimeType: XLSX, buffer: fixed });
    await expect(dialog.getByTestId('import-file-name')).toHaveText('suppliers-fixed.xlsx');
    await dialog.getByRole('button', { name: t('import:dialog.start'), exact: true }).click();
    await expect(dialog.getByTestId('import-success')).toHaveText(
      t('import:dialog.succeeded', { created: 3, updated: 0 }),
    );
    await snapshot(page, project, '3-imported');
    await dialog
      .getByRole('button', { name: t('import:dialog.close') })
      .first()
      .click();
    await expect(dialog).toBeHidden();

    // The list shows them.
    await page.getByRole('searchbox').fill(`IMP-${tag}`);
    await expect(page.getByRole('row').filter({ hasText: `IMP-${tag}` })).toHaveCount(3);
    await http.dispose();
  });

  test('a wrong file type is refused in the dialog', async ({ page, t, signInAs }) => {
    await signInAs(DIRECTOR);
    await page.goto('/supplier/list');
    await page.getByRole('button', { name: t('import:button') }).click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByTestId('import-file').setInputFiles({
      name: 'suppliers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Supplier ID,Company name\n'),
    });
    await expect(dialog.getByTestId('import-refused')).toHaveText(t('import:dialog.wrongType'));
    await expect(dialog.getByRole('button', { name: t('import:dialog.start'), exact: true })).toBeDisabled();
    // A renamed file gets past the name check; the server looks at its content.
    await dialog.getByTestId('import-file').setInputFiles({
      name: 'suppliers.xlsx',
      mimeType: XLSX,
      buffer: Buffer.from('Supplier ID,Company name\n'),
    });
    await dialog.getByRole('button', { name: t('import:dialog.start'), exact: true }).click();
    await expect(dialog.getByTestId('import-refused')).toHaveText(t('errors:SPREADSHEET_TYPE_NOT_ALLOWED'));
  });
});
