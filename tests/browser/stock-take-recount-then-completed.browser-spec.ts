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

    const director = await apiSession(baseURL!, DIRECTOR);
    // A stock clerk of the location who counts (ST edit) and handles adjustments (SA edit) but approves nothing.
    const clerk = await createScopedUser({
      tag,
      prefix: 'st',
      location,
      permissions: [permission('ST', true, true), permission('SA', true, true)],
      employeeName: 'Stock take clerk',
      firstAllowedPath: '/inventory/stock-take',
    });
    const clerkApi = await apiSession(baseURL!, clerk);
    try {
      await seedLocation(director, tag, { id: location, name: `Kitchen ${tag}`, category: `Kitchens ${tag}` });
      await seedSkus(director, {
        uom: kg,
        category: `Baking ${tag}`,
        skus: [
          { id: flour, name: `Flour ${tag}` },
          { id: sugar, name: `Sugar ${tag}` },
        ],
      });
      // The stock: 20 KG of flour, 8 KG of sugar (the clerk writes and submits, the director approves).
      await postAdjustment(
        { writer: clerkApi, submitter: clerkApi, approver: director },
        {
          location_id: location,
          remark: 'opening stock',
          lines: [
            { item_id: flour, uom_name: kg, adjustment_quantity: '20', unit_cost: '1.5' },
            { item_id: sugar, uom_name: kg, adjustment_quantity: '8', unit_cost: '2' },
          ],
        },
      );
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
