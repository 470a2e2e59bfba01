import { randomBytes } from 'node:crypto';
import { apiSession, createScopedUser, localDay, permission, seedLocation, seedSkus } from './fixtures/stock.ts';
import { shell } from './fixtures/layout.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/**
 * Issue 15, in both languages: a clerk submits a stock adjustment; the director (its approver) finds it unread in
 * the notification center and the bell, marks it read, opens its record, and marks all read; the activity log lists
 * the submission filtered by module and user, links to the record and exports. A user with nothing addressed to them
 * sees the empty state.
 */
test.describe('notification center and activity log', { tag: ['@notifications'] }, () => {
  test('a submitted adjustment notifies its approver and is logged', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const location = `NTF-${tag}`;
    const skuId = `SALT-${tag}`;
    const kg = `KG-${tag}`;
    const clerkName = `Notifying clerk ${tag}`;

    const director = await apiSession(baseURL!, DIRECTOR);
    const clerk = await createScopedUser({
      tag,
      prefix: 'ntf',
      location,
      permissions: [permission('SA', true, true), permission('NOTIFICATION', true)],
      employeeName: clerkName,
      firstAllowedPath: '/inventory/stock-adjustment',
    });
    const clerkApi = await apiSession(baseURL!, clerk);
    let adjustmentId: string | undefined;
    try {
      await seedLocation(director, tag, { id: location, name: `Outlet ${tag}`, category: `Outlets ${tag}` });
      await seedSkus(director, { uom: kg, category: `Spices ${tag}`, skus: [{ id: skuId, name: `Sea salt ${tag}` }] });
      // The clerk writes and submits (the ledger knows the SKU a moment after the catalog call): the director approves.
      let draft: { id: string; revision: number } | undefined;
      await expect(async () => {
        const created = await clerkApi.call('POST', '/api/inventory/stock-adjustments', {
          value_date: localDay(),
          remark: '',
          location_id: location,
          lines: [
            {
              item_type: 'sku',
              reason: 'OTHERS',
              remark: '',
              item_id: skuId,
              uom_name: kg,
              adjustment_quantity: '4',
              unit_cost: '1.5',
            },
          ],
        });
        expect(created.status, created.text).toBe(201);
        draft = created.data as { id: string; revision: number };
      }).toPass({ timeout: 30_000 });
      await clerkApi.ok('POST', `/api/inventory/stock-adjustments/${draft!.id}/submit`, { revision: draft!.revision });
      adjustmentId = draft!.id;
    } finally {
      await director.dispose();
      await clerkApi.dispose();
    }

    // The clerk is addressed nothing: the empty state.
    await signInAs(clerk);
    await page.goto('/notification-center');
    await expect(page.getByRole('heading', { name: t('routes:notificationCenter') })).toBeVisible();
    await expect(page.getByTestId('notification-empty')).toContainText(t('notifications:center.empty'));
    await page.context().clearCookies();

    // The director finds the request unread, newest first, with the bell counting it.
    await signInAs(DIRECTOR);
    await page.goto('/notification-center');
    const entry = page.getByTestId('notification-entry').filter({ hasText: `SA-${location}-` });
    await expect(entry).toHaveAttribute('data-read', 'false', { timeout: 30_000 });
    await expect(entry).toContainText(clerkName);
    await expect(entry.getByText(t('roles:keys.SA'), { exact: true })).toBeVisible();
    await expect(page.getByTestId('notification-badge')).toBeVisible();

    await entry.getByTestId('notification-mark-read').click();
    await expect(entry).toHaveAttribute('data-read', 'true');
    await entry.getByTestId('notification-open').click();
    await expect(page).toHaveURL(`/inventory/stock-adjustment/view?id=${adjustmentId}`);

    await page.goto('/notification-center');
    const markAll = page.getByTestId('notification-mark-all');
    const unread = page.locator('[data-testid="notification-entry"][data-read="false"]');
    await expect(page.getByTestId('notification-entry').first()).toBeVisible();
    // The director is everyone's approver in this run: the other flows may notify them meanwhile (the page and the
    // bell follow live), so mark all read until nothing unread is left.
    await expect(async () => {
      if (await markAll.isEnabled()) await markAll.click();
      await expect(unread).toHaveCount(0, { timeout: 2_000 });
      await expect(page.getByTestId('notification-badge')).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // The activity log: filtered by module and user, the submission links to its record; the list exports.
    await shell(page, t).menuLink('activityLog').click();
    await expect(page.getByRole('heading', { name: t('routes:activityLog') })).toBeVisible();
    await page.getByTestId('toggle-filters').click();
    await page.getByTestId('filter-module').click();
    await page.getByRole('option', { name: t('roles:keys.SA'), exact: true }).click();
    await page.getByTestId('filter-created_by_id').click();
    await page.getByRole('option', { name: clerkName, exact: true }).click();
    const rows = page.getByTestId('data-table').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`SA-${location}-`);
    await expect(rows.first()).toContainText(t('roles:keys.SA'));

    const download = page.waitForEvent('download');
    await page.getByTestId('export-excel').click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

    await rows.first().getByTestId('activity-record-link').click();
    await expect(page).toHaveURL(`/inventory/stock-adjustment/view?id=${adjustmentId}`);
  });
});
