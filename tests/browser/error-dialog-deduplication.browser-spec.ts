import type { Route } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/**
 * SPEC.md §8, §9: a failed call shows one warning dialog with the server's message, and the same message is
 * not shown again within 500 ms. The browser's clock is pinned (timers keep running), so "within 500 ms" does
 * not depend on how fast this machine is; the failures come from the UOM list, answered by the test.
 */
test.describe('error dialog de-duplication', { tag: ['@layout', '@uom-pages'] }, () => {
  test('the same error twice within 500 ms shows once; later it shows again', async ({ page, t, signInAs }) => {
    const failure = { status: 500, code: 'INTERNAL', message: t('errors:INTERNAL') };
    // Each list call waits until the test lets it fail, so every state in between can be observed.
    const waiting: Route[] = [];
    await page.route('**/api/catalog/uoms/list', (route) => void waiting.push(route));
    const failNext = async () => {
      await expect.poll(() => waiting.length).toBeGreaterThan(0);
      await waiting.shift()!.fulfill({ status: 500, json: failure });
    };

    const start = new Date('2026-03-02T09:00:00Z');
    await page.clock.setFixedTime(start);
    await signInAs(DIRECTOR);
    await page.goto('/PLUSKU/uom');

    const dialog = page.getByRole('dialog');
    const retry = page.getByRole('button', { name: t('kit:table.retry') });
    await failNext();
    await expect(dialog).toContainText(failure.message);
    await dialog.getByRole('button', { name: t('web:actions.ok') }).click();
    await expect(dialog).toBeHidden();
    await expect(retry).toBeVisible();

    // Same message, same instant: the list shows its failure again, no second dialog.
    await retry.click();
    await expect(retry).toBeHidden();
    await failNext();
    await expect(retry).toBeVisible();
    await expect(dialog).toBeHidden();

    // A second later the same message is news again.
    await page.clock.setFixedTime(new Date(start.getTime() + 1_000));
    await retry.click();
    await failNext();
    await expect(dialog).toContainText(failure.message);
    await expect(dialog).toHaveCount(1);
  });
});
