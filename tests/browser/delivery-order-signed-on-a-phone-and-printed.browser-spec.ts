import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  apiSession,
  createScopedUser,
  documentAction as action,
  permission,
  seedLocation,
  seedSkus,
} from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/** Draws a signature-like zig-zag across the pad (pointer events, as a finger would). */
async function drawSignature(page: Page, pad: string): Promise<void> {
  const canvas = page.getByTestId(`${pad}-canvas`);
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature pad is not visible');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.3, 0.7],
    [0.45, 0.25],
    [0.6, 0.75],
    [0.8, 0.4],
  ]) {
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 5 });
  }
  await page.mouse.up();
}

/**
 * Whether the PDF names `text`: pdfkit writes the document's title (with its number) in the info dictionary, as
 * plain text when it is ASCII and as UTF-16BE when it holds Chinese.
 */
function pdfNames(pdf: Buffer, text: string): boolean {
  const utf16 = Buffer.from([...text].flatMap((char) => [char.charCodeAt(0) >> 8, char.charCodeAt(0) & 0xff]));
  return pdf.includes(Buffer.from(text, 'latin1')) || pdf.includes(utf16);
}

/**
 * Issue 13 "Delivery order", in both languages on a 375 px phone: the kitchen writes a DO on the page (item from the
 * search); the outlet's receiver opens it; confirming delivery unsigned is refused with SPEC.md §8's translated signError; signed with a finger on the
 * pad (it fits the phone) with the signer's name, it is DELIVERED and shows the signature; the PDF downloaded is a
 * PDF naming the DO's number; the list shows it delivered.
 */
test.describe('delivery order on a 375 px phone', { tag: ['@delivery-order'] }, () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test('refused unsigned, signed on the pad, printed as a PDF', async ({ page, t, signInAs, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const kitchen = `DK-${tag}`;
    const outlet = `DOUT-${tag}`;
    const skuId = `RICE-${tag}`;
    const unit = `BAG-${tag}`;

    const director = await apiSession(baseURL!, DIRECTOR);
    try {
      await seedLocation(director, `${tag}K`, { id: kitchen, name: `Kitchen ${tag}`, category: `DO kitchens ${tag}` });
      await seedLocation(director, `${tag}O`, { id: outlet, name: `Outlet ${tag}`, category: `DO outlets ${tag}` });
      await seedSkus(director, { uom: unit, category: `Rice ${tag}`, skus: [{ id: skuId, name: `Rice ${tag}` }] });
      // Until inventory's replicas know the outlet (the DO's destinations are its locations).
      await expect
        .poll(
          async () =>
            JSON.stringify(await director.ok('GET', `/api/inventory/delivery-orders/destinations/${kitchen}`)),
          { timeout: 30_000 },
        )
        .toContain(outlet);
    } finally {
      await director.dispose();
    }

    // The kitchen writes the DO on the phone: where it goes, the item from the search, how much.
    await signInAs(DIRECTOR);
    await page.goto('/delivery-order/new');
    await page.getByTestId('do-from').click();
    await page.getByRole('option', { name: new RegExp(`^${kitchen}`) }).click();
    await page.getByTestId('do-to').click();
    await page.getByRole('option', { name: new RegExp(`^${outlet}`) }).click();
    await page.getByTestId('do-official').fill(`OFF-${tag}`);
    await page.getByTestId('do-invoice').fill(`INV-${tag}`);
    await expect(async () => {
      await page.getByTestId('item-picker').fill(skuId);
      await page.getByTestId(`item-option-sku-${skuId}`).click({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('do-lines-row')).toHaveCount(1);
    await page.getByTestId('do-lines-quantity-0').fill('3');
    await action(page, t('kit:form.save')).click();
    await expect(page).toHaveURL(/\/delivery-order\/edit\?id=/);
    const id = new URL(page.url()).searchParams.get('id')!;

    const receiver = await createScopedUser({
      tag,
      prefix: 'dor',
      location: outlet,
      permissions: [permission('DO', true, true)],
      employeeName: `Outlet receiver ${tag}`,
      firstAllowedPath: '/delivery-order',
    });

    await signInAs(receiver);
    await page.goto(`/delivery-order/view?id=${id}`);
    const docNo = `DO-${kitchen}-000001`;
    await expect(page.getByTestId('document-no')).toHaveText(docNo);
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.in_transit'));
    await expect(page.getByTestId('do-lines')).toContainText(skuId);

    // The pad fits the phone.
    const canvas = page.getByTestId('do-signature-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);

    // Unsigned: refused before anything is sent, with the translated signError under the pad and in the banner.
    const message = t('errors:INVENTORY_DELIVERY_SIGNATURE_REQUIRED');
    await action(page, t('documents:actions.deliver')).click();
    await expect(page.getByTestId('do-signature-error')).toHaveText(message);
    await expect(page.getByTestId('form-error')).toContainText(message);
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.in_transit'));

    // Signed with a finger, with the signer's name.
    await drawSignature(page, 'do-signature');
    await expect(canvas).toHaveAttribute('data-signed', 'true');
    await expect(page.getByTestId('do-signature-error')).toHaveCount(0);
    await action(page, t('documents:actions.deliver')).click();
    // Who signed: asked in a dialog once signed.
    await page.getByTestId('do-signer-name').fill('Mdm Tan');
    await page.getByTestId('do-signer-confirm').click();
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.delivered'));
    const signature = page.getByTestId('do-signature-image');
    await expect(signature).toBeVisible();
    await expect(signature).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByTestId('do-signed')).toContainText('Mdm Tan');
    await expect(action(page, t('documents:actions.deliver'))).toHaveCount(0);

    // The signed DO as a PDF: a PDF file naming the DO's number.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('do-pdf').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${docNo}.pdf`);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfNames(pdf, docNo)).toBe(true);
    // With the signature embedded as an image.
    expect(pdf.includes(Buffer.from('/Subtype /Image', 'latin1'))).toBe(true);

    // The print view carries the signature too.
    await page.getByTestId('document-print').click();
    await expect(page.getByTestId('do-print-signature')).toBeVisible();
    await page.keyboard.press('Escape');

    // The list shows it delivered.
    await page.goto('/delivery-order');
    await expect(page.getByTestId('delivery-order-list')).toContainText(docNo);
  });
});
