import { randomBytes } from 'node:crypto';
import { apiSession, createScopedUser, localDay, permission, seedLocation, seedSkus } from './fixtures/stock.ts';
import { shell } from './fixtures/layout.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/**
 * The approvals inbox (/approval), in both languages: a clerk submits three stock adjustments; their approver (the
 * director) finds them in the inbox with number, location and submitter; one recalled by the clerk meanwhile leaves
 * the list without a reload (the notification stream); the other two are selected and approved at once with a
 * remark, each row reporting its outcome; they then sit under the Approved tab, and the number opens the document.
 */
test.describe('approvals inbox', { tag: ['@approvals'] }, () => {
  test('approves the selected requests at once and follows a recall made elsewhere', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const location = `APR-${tag}`;
    const skuId = `SUGAR-${tag}`;
    const kg = `KG-${tag}`;
    const clerkName = `Inbox clerk ${tag}`;

    const director = await apiSession(baseURL!, DIRECTOR);
    const clerk = await createScopedUser({
      tag,
      prefix: 'apr',
      location,
      permissions: [permission('SA', true, true), permission('NOTIFICATION', true)],
      employeeName: clerkName,
      firstAllowedPath: '/inventory/stock-adjustment',
    });
    const clerkApi = await apiSession(baseURL!, clerk);
    const submitted: { id: string; revision: number; doc_no: string }[] = [];
    try {
      await seedLocation(director, tag, { id: location, name: `Outlet ${tag}`, category: `Outlets ${tag}` });
      await seedSkus(director, { uom: kg, category: `Sweet ${tag}`, skus: [{ id: skuId, name: `Sugar ${tag}` }] });
      for (const quantity of ['2', '3', '4']) {
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
                adjustment_quantity: quantity,
                unit_cost: '2',
              },
            ],
          });
          expect(created.status, created.text).toBe(201);
          draft = created.data as { id: string; revision: number };
        }).toPass({ timeout: 30_000 });
        submitted.push(
          await clerkApi.ok<{ id: string; revision: number; doc_no: string }>(
            'POST',
            `/api/inventory/stock-adjustments/${draft!.id}/submit`,
            {
              revision: draft!.revision,
            },
          ),
        );
      }
    } finally {
      await director.dispose();
    }

    try {
      await signInAs(DIRECTOR);
      await page.goto('/dashboard');
      await shell(page, t).menuLink('approval').click();
      await expect(page.getByRole('heading', { name: t('routes:approval') })).toBeVisible();
      await expect(page).toHaveURL(/status=PENDING/);
      // The menu entry counts the requests waiting (the director's: at least these three).
      await expect(page.getByTestId('approval-menu-badge')).toHaveText(/^[1-9]\d*\+?$/);
      // The director decides everyone's requests in this run: the search keeps to this test's.
      await page.getByTestId('table-search').fill(`SA-${location}`);
      const rows = page.getByTestId('data-table').locator('tbody tr');
      await expect(rows).toHaveCount(3, { timeout: 30_000 });
      await expect(rows.first()).toContainText(clerkName);
      await expect(rows.first()).toContainText(location);
      await expect(rows.first()).toContainText(t('roles:keys.SA'));

      // Recalled by the clerk elsewhere: the row leaves the inbox without a reload.
      const [first, second, recalled] = submitted;
      await clerkApi.ok('POST', `/api/inventory/stock-adjustments/${recalled.id}/recall`, {
        revision: recalled.revision,
      });
      await expect(rows).toHaveCount(2, { timeout: 30_000 });
      await expect(page.getByTestId('data-table')).not.toContainText(recalled.doc_no);

      // Both left selected and approved at once, with a remark; each row reports its outcome.
      await page.getByTestId('approval-select-all').check();
      await expect(page.getByTestId('approval-select').nth(0)).toBeChecked();
      await expect(page.getByTestId('approval-select').nth(1)).toBeChecked();
      await page.getByTestId('approval-bulk-approve').click();
      const dialog = page.getByTestId('remark-dialog');
      await dialog.getByRole('textbox').fill(`ok ${tag}`);
      await dialog.getByTestId('remark-confirm').click();
      const results = page.getByTestId('approval-result');
      await expect(results).toHaveCount(2);
      await expect(page.locator('[data-testid="approval-result"][data-ok="true"]')).toHaveCount(2);
      for (const done of [first, second]) {
        await expect(page.getByTestId('approval-results')).toContainText(
          t('approval:results.done', { doc_no: done.doc_no }),
        );
      }
      await expect(page.getByTestId('table-empty')).toBeVisible();

      // Under the Approved tab; the number opens the document, now approved.
      await page.locator('[data-status="APPROVED"]').click();
      await expect(rows).toHaveCount(2);
      await rows.filter({ hasText: first.doc_no }).getByTestId('approval-document-link').click();
      await expect(page).toHaveURL(`/inventory/stock-adjustment/view?id=${first.id}`);
      await expect(page.getByText(t('kit:status.approved'), { exact: true }).first()).toBeVisible();
    } finally {
      await clerkApi.dispose();
    }
  });
});
