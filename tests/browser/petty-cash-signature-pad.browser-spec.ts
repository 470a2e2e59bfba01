import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import pg from 'pg';
import type { Translate } from './fixtures/catalog.ts';
import { apiSession, createScopedUser, documentAction as action, permission, seedLocation } from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/** Waits until procurement's replica knows the location (a claim may only name a known one). */
async function procurementKnowsLocation(locationId: string): Promise<void> {
  const databaseUrl = process.env.SCM_BROWSER_DATABASE_URL;
  if (!databaseUrl) throw new Error('SCM_BROWSER_DATABASE_URL is not set: run through playwright.config.ts');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await expect
      .poll(
        async () =>
          (await client.query('SELECT 1 FROM procurement.location_replica WHERE location_id = $1', [locationId]))
            .rowCount,
        { timeout: 30_000 },
      )
      .toBe(1);
  } finally {
    await client.end();
  }
}

/** Draws a signature-like zig-zag across the pad with the mouse (pointer events, as a finger would). */
async function drawSignature(page: Page, pad = 'pc-applicant-signature'): Promise<void> {
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
 * A new claim with one business receipt: Submit unsigned is refused with SPEC.md §5's message (nothing sent, still
 * on the new claim); signed with the mouse on the pad, it is submitted and its view shows the signature.
 */
async function claimSignAndSubmit(
  page: Page,
  t: Translate,
  testInfo: TestInfo,
  signInAs: (u: typeof DIRECTOR) => Promise<void>,
  baseURL: string,
) {
  const tag = `${testInfo.project.name === 'en' ? 'E' : 'Z'}${randomBytes(2).toString('hex').toUpperCase()}`;
  const location = { id: `PC-${tag}`, name: `Petty outlet ${tag}`, category: `PC outlets ${tag}` };
  const director = await apiSession(baseURL, DIRECTOR);
  try {
    await seedLocation(director, tag, location);
  } finally {
    await director.dispose();
  }
  await procurementKnowsLocation(location.id);

  await signInAs(DIRECTOR);
  await page.goto('/procurement/petty-cash/new');
  await page.getByTestId('pc-location').click();
  await page.getByRole('option', { name: `${location.id} · ${location.name}`, exact: true }).click();
  await page.getByTestId('pc-currency').click();
  await page.getByRole('option', { name: 'USD', exact: true }).click();
  await page.getByTestId('pc-business-add').click();
  await page.getByTestId('pc-business-receipt-no-0').fill(`R-${tag}`);
  await page.getByTestId('pc-business-description-0').fill(`Cleaning supplies ${tag}`);
  await page.getByTestId('pc-business-amount-0').fill('109');

  // Unsigned: refused before anything is sent, the translated message under the pad (the banner points at it).
  const message = t('errors:PROCUREMENT_SIGNATURE_REQUIRED');
  await action(page, t('documents:actions.submit')).click();
  await expect(page.getByTestId('pc-applicant-signature-error')).toHaveText(message);
  await expect(page.getByTestId('form-error')).toContainText(t('kit:form.fixErrors'));
  await expect(page).toHaveURL(/\/procurement\/petty-cash\/new/);

  // Saved unsigned, the draft's own Submit is refused with the message too.
  await action(page, t('kit:form.saveDraft')).click();
  await expect(page).toHaveURL(/\/procurement\/petty-cash\/edit\?id=/);
  const id = new URL(page.url()).searchParams.get('id')!;
  await page.goto(`/procurement/petty-cash/view?id=${id}`);
  await expect(page.getByTestId('pc-applicant-signature-empty')).toBeVisible();
  await action(page, t('documents:actions.submit')).click();
  await expect(page.getByTestId('form-error')).toContainText(message);
  await page.getByTestId('form-edit').click();
  await expect(page).toHaveURL(/\/procurement\/petty-cash\/edit\?id=/);
  await expect(page.getByTestId('pc-business-receipt-no-0')).toHaveValue(`R-${tag}`);

  await drawSignature(page);
  await expect(page.getByTestId('pc-applicant-signature-canvas')).toHaveAttribute('data-signed', 'true');
  await expect(page.getByTestId('pc-applicant-signature-error')).toHaveCount(0);
  await action(page, t('documents:actions.submit')).click();

  await expect(page).toHaveURL(/\/procurement\/petty-cash\/view\?id=/);
  await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.pending_approval'));
  await expect(page.getByTestId('document-no')).toHaveText(new RegExp(`^PC-${location.id}-\\d+$`));
  const signature = page.getByTestId('pc-applicant-signature-image');
  await expect(signature).toBeVisible();
  await expect(signature).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByTestId('pc-business')).toContainText(`R-${tag}`);
  const claim = {
    url: page.url(),
    id: new URL(page.url()).searchParams.get('id')!,
    docNo: (await page.getByTestId('document-no').innerText()).trim(),
    location: location.id,
    tag,
  };

  // Cleared, the pad is empty again: Clear is there for a signature gone wrong.
  await page.goto('/procurement/petty-cash/new');
  await drawSignature(page);
  await page.getByTestId('pc-applicant-signature-clear').click();
  await expect(page.getByTestId('pc-applicant-signature-canvas')).toHaveAttribute('data-signed', 'false');
  return claim;
}

