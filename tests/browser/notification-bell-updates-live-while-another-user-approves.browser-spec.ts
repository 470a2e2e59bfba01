import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { apiSession, createScopedUser, localDay, permission, seedLocation, seedSkus } from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/**
 * Issue 15, in both languages: a clerk (the submitter) has a page open; the director approves the clerk's stock
 * adjustment through the API; the clerk's bell counts it and lists it at the top of its dropdown without a reload
 * (the notification stream), in the clerk's language; mark all read clears the count; clicking the notification
 * opens the adjustment.
 */
test.describe('notification bell', { tag: ['@notifications'] }, () => {
  test('updates live while another user approves, marks all read and opens the record', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const location = `BEL-${tag}`;
    const skuId = `PEPPER-${tag}`;
    const kg = `KG-${tag}`;
    const rights = [permission('SA', true, true), permission('NOTIFICATION', true)];

    const director = await apiSession(baseURL!, DIRECTOR);
    const clerk = await createScopedUser({
      tag,
      prefix: 'bel',
      location,
      permissions: rights,
      employeeName: `Bell clerk ${tag}`,
      firstAllowedPath: '/inventory/stock-adjustment',
    });
    // The fixture writes the user straight into identity's tables, so no user event tells notifications of them:
    // the clerk is put into notifications' directory as identity's events would (the recipients' replica).
    const db = new pg.Client({ connectionString: process.env.SCM_BROWSER_DATABASE_URL });
    await db.connect();
    try {
      const {
        rows: [user],
      } = await db.query<{ user_id: string; role_id: string }>(
        'SELECT user_id, role_id FROM identity.app_user WHERE username = $1',
        [clerk.username],
      );
      await db.query(
        `INSERT INTO notifications.approver_role (role_id, role_name, permission_list, approval_limit, revision)
         VALUES ($1, $2, $3::jsonb, 0, 1) ON CONFLICT DO NOTHING`,
        [user.role_id, clerk.roleName, JSON.stringify(rights)],
      );
      await db.query(
        `INSERT INTO notifications.approver_user (user_id, employee_name, role_id, status, location_list, revision)
         VALUES ($1, $2, $3, 'Active', ARRAY[$4], 1) ON CONFLICT DO NOTHING`,
        [user.user_id, `Bell clerk ${tag}`, user.role_id, location],
      );
    } finally {
      await db.end();
    }

    const clerkApi = await apiSession(baseURL!, clerk);
    let submitted: { id: string; revision: number; doc_no: string } | undefined;
    try {
      await seedLocation(director, tag, { id: location, name: `Outlet ${tag}`, category: `Outlets ${tag}` });
      await seedSkus(director, { uom: kg, category: `Spices ${tag}`, skus: [{ id: skuId, name: `Pepper ${tag}` }] });
      let draft: { id: string; revision: number } | undefined;
      // The ledger knows the SKU and the location a moment after the catalog calls.
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
              adjustment_quantity: '3',
              unit_cost: '2',
            },
          ],
        });
        expect(created.status, created.text).toBe(201);
        draft = created.data as { id: string; revision: number };
      }).toPass({ timeout: 30_000 });
      submitted = await clerkApi.ok<{ id: string; revision: number; doc_no: string }>(
        'POST',
        `/api/inventory/stock-adjustments/${draft!.id}/submit`,
        { revision: draft!.revision },
      );
    } finally {
      await clerkApi.dispose();
    }

    try {
      // The clerk's page is open; nothing is addressed to them yet (their own submission asks the approvers).
      await signInAs(clerk);
      await page.goto('/inventory/stock-adjustment');
      const bell = page.getByTestId('notification-bell');
      await expect(bell).toBeVisible();
      await expect(page.getByTestId('notification-badge')).toHaveCount(0);

      // The director approves through the API: the clerk's bell counts it without a reload.
      await director.ok('POST', `/api/inventory/stock-adjustments/${submitted.id}/approve`, {
        revision: submitted.revision,
        remark: `ok ${tag}`,
      });
      await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: 30_000 });

      // The dropdown lists it first, unread, in the clerk's language.
      await bell.getByRole('button', { name: t('layout:notifications.labelUnread', { count: 1 }) }).click();
      const item = page.getByTestId('notification-bell-item').first();
      await expect(item).toContainText(submitted.doc_no);
      await expect(item).toContainText(t('messages:activity.verbs.approved'));
      await expect(item).toContainText(t('messages:activity.documents.SA'));
      await expect(item).toHaveAttribute('data-read', 'false');

      // Mark all read: the count goes, the entry stays, read.
      await page.getByTestId('notification-bell-mark-all').click();
      await expect(page.getByTestId('notification-badge')).toHaveCount(0);
      await expect(item).toHaveAttribute('data-read', 'true');

      // The notification opens the adjustment it is about.
      await item.getByRole('button').click();
      await expect(page).toHaveURL(`/inventory/stock-adjustment/view?id=${submitted.id}`);
      await expect(page.getByText(submitted.doc_no).first()).toBeVisible();
    } finally {
      await director.dispose();
    }
  });
});
