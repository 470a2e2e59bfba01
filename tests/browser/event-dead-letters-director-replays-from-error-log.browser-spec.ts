import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';
import pg from 'pg';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';
import { expectToast } from './fixtures/toast.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Parks a `catalog.uom.upserted` event in inventory's dead_letter table, as its consumer does after the handler
 * failed five times (no screen can make a handler fail). Returns its aggregate, which the error log shows.
 */
async function parkUomEvent(uomName: string, lastError: string, factor: unknown = '12'): Promise<string> {
  const databaseUrl = process.env.SCM_BROWSER_DATABASE_URL;
  if (!databaseUrl) throw new Error('SCM_BROWSER_DATABASE_URL is not set: run through playwright.config.ts');
  const uomId = randomUUID();
  const aggregate = `catalog.uom:${uomId}`;
  const envelope = {
    id: randomUUID(),
    subject: 'catalog.uom.upserted',
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: 'catalog',
    actor: null,
    correlationId: null,
    causationId: null,
    aggregate,
    sequence: 1,
    data: {
      uom_id: uomId,
      uom_name: uomName,
      secondary_uom: 'CTN',
      uom_per_primary: factor,
      status: 'active',
      revision: 1,
      last_updated_time: new Date().toISOString(),
    },
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO inventory.dead_letter (consumer, event_id, subject, aggregate, sequence, envelope, reason, attempts, last_error)
       VALUES ('inventory', $1, $2, $3, 1, $4, 'failed', 5, $5)`,
      [envelope.id, envelope.subject, aggregate, JSON.stringify(envelope), lastError],
    );
  } finally {
    await client.end();
  }
  return aggregate;
}

/** A screenshot of the moment (the fixture saves the end of every test; this keeps one from the middle). */
async function snapshot(page: Page, testInfo: TestInfo, moment: string): Promise<void> {
  const file = path.basename(testInfo.file).replace(/\.browser-spec\.ts$/, '');
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, testInfo.project.name, `${file}--${moment}.png`) });
}

/** SPEC.md §2: the director's error log shows the events the services parked, and replays or discards them. */
test.describe('error log: server events', { tag: ['@layout'] }, () => {
  test('the director opens the error log, sees a parked server event, replays it and sees it gone', async ({
    page,
    t,
    signInAs,
  }, testInfo) => {
    const aggregate = await parkUomEvent(`Pallet ${testInfo.project.name}`, 'connection terminated unexpectedly');
    await signInAs(DIRECTOR);
    await page.goto('/dashboard');

    // The badge counts it before the dialog opens.
    const button = page.getByTestId('error-log-button');
    await expect(page.getByTestId('error-log-count')).toBeVisible();
    await button.click();
    const dialog = page.getByTestId('error-log-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: t('layout:errorLog.title') })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: t('layout:errorLog.tabs.server') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = dialog.getByTestId('dead-letter-row').filter({ hasText: aggregate });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('catalog.uom.upserted');
    await expect(row).toContainText(t('layout:errorLog.server.services.inventory'));
    await expect(row).toContainText(t('layout:errorLog.server.reasons.failed'));
    await expect(row).toContainText('connection terminated unexpectedly');
    await snapshot(page, testInfo, 'parked');

    await row.getByRole('button', { name: t('layout:errorLog.server.replay') }).click();
    await expectToast(page, t('layout:errorLog.server.replayed.applied'));
    await expect(row).toHaveCount(0);
    await snapshot(page, testInfo, 'replayed');

    // The browser's own errors are on the other tab.
    await dialog.getByRole('tab', { name: t('layout:errorLog.tabs.browser') }).click();
    await expect(dialog.getByText(t('layout:errorLog.empty'))).toBeVisible();
  });

  test('the director discards a parked server event after confirming', async ({ page, t, signInAs }, testInfo) => {
    const aggregate = await parkUomEvent(`Crate ${testInfo.project.name}`, 'uom_per_primary out of range');
    await signInAs(DIRECTOR);
    await page.goto('/dashboard');
    await page.getByTestId('error-log-button').click();
    const dialog = page.getByTestId('error-log-dialog');
    const row = dialog.getByTestId('dead-letter-row').filter({ hasText: aggregate });
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: t('layout:errorLog.server.discard') }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(t('layout:errorLog.server.confirmDiscard.title'));
    await snapshot(page, testInfo, 'confirm-discard');
    await confirm.getByRole('button', { name: t('layout:errorLog.server.discard') }).click();
    await expectToast(page, t('layout:errorLog.server.discarded'));
    await expect(row).toHaveCount(0);
  });

  test('a replay that fails again shows the translated reason and keeps the event; a silent service is named', async ({
    page,
    t,
    signInAs,
  }, testInfo) => {
    // A payload no schema accepts (a number where the factor is a decimal string): it fails whoever replays it.
    const aggregate = await parkUomEvent(`Drum ${testInfo.project.name}`, 'invalid payload', 12);
    // Catalog does not answer; inventory and identity still list their events.
    await page.route('**/api/catalog/dead-letters', (route) => route.abort('connectionrefused'));
    await signInAs(DIRECTOR);
    await page.goto('/dashboard');
    await page.getByTestId('error-log-button').click();
    const dialog = page.getByTestId('error-log-dialog');
    await expect(dialog.getByRole('alert')).toContainText(
      t('layout:errorLog.server.unavailable', { services: t('layout:errorLog.server.services.catalog') }),
    );
    const row = dialog.getByTestId('dead-letter-row').filter({ hasText: aggregate });
    await expect(row).toContainText(t('layout:errorLog.server.attempts'));

    await row.getByRole('button', { name: t('layout:errorLog.server.replay') }).click();
    const warning = page.getByTestId('error-dialog');
    await expect(warning).toContainText(t('errors:EVENT_REPLAY_FAILED', { error: '' }).trim());
    await snapshot(page, testInfo, 'replay-failed');
    await warning.getByRole('button', { name: t('web:actions.ok') }).click();
    // Still parked, one attempt more.
    await expect(row.getByRole('definition').first()).toHaveText('6');
    await snapshot(page, testInfo, 'unavailable-service');

    await row.getByRole('button', { name: t('layout:errorLog.server.discard') }).click();
    await page
      .getByTestId('confirm-dialog')
      .getByRole('button', { name: t('layout:errorLog.server.discard') })
      .click();
    await expect(row).toHaveCount(0);
  });
});
