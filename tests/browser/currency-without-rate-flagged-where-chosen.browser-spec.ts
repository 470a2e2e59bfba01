import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Issue 10: a currency without an exchange rate in effect today is flagged where it is chosen: the product's
 * currency select names it and links to Settings, before a save would be refused.
 */
test.describe('a currency without an exchange rate', () => {
  test('is flagged under the product currency select, with a link to Settings', async ({
    page,
    signInAs,
    t,
  }, testInfo) => {
    await signInAs(DIRECTOR);
    const context = await page.request.get('/api/catalog/products/pricing-context');
    const rates = ((await context.json()) as { data: { rates: { currency: string; rate: string | null }[] } }).data
      .rates;
    // The browser run's product starts with no exchange rate and its specs add SGD's only: the others have none.
    const missing = rates.find((rate) => rate.rate === null && rate.currency !== 'SGD')?.currency;
    expect(missing, `a currency without a rate among ${JSON.stringify(rates)}`).toBeDefined();

    await page.goto('/PLUSKU/product-management/new');
    const warning = page.getByTestId('currency-rate-warning');
    await expect(page.getByTestId('product-currency')).toHaveText('USD');
    await expect(warning).toHaveCount(0);

    await page.getByTestId('product-currency').click();
    await page.getByRole('option', { name: missing!, exact: true }).click();
    await expect(warning).toContainText(t('kit:currencyRate.missing', { currency: missing! }));
    const link = warning.getByRole('link', { name: t('kit:currencyRate.addInSettings') });
    await expect(link).toHaveAttribute('href', '/settings');
    fs.mkdirSync(`${SCREENSHOTS_DIR}${testInfo.project.name}`, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}${testInfo.project.name}/currency-without-rate.png` });

    await page.getByTestId('product-currency').click();
    await page.getByRole('option', { name: 'USD', exact: true }).click();
    await expect(warning).toHaveCount(0);
  });
});
