import { expect, test } from './fixtures/test.ts';
import { apiSession, seedLocation } from './fixtures/stock.ts';
import { DIRECTOR } from './fixtures/users.ts';

/**
 * POS AutoSync (issue 14) in Settings › POS keys: the director creates a key for an outlet (location and label), sees
 * it once with a copy button, the outlet's POS pushes a day's lines with it, the lines show on the e-point records
 * page, and once the key is revoked in Settings the POS is refused. The outlet's pull source is set to a folder, then
 * to a URL (another scheme refused), and each scan's problem is shown. Each language has an outlet of its own.
 */
test.describe('settings: POS keys', () => {
  test('a key is created and shown once, used by the POS, then revoked and refused', async ({
    page,
    t,
    language,
    signInAs,
    baseURL,
  }) => {
    const tag = language === 'en' ? 'EPBEN' : 'EPBZH';
    const outlet = { id: `${tag}-OUT`, name: `Kopi outlet ${tag}`, category: `Outlets ${tag}` };
    const director = await apiSession(baseURL!, DIRECTOR);
    const label = `Counter ${tag} ${Date.now()}`;
    try {
      await seedLocation(director, tag, outlet);
      // Inventory learns the outlet from catalog's events: a key can be made for it once it knows it.
      await expect
        .poll(
          async () =>
            (
              await director.call('PUT', `/api/inventory/epoint/pull-folders/${outlet.id}`, {
                folder_path: '',
                enabled: false,
              })
            ).status,
          { timeout: 30_000 },
        )
        .toBe(200);

      await signInAs(DIRECTOR);
      await page.goto('/settings');
      await page.getByTestId('settings-tab-posKeys').click();
      await expect(page.getByText(t('epoint:keys.sectionHelp'))).toBeVisible();
      await page.getByTestId('pos-key-location').click();
      await page.getByRole('option', { name: `${outlet.id} · ${outlet.name}`, exact: true }).click();
      await page.getByTestId('pos-key-label').fill(label);
      await page.getByTestId('pos-key-create').click();

      const created = page.getByTestId('pos-key-created');
      await expect(created).toContainText(t('epoint:keys.shownOnce'));
      await expect(page.getByTestId('pos-key-copy')).toBeVisible();
      const key = (await page.getByTestId('pos-key-value').textContent())?.trim() ?? '';
      expect(key).toMatch(/^scmpos_/);
      const row = page.getByTestId(`pos-key-${label}`);
      await expect(row).toContainText(t('epoint:keys.active'));
      await expect(row).toContainText(key.slice(0, 15));
      await expect(row).not.toContainText(key);
      await page.getByTestId('pos-key-done').click();
      await expect(created).toHaveCount(0);

      // The outlet's POS pushes two lines of a day with the key: no session, the key alone.
      const lines = [
        { shift_code: `${tag}-S1`, stock_code: 'KOPI-O', quantity: '12', amount: '18.00', epoint_date: '2026-05-04' },
        {
          shift_code: `${tag}-S2`,
          stock_code: 'KAYA-TOAST',
          quantity: '7',
          amount: '17.50',
          epoint_date: '2026-05-04',
        },
      ];
      const pushed = await page.request.post('/api/inventory/epoint/records', {
        data: { records: lines },
        headers: { 'x-api-key': key, cookie: '' },
      });
      expect(pushed.status()).toBe(200);
      expect(((await pushed.json()) as { data: { accepted: number } }).data.accepted).toBe(2);

      await page.goto('/inventory/sales-upload/e-point');
      const table = page.getByTestId('epoint-record-list');
      await expect(table).toContainText(`${tag}-S1`);
      await expect(table).toContainText('KAYA-TOAST');
      await expect(table).toContainText(outlet.name);

      // Revoked in Settings: the next push is refused.
      await page.goto('/settings');
      await page.getByTestId('settings-tab-posKeys').click();
      await page.getByTestId(`pos-key-revoke-${label}`).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t('epoint:keys.revoke'), exact: true })
        .click();
      await expect(row).toContainText(t('epoint:keys.revoked'));
      const refused = await page.request.post('/api/inventory/epoint/records', {
        data: { records: lines },
        headers: { 'x-api-key': key, cookie: '' },
      });
      expect(refused.status()).toBe(401);

      // The outlet's export folder for the pull job: set, then scanned on demand (it does not exist yet: said so).
      await page.getByTestId('pos-pull-location').click();
      await page.getByRole('option', { name: `${outlet.id} · ${outlet.name}`, exact: true }).click();
      const folder = page.getByTestId(`pos-pull-${outlet.id}`);
      await folder.getByTestId('pos-pull-path').fill(`pos/${tag.toLowerCase()}`);
      await folder.getByTestId('pos-pull-save').click();
      await expect(folder.getByTestId('pos-pull-last')).toContainText(t('epoint:pull.neverScanned'));
      await folder.getByTestId('pos-pull-scan').click();
      await expect(folder.getByTestId('pos-pull-problem')).toHaveText(t('epoint:pull.problems.FOLDER_MISSING'));

      // Or the URL its POS serves the export at: another scheme is a field error; a URL not answering is said so.
      await expect(folder.getByLabel(t('epoint:pull.folder'))).toHaveValue(`pos/${tag.toLowerCase()}`);
      await folder.getByTestId('pos-pull-path').fill('ftp://pos.local/export/today.json');
      await folder.getByTestId('pos-pull-save').click();
      await expect(folder.getByTestId('field-error')).toHaveText(t('validation:invalid'));
      // Port 9 (discard) of this machine: nothing listens there, so the connection is refused.
      await folder.getByTestId('pos-pull-path').fill('http://127.0.0.1:9/export/today.json');
      await folder.getByTestId('pos-pull-save').click();
      await expect(folder.getByTestId('field-error')).toHaveCount(0);
      await folder.getByTestId('pos-pull-scan').click();
      await expect(folder.getByTestId('pos-pull-problem')).toHaveText(t('epoint:pull.problems.URL_UNREACHABLE'));
    } finally {
      await director.dispose();
    }
  });
});
