import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  apiSession,
  createScopedUser,
  documentAction as action,
  permission,
  postAdjustment,
  seedLocation,
  seedSkus,
} from './fixtures/stock.ts';
import type { ApiSession } from './fixtures/stock.ts';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

const SCREENSHOTS_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * Issue 13 "Stock release", in both languages: the director releases 4 SACK from the kitchen to a customer
 * (EXTERNAL, with an invoice no.) on /inventory/stock-release, the kitchen's approver approves it, the director splits
 * it into deliveries of 3 and 1 (SPLIT), and the first delivery's receipt of 2 is recorded (PARTIALLY RECEIVED, 1 not
 * received). Then in the RJ_SR context
 * (/sales-management/stock-release) a consignment of 2 SACK: approved (Available and consigned out), settled with
 * 1 sold and 1 returned (PARTIALLY RECEIVED; the lines read Item sold / the list filter finds it by item state).
 */
test.describe('stock release', { tag: ['@stock-release'] }, () => {
  test('an external release partly received and a consignment settled, to a customer', async ({
    page,
    t,
    signInAs,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const tag = `${testInfo.project.name}${randomBytes(3).toString('hex')}`.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const kitchen = `CK-${tag}`;
    const skuId = `RICE-${tag}`;
    const sack = `SACK-${tag}`;
    const customer = `CUS-${tag}`;

    const director = await apiSession(baseURL!, DIRECTOR);
    const approver = await createScopedUser({
      tag,
      prefix: 'sra',
      location: kitchen,
      permissions: [
        permission('SA', true, true),
        permission('SR', true, true, true),
        permission('RJ_SR', true, true, true),
      ],
      employeeName: 'Kitchen approver',
      firstAllowedPath: '/inventory/stock-release',
      approvalLimit: 1_000_000,
    });
    const approverApi = await apiSession(baseURL!, approver);
    try {
      await seedLocation(director, `${tag}K`, { id: kitchen, name: `Kitchen ${tag}`, category: `Kitchens ${tag}` });
      await seedSkus(director, { uom: sack, category: `Rice ${tag}`, skus: [{ id: skuId, name: `Rice ${tag}` }] });
      await postAdjustment(
        { writer: approverApi, submitter: approverApi, approver: director },
        {
          location_id: kitchen,
          lines: [{ item_id: skuId, uom_name: sack, adjustment_quantity: '10', unit_cost: '20' }],
        },
      );
      await director.ok('POST', '/api/catalog/customers', {
        customer_code: customer,
        customer_name: `Mary Lim ${tag}`,
        salutation: 'Ms',
        gender: 'female',
        email: 'mary@example.com',
        primary_contact_no: '91234567',
        mailing_list: false,
        contact_mode: 'SMS',
        address_list: [
          {
            address_type: 'shipping',
            address: '2 Jalan Ampang',
            country: 'Malaysia',
            postal_code: '501234',
            is_default: true,
          },
        ],
      });
      // Inventory knows the customer from catalog's event.
      await expect
        .poll(async () => JSON.stringify(await director.ok('GET', '/api/inventory/stock-transfers/customers')), {
          timeout: 30_000,
        })
        .toContain(customer);
    } finally {
      await director.dispose();
    }

    const approve = async (api: ApiSession, id: string) => {
      const view = await api.ok<{ revision: number }>('GET', `/api/inventory/stock-transfers/${id}`);
      const approved = await api.ok<{ status: string }>('POST', `/api/inventory/stock-transfers/${id}/approve`, {
        revision: view.revision,
      });
      expect(approved.status).toBe('APPROVED');
    };

    const write = async (path: string, type: string | null, quantity: string) => {
      await page.goto(path);
      await page.getByTestId('document-create').click();
      await expect(page).toHaveURL(`${path}/new`);
      if (type) {
        await page.getByTestId('sr-type').click();
        await page.getByRole('option', { name: type, exact: true }).click();
      }
      await page.getByTestId('sr-from').click();
      await page.getByRole('option', { name: new RegExp(`^${kitchen}`) }).click();
      await page.getByTestId('sr-customer').click();
      await page.getByRole('option', { name: new RegExp(`^${customer}`) }).click();
      // The customer's contact details come from catalog.
      await expect(page.getByLabel(t('stock-transfer:fields.contact_no'))).toHaveValue('91234567');
      await page.getByLabel(t('stock-transfer:fields.invoice_no')).fill(`INV-${tag}`);
      await page.getByTestId('item-picker').fill(skuId);
      await page.getByTestId(`item-option-sku-${skuId}`).click();
      await page.getByTestId('sr-lines-quantity-0').fill(quantity);
      await action(page, t('documents:actions.submit')).click();
      await expect(page).toHaveURL(new RegExp(`${path}/view\\?id=`));
      await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.pending_approval'));
      return { url: page.url(), id: new URL(page.url()).searchParams.get('id')! };
    };

    try {
      await signInAs(DIRECTOR);

      // EXTERNAL: to a customer, from the ordinary page.
      const external = await write('/inventory/stock-release', t('stock-transfer:types.EXTERNAL'), '4');
      await approve(approverApi, external.id);
      await page.goto(external.url);
      await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.approved'));
      await expect(page.getByLabel(t('stock-transfer:fields.invoice_no'))).toHaveValue(`INV-${tag}`);
      // Split into two deliveries (3 + 1): the deliveries must add up to the release.
      await action(page, t('documents:actions.split')).click();
      const split = page.getByTestId('split-dialog');
      await split.getByTestId('split-qty-0-1').fill('2');
      await split.getByTestId('split-qty-1-1').fill('1');
      await split.getByTestId('split-confirm').click();
      await expect(split.getByTestId('split-error').first()).toHaveText(t('stock-transfer:messages.splitMismatch'));
      await split.getByTestId('split-qty-0-1').fill('3');
      await split.getByTestId('split-confirm').click();
      await expect(split).toHaveCount(0);
      await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.split'));
      const deliveries = page.getByTestId('sr-split').getByRole('link');
      await expect(deliveries).toHaveCount(2);
      // The first delivery (3): the customer received 2, 1 did not arrive.
      await deliveries.first().click();
      await expect(page.getByTestId('sr-split')).toContainText(t('stock-transfer:splitFrom'));
      await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.approved'));
      await action(page, t('documents:actions.receive')).click();
      const receive = page.getByTestId('receive-dialog');
      await receive.getByTestId('sr-received-1').fill('2');
      await receive.getByTestId('sr-rejected-1').fill('1');
      await receive.getByTestId('sr-reason-1').click();
      await page.getByRole('option', { name: t('stock-transfer:reasons.DAMAGED'), exact: true }).click();
      await receive.getByTestId('receive-confirm').click();
      await expect(receive).toHaveCount(0);
      await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.partially_received'));
      await page.screenshot({
        path: `${SCREENSHOTS_DIR}${testInfo.project.name}/stock-release-external-received.png`,
        fullPage: true,
      });
      await expect(page.getByTestId('sr-lines').getByTestId('sr-received')).toHaveText('2');
      await expect(page.getByTestId('sr-lines').getByTestId('sr-rejected')).toHaveText('1');

      // EXTERNAL_CONSIGNMENT: only offered in the RJ_SR context, where it is the default type.
      const consignment = await write('/sales-management/stock-release', null, '2');
      await expect(page.getByTestId('sr-type')).toContainText(t('stock-transfer:types.EXTERNAL_CONSIGNMENT'));
      await approve(approverApi, consignment.id);
      await page.goto(consignment.url);
      await expect(page.getByTestId('sr-item-state')).toHaveText(
        t('stock-transfer:itemStates.AVAILABLE AND CONSIGNED OUT'),
      );
      await action(page, t('documents:actions.settle')).click();
      const settle = page.getByTestId('settle-dialog');
      await settle.getByTestId('sr-sold-1').fill('3');
      await settle.getByTestId('settle-confirm').click();
      await expect(settle.getByTestId('settle-error')).toHaveText(t('stock-transfer:messages.settleTooMuch'));
      await settle.getByTestId('sr-sold-1').fill('1');
      await settle.getByTestId('sr-returned-1').fill('1');
      await settle.getByTestId('settle-confirm').click();
      await expect(settle).toHaveCount(0);
      await expect(page.getByTestId('form-shell')).toContainText(t('kit:status.partially_received'));
      await expect(page.getByTestId('sr-item-state')).toHaveText(t('stock-transfer:itemStates.ITEM SOLD'));
      await page.screenshot({
        path: `${SCREENSHOTS_DIR}${testInfo.project.name}/stock-release-consignment-settled.png`,
        fullPage: true,
      });

      // The RJ list: the consignment by its item state.
      await page.goto('/sales-management/stock-release');
      await expect(page.getByRole('heading', { name: t('routes:rjStockRelease') })).toBeVisible();
      await expect(page.getByTestId('stock-release-list')).toContainText(t('stock-transfer:itemStates.ITEM SOLD'));
    } finally {
      await approverApi.dispose();
    }
  });
});
