import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { mailsTo } from './fixtures/mailbox.ts';
import { seedPurchasedSkus, seedSupplier } from './fixtures/procurement.ts';
import {
  apiSession,
  createScopedUser,
  documentAction as action,
  localDay,
  permission,
  seedLocation,
} from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import type { Translate } from './fixtures/catalog.ts';
import { DIRECTOR } from './fixtures/users.ts';

/** Presses a document action and, when the machine asks to confirm it, confirms. */
async function press(page: Page, t: Translate, name: string): Promise<void> {
  const label = t(`documents:actions.${name}`);
  await action(page, label).click();
  const dialog = page.getByTestId('confirm-dialog');
  if (await dialog.isVisible().catch(() => false)) await dialog.getByRole('button', { name: label }).click();
}

/** The newest supplier link mailed to `to` (the mail job runs after the approval committed). */
async function mailedLink(to: string): Promise<string> {
  const links = () =>
    mailsTo(to).flatMap((mail) => /https?:\/\/\S+\/supplier\/confirm\?token=[^\s]+/.exec(mail.text)?.[0] ?? []);
  await expect
    .poll(() => links().length, { message: `a purchase order mail to ${to}`, timeout: 30_000 })
    .toBeGreaterThan(0);
  return links().at(-1)!;
}

/**
 * A purchase order from the buyer's click to the goods on the shelf (issue 12), in both languages: an outlet buyer
 * (PO and RO edit, no approval) orders 10 KG flour and 4 KG sugar and submits; the director approves (PENDING
 * SUPPLIER) and the supplier gets the mail; on the public page of the mailed link the supplier confirms with only 3
 * KG of sugar available; the buyer receives 6 KG flour against the PO with 1 KG rejected as damaged and 3 KG sugar;
 * the director approves the receipt and the buyer takes the goods in — the PO is PARTIALLY RECEIVED and shows what
 * was received per line.
 */