/** Petty cash's signature pad (SPEC.md §5 "signing is required before submitting petty cash"). */
test.describe('petty cash signature pad', () => {
  test('an unsigned claim is refused; signed with the mouse it is submitted and shows the signature', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    await claimSignAndSubmit(page, t, testInfo, signInAs, baseURL!);
  });

  test('approved, the cash is signed for on the pad; the refund list marks the claim refunded', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    const claim = await claimSignAndSubmit(page, t, testInfo, signInAs, baseURL!);
    // An approver of the outlet approves it (the applicant may not decide their own claim while another can).
    const approver = await createScopedUser({
      tag: claim.tag,
      prefix: 'pcap',
      location: claim.location,
      permissions: [permission('PC', true, true, true)],
      employeeName: `Petty cash approver ${claim.tag}`,
      firstAllowedPath: '/procurement/petty-cash',
      canSeeCost: true,
      approvalLimit: 1000,
    });
    const approverApi = await apiSession(baseURL!, approver);
    try {
      const seen = await approverApi.ok<{ revision: number }>('GET', `/api/procurement/petty-cash/${claim.id}`);
      await approverApi.ok('POST', `/api/procurement/petty-cash/${claim.id}/approve`, { revision: seen.revision });
    } finally {
      await approverApi.dispose();
    }
    await page.goto(claim.url);
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.approved'));

    // Signing for the cash needs the receiver's signature: refused blank, then drawn and signed.
    await action(page, t('documents:actions.sign')).click();
    await expect(page.getByTestId('form-error')).toContainText(t('errors:PROCUREMENT_SIGNATURE_REQUIRED'));
    await drawSignature(page, 'pc-receipt-signature');
    await action(page, t('documents:actions.sign')).click();
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.signed'));
    await expect(page.getByTestId('pc-receipt-signature-image')).toBeVisible();

    // The approver refunds it to the outlet's float from the refund list.
    await signInAs(approver);
    await page.goto('/procurement/petty-cash/refund');
    const select = page.getByTestId(`pc-refund-select-${claim.docNo}`);
    await select.check();
    await page.getByTestId('pc-refund-selected').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('documents:actions.refund'), exact: true })
      .click();
    await expect(select).toHaveCount(0);
    await page.goto(claim.url);
    await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.refunded'));
    // The print view carries both signatures.
    await page.getByTestId('document-print').click();
    await expect(page.getByTestId('pc-print-signature')).toHaveCount(2);
  });
});

test.describe('petty cash signature pad on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test('the pad fits the phone and signs the claim', async ({ page, t, signInAs, baseURL }, testInfo) => {
    await claimSignAndSubmit(page, t, testInfo, signInAs, baseURL!);
    // The pad of the new claim it ends on stays within the phone's width.
    const box = await page.getByTestId('pc-applicant-signature-canvas').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  });
});
