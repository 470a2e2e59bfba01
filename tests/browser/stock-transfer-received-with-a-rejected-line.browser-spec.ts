import { randomBytes } from 'node:crypto';
import {
  apiSession,
  createScopedUser,
  documentAction as action,
  permission,
  postAdjustment,
  seedLocation,
  seedSkus,
} from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/**
 * Issue 13 "Stock transfer", in both languages: the director writes a transfer of 4 SACK from the kitchen to an
 * outlet on the document page and submits it; the kitchen's approver approves it (IN TRANSIT, the lines track
 * In transit); the outlet's clerk receives 3 and rejects 1 as damaged on the receive view → PARTIALLY RECEIVED,
 * the line tracks Partially received.
 */
test.describe('stock transfer', { tag: ['@stock-transfer'] }, () => {
  test('written, approved, received with a rejected quantity at the outlet', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const kitchen = `CK-${tag}`;
    const outlet = `OUT-${tag}`;
    const skuId = `FLOUR-${tag}`;
    const sack = `SACK-${tag}`;

    const director = await apiSession(baseURL!, DIRECTOR);
    // The kitchen's clerk: writes its stock, approves its transfers.
    const kitchenClerk = await createScopedUser({
      tag,
      prefix: 'srk',
      location: kitchen,
      permissions: [permission('SA', true, true), permission('SR', true, true, true)],
      employeeName: 'Kitchen clerk',
      firstAllowedPath: '/inventory/stock-release',
      approvalLimit: 1_000_000,
    });
    // The outlet's clerk: receives.
    const outletClerk = await createScopedUser({
      tag,
      prefix: 'sro',
      location: outlet,
      permissions: [permission('SR', true, true)],
      employeeName: 'Outlet clerk',
      firstAllowedPath: '/inventory/stock-release',
    });
    const kitchenApi = await apiSession(baseURL!, kitchenClerk);
    try {
      await seedLocation(director, `${tag}K`, { id: kitchen, name: `Kitchen ${tag}`, category: `Kitchens ${tag}` });
      await seedLocation(director, `${tag}O`, { id: outlet, name: `Outlet ${tag}`, category: `Outlets ${tag}` });
      await seedSkus(director, { uom: sack, category: `Flours ${tag}`, skus: [{ id: skuId, name: `Flour ${tag}` }] });
      await postAdjustment(
        { writer: kitchenApi, submitter: kitchenApi, approver: director },
        {
          location_id: kitchen,
          lines: [{ item_id: skuId, uom_name: sack, adjustment_quantity: '10', unit_cost: '20' }],
        },
      );
    } finally {
      await director.dispose();
    }

    // The director writes the transfer on the page.
    await signInAs(DIRECTOR);
    await page.goto('/inventory/stock-release');
    await expect(page.getByRole('heading', { name: t('routes:stockRelease') })).toBeVisible();
    await page.getByTestId('document-create').click();
    await expect(page).toHaveURL('/inventory/stock-release/new');
    await page.getByTestId('sr-from').click();
    await page.getByRole('option', { name: new RegExp(`^${kitchen}`) }).click();
    await page.getByTestId('sr-to').click();
    await page.getByRole('option', { name: new RegExp(`^${outlet}`) }).click();
    await page.getByTestId('item-picker').fill(skuId);
    await page.getByTestId(`item-option-sku-${skuId}`).click();
    const lines = page.getByTestId('sr-lines');
    await expect(lines.getByTestId('sr-lines-row')).toHaveCount(1);
    await expect(lines.getByTestId('sr-on-hand')).toHaveText('10');
    await page.getByTestId('sr-lines-quantity-0').fill('4');
    await action(page, t('documents:actions.submit')).click();
    await expect(page).toHaveURL(/\/inventory\/stock-release\/view\?id=/);
    const viewUrl = page.url();
    const id = new URL(viewUrl).searchParams.get('id')!;
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.pending_approval'));
    const docNo = (await page.getByTestId('document-no').innerText()).trim();
    expect(docNo).toMatch(new RegExp(`^SR-${kitchen}-\\d+$`));

    // The kitchen's approver approves it: the stock leaves into transit.
    try {
      const view = await kitchenApi.ok<{ revision: number }>('GET', `/api/inventory/stock-transfers/${id}`);
      const approved = await kitchenApi.ok<{ status: string }>('POST', `/api/inventory/stock-transfers/${id}/approve`, {
        revision: view.revision,
      });
      expect(approved.status).toBe('IN TRANSIT');
    } finally {
      await kitchenApi.dispose();
    }

    // The outlet's clerk receives 3 and rejects 1 as damaged.
    await signInAs(outletClerk);
    await page.goto(viewUrl);
    await expect(page.getByTestId('document-no')).toHaveText(docNo);
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.in_transit'));
    await expect(page.getByTestId('sr-tracking')).toHaveText(t('stock-transfer:tracking.IN TRANSIT'));
    // Not the sender's actions.
    await expect(action(page, t('documents:actions.approve'))).toHaveCount(0);
    await expect(action(page, t('documents:actions.return'))).toHaveCount(0);
    // The receive view: a rejected quantity without its reason, or not adding up, is refused before sending.
    await action(page, t('documents:actions.receive')).click();
    const dialog = page.getByTestId('receive-dialog');
    await expect(dialog.getByTestId('receive-row')).toHaveCount(1);
    await dialog.getByTestId('sr-received-1').fill('3');
    await dialog.getByTestId('receive-confirm').click();
    await expect(dialog.getByTestId('receive-error')).toHaveText(t('stock-transfer:messages.mismatch'));
    await dialog.getByTestId('sr-rejected-1').fill('1');
    await dialog.getByTestId('receive-confirm').click();
    await expect(dialog.getByTestId('receive-error')).toHaveText(t('stock-transfer:messages.reasonRequired'));
    await dialog.getByTestId('sr-reason-1').click();
    await page.getByRole('option', { name: t('stock-transfer:reasons.DAMAGED'), exact: true }).click();
    await dialog.getByTestId('receive-confirm').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.partially_received'));
    await expect(page.getByTestId('sr-tracking')).toHaveText(t('stock-transfer:tracking.PARTIALLY RECEIVED'));
    await expect(lines).toContainText(t('stock-transfer:reasons.DAMAGED'));
    await expect(lines.getByTestId('sr-received')).toHaveText('3');
    await expect(lines.getByTestId('sr-rejected')).toHaveText('1');
    await expect(action(page, t('documents:actions.receive'))).toHaveCount(0);
  });
});