test.describe('purchase order to goods received', { tag: ['@procurement'] }, () => {
  test('ordered, approved, confirmed by the supplier on the mailed page, partly received', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const outlet = `PR-${tag}`;
    const kg = `KG${tag}`;
    const [flour, sugar] = [`FLOUR-${tag}`, `SUGAR-${tag}`];
    const supplier = { id: `MILL-${tag}`, name: `Mill ${tag}`, email: `mill-${tag.toLowerCase()}@supplier.example` };

    const director = await apiSession(baseURL!, DIRECTOR);
    const buyer = await createScopedUser({
      tag,
      prefix: 'pb',
      location: outlet,
      permissions: [permission('PO', true, true), permission('RO', true, true)],
      employeeName: 'Outlet buyer',
      firstAllowedPath: '/procurement/purchase-order',
      canSeeCost: true,
    });
    try {
      await seedLocation(director, tag, { id: outlet, name: `Outlet ${tag}`, category: `Outlets ${tag}` });
      await seedSupplier(director, tag, supplier);
      await seedPurchasedSkus(director, {
        tag,
        uom: kg,
        supplier: supplier.id,
        skus: [
          { id: flour, name: `Flour ${tag}`, price: '4' },
          { id: sugar, name: `Sugar ${tag}`, price: '2.5' },
        ],
      });
      // Procurement learns them from catalog's events a moment later.
      await expect(async () => {
        const choices = await director.ok<{ suppliers: { supplier_id: string }[] }>(
          'GET',
          '/api/procurement/purchase-orders/choices',
        );
        expect(choices.suppliers.map((row) => row.supplier_id)).toContain(supplier.id);
        const skus = await director.ok<{ item_id: string }[]>('POST', '/api/procurement/purchase-orders/skus', {
          search: tag,
          limit: 20,
        });
        expect(skus.map((row) => row.item_id)).toEqual(expect.arrayContaining([flour, sugar]));
      }).toPass({ timeout: 30_000 });
    } finally {
      await director.dispose();
    }

    // The buyer orders.
    await signInAs(buyer);
    await page.goto('/procurement/purchase-order/new');
    await page.getByTestId('po-supplier').click();
    await page.getByRole('option', { name: new RegExp(supplier.name) }).click();
    const delivery = page.getByTestId('po-delivery-time').locator('input');
    await delivery.nth(0).fill(localDay(new Date(Date.now() + 3 * 86_400_000)));
    await delivery.nth(1).fill('09:30');
    for (const sku of [flour, sugar]) {
      await page.getByTestId('item-picker').fill(sku);
      await page.getByTestId(`item-option-sku-${sku}`).click();
    }
    await page.getByTestId('po-lines-quantity-0').fill('10');
    await page.getByTestId('po-lines-quantity-1').fill('4');
    await press(page, t, 'submit');
    await expect(page).toHaveURL(/\/procurement\/purchase-order\/view\?id=/);
    const poUrl = page.url();
    const poNo = (await page.getByTestId('document-no').innerText()).trim();
    expect(poNo).toMatch(new RegExp(`^PO-${outlet}-\\d+$`));
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.pending_approval'));
    // 10 × 4.00 + 4 × 2.50 = 50.00, GST 9 % on top = 4.50.
    await expect(page.getByTestId('po-totals')).toContainText('54.50');
    await expect(action(page, t('documents:actions.approve'))).toHaveCount(0);

    // The director approves: the supplier is mailed.
    await signInAs(DIRECTOR);
    await page.goto(poUrl);
    await expect(page.getByTestId('document-no')).toHaveText(poNo);
    await press(page, t, 'approve');
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.pending_supplier'));

    // The supplier's page, from the mailed link: only 3 KG of sugar can be delivered.
    const link = new URL(await mailedLink(supplier.email));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: t('supplier-confirmation:title', { doc_no: poNo }) })).toBeVisible();
    await expect(page.getByText(`Flour ${tag}`)).toBeVisible();
    await page.getByLabel(`${t('supplier-confirmation:lines.available')} 2`).fill('3');
    await page.getByRole('button', { name: t('supplier-confirmation:confirm.submit') }).click();
    await expect(page.getByText(t('supplier-confirmation:done.confirmed', { doc_no: poNo }))).toBeVisible();
    // The link worked once.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText(t('supplier-confirmation:invalidTitle'))).toBeVisible();

    // The buyer receives against the PO: 6 KG flour (1 KG damaged rejected) and the 3 KG sugar.
    await signInAs(buyer);
    await page.goto(poUrl);
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.confirmed_by_supplier'));
    await page.goto('/procurement/receiving-order/new');
    await page.getByTestId('ro-purchase-order').click();
    await page.getByRole('option', { name: new RegExp(poNo) }).click();
    // A new receipt starts at the current time.
    await expect(page.getByTestId('ro-receive-time').locator('input').nth(0)).toHaveValue(localDay());
    await page.getByTestId('ro-receive-qty-1').fill('6');
    await page.getByTestId('ro-receive-qty-2').fill('3');
    await page.getByRole('button', { name: t('receiving-order:addRejected') }).click();
    const rejected = page.getByTestId('ro-rejected-list');
    await rejected.getByLabel(t('receiving-order:fields.reject_qty')).fill('1');
    await rejected.getByLabel(t('receiving-order:fields.reason')).selectOption('DAMAGED');
    await press(page, t, 'submit');
    await expect(page).toHaveURL(/\/procurement\/receiving-order\/view\?id=/);
    const roUrl = page.url();
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.pending_approval'));

    await signInAs(DIRECTOR);
    await page.goto(roUrl);
    await press(page, t, 'approve');
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.approved'));

    await signInAs(buyer);
    await page.goto(roUrl);
    await press(page, t, 'receive');
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.received'));
    await expect(page.getByTestId('ro-rejected-list')).toContainText(t('receiving-order:reasons.DAMAGED'));

    // The PO follows: partly received.
    await expect(async () => {
      await page.goto(poUrl);
      await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.partially_received'), {
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
  });
});
