import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';
import { expectToast } from './fixtures/toast.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** A field by its translated label, exactly (a required field's label starts with its `*` marker). */
function field(page: Page | Locator, label: string) {
  return page.getByLabel(new RegExp(`^\\*?\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/** Opens a kit Select by its test id and picks the option with this label. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByTestId(testId)).toContainText(option);
}

/**
 * SPEC.md §2 /contact-management/customer, §3 Customer: a customer with profile, contact and a billing and a
 * shipping address (one default each), the 8-digit and 6-digit rules shown on their fields first; saved, found in
 * the list and reopened, in both languages; screenshots of the form and the list.
 */
test.describe('customer pages', () => {
  test('create a customer with billing and shipping addresses and reopen it', async ({
    page,
    t,
    signInAs,
  }, testInfo) => {
    const tag = `${testInfo.project.name.toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    const code = `C-${tag}`;
    const name = `Tan Mei Ling ${tag}`;
    const dir = `${SCREENSHOTS_DIR}${testInfo.project.name}`;
    fs.mkdirSync(dir, { recursive: true });

    await signInAs(DIRECTOR);
    await page.goto('/contact-management/customer/list');
    await expect(page.getByRole('heading', { name: t('routes:customer') })).toBeVisible();
    await page.getByRole('link', { name: t('customers:customer.create') }).click();
    await expect(page).toHaveURL('/contact-management/customer/list/new');

    await field(page, t('customers:customer.fields.customer_code')).fill(code);
    await choose(page, 'customer-salutation', t('customers:salutations.Ms'));
    await field(page, t('customers:customer.fields.customer_name')).fill(name);
    await field(page, t('customers:customer.fields.chinese_name')).fill('陈美玲');
    await choose(page, 'customer-gender', t('customers:genders.female'));
    await field(page, t('customers:customer.fields.birthday')).fill('1988-03-05');
    await field(page, t('customers:customer.fields.email')).fill('meiling@example.com');
    await choose(page, 'customer-contact-mode', t('customers:contactModes.WhatsApp/Telegram'));
    const contact = field(page, t('customers:customer.fields.primary_contact_no'));
    await contact.fill('9123456');
    await field(page, t('customers:customer.fields.company')).fill('Orchard Gems Pte Ltd');

    // Two addresses: the first is billing, the second shipping; each is the default of its type.
    await page.getByTestId('customer-address-add').click();
    await page.getByTestId('customer-address-add').click();
    const billing = page.getByTestId('customer-address-0');
    const shipping = page.getByTestId('customer-address-1');
    await expect(billing).toContainText(t('customers:addressTypes.billing'));
    await expect(shipping).toContainText(t('customers:addressTypes.shipping'));
    await field(billing, t('customers:customer.address.address')).fill('391 Orchard Road #12-01');
    await field(billing, t('customers:customer.address.postal_code')).fill('23887');
    await field(shipping, t('customers:customer.address.address')).fill('8 Marina View #30-01');
    await field(shipping, t('customers:customer.address.postal_code')).fill('018960');
    await expect(page.getByTestId('customer-address-default-0')).toBeChecked();
    await expect(page.getByTestId('customer-address-default-1')).toBeChecked();

    // SPEC.md §5 messages on their fields, then corrected.
    const save = page.getByRole('button', { name: t('kit:form.save') });
    await save.click();
    await expect(page.getByText(t('validation:contact_number'))).toBeVisible();
    await expect(billing.getByText(t('validation:postal_code'))).toBeVisible();
    await contact.fill('91234567');
    await field(billing, t('customers:customer.address.postal_code')).fill('238872');
    await expect(page.getByTestId('field-error')).toHaveCount(0);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: `${dir}/customer-form-new.png`, fullPage: true });
    await save.click();
    await expectToast(page, t('messages:created'));
    await expect(page).toHaveURL(new RegExp(`/contact-management/customer/list/view\\?id=${code}$`));

    // In the list, and reopened from it with both addresses.
    await page.goto('/contact-management/customer/list');
    await page.getByRole('searchbox').fill(code);
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(name);
    await expect(page.getByRole('row').filter({ hasText: 'Tan Mei Ling' })).toHaveCount(1);
    await page.screenshot({ path: `${dir}/customer-list.png`, fullPage: true });
    await row.getByRole('link', { name: code }).click();
    await expect(field(page, t('customers:customer.fields.chinese_name'))).toHaveValue('陈美玲');
    await expect(field(page, t('customers:customer.fields.birthday'))).toHaveValue('1988-03-05');
    await expect(page.getByTestId('customer-address-0')).toContainText(t('customers:addressTypes.billing'));
    await expect(page.getByTestId('customer-address-1')).toContainText(t('customers:addressTypes.shipping'));
    await expect(page.getByTestId('customer-address-default-1')).toBeChecked();
    await expect(page.getByTestId('customer-transaction-count')).toHaveValue('0');
    await page.screenshot({ path: `${dir}/customer-form-view.png`, fullPage: true });
  });
});
