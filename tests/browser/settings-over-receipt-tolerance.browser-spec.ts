import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/**
 * Settings › Procurement (issue 12): the over-receipt tolerance a receiving order may reach without approval. A bad
 * value is refused on the field in the page's language; a good one is saved and read back. Both languages share one
 * product: only English saves, and puts the value back to 0 (the default) at the end.
 */
test.describe('settings: over-receipt tolerance', () => {
  test('is refused when not a percentage, saved when it is, and read back', async ({ page, t, signInAs }, testInfo) => {
    await signInAs(DIRECTOR);
    await page.goto('/settings');
    await page.getByTestId('settings-tab-procurement').click();
    await expect(page.getByText(t('receiving-order:settings.sectionHelp'))).toBeVisible();
    const field = page.getByLabel(t('receiving-order:settings.tolerance'));
    const save = page.getByRole('button', { name: t('receiving-order:settings.save'), exact: true });

    await field.fill('abc');
    await save.click();
    await expect(page.getByText(t('receiving-order:settings.invalidTolerance'))).toBeVisible();
    // Both languages share one product and run side by side: only one of them changes the saved value.
    if (testInfo.project.name !== 'en') return;

    await field.fill('2.5');
    await save.click();
    const status = page.getByTestId('over-receipt-tolerance-status');
    await expect(status).toContainText(t('receiving-order:settings.toleranceIs', { percent: '2.50' }));
    await page.reload();
    await page.getByTestId('settings-tab-procurement').click();
    await expect(field).toHaveValue('2.50');

    await field.fill('0');
    await save.click();
    await expect(status).toContainText(t('receiving-order:settings.noTolerance'));
  });
});
