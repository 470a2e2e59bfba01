import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { directorApi } from './fixtures/api.ts';
import { uniqueTag } from './fixtures/identity.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Issue 10: a read-only view shows values, not controls: its selects have no dropdown arrow, and a checked radio
 * (a customer's default address) looks checked although it cannot be changed there.
 */
test.describe('read-only views', () => {
  test('a customer view shows its selects without arrows and its default addresses checked', async ({
    page,
    signInAs,
    baseURL,
  }, testInfo) => {
    const code = `RO${uniqueTag(testInfo)}`.toUpperCase();
    const api = await directorApi(baseURL!);
    try {
      await api.create('/api/catalog/customers', {
        customer_code: code,
        customer_name: 'Tan Mei Ling',
        salutation: 'Ms',
        gender: 'female',
        primary_contact_no: '91234567',
        mailing_list: false,
        contact_mode: 'SMS',
        address_list: [
          {
            address_type: 'billing',
            address: '391 Orchard Road',
            country: 'Singapore',
            postal_code: '238872',
            is_default: true,
          },
          {
            address_type: 'billing',
            address: '8 Marina View',
            country: 'Singapore',
            postal_code: '018960',
            is_default: false,
          },
        ],
      });
    } finally {
      await api.dispose();
    }
    await signInAs(DIRECTOR);

    // Editable, a select offers its choices with an arrow.
    await page.goto(`/contact-management/customer/list/edit?id=${code}`);
    await expect(page.getByTestId('customer-salutation').locator('svg')).toHaveCount(1);

    await page.goto(`/contact-management/customer/list/view?id=${code}`);
    const salutation = page.getByTestId('customer-salutation');
    await expect(salutation).toBeDisabled();
    await expect(salutation.locator('svg')).toHaveCount(0);

    const checked = page.getByTestId('customer-address-default-0');
    const unchecked = page.getByTestId('customer-address-default-1');
    await expect(checked).toBeChecked();
    await expect(checked).toBeDisabled();
    await expect(unchecked).not.toBeChecked();
    // The dot is drawn (scaled to full size, blue) on the checked radio only.
    const dot = (radio: typeof checked) =>
      radio.evaluate((element) => {
        const style = element.ownerDocument.defaultView!.getComputedStyle(element, '::before');
        return { transform: style.transform, background: style.backgroundColor };
      });
    expect((await dot(checked)).transform).toBe('matrix(1, 0, 0, 1, 0, 0)');
    expect((await dot(checked)).background).not.toBe('rgba(0, 0, 0, 0)');
    expect((await dot(unchecked)).transform).toBe('matrix(0, 0, 0, 0, 0, 0)');
    fs.mkdirSync(`${SCREENSHOTS_DIR}${testInfo.project.name}`, { recursive: true });
    await page.screenshot({
      path: `${SCREENSHOTS_DIR}${testInfo.project.name}/read-only-customer-view.png`,
      fullPage: true,
    });
  });
});
