import { Injectable } from '@nestjs/common';
import { CONTACT_MODES, COUNTRIES, GENDERS, SALUTATIONS, customerInputSchema } from '@scm/contracts';
import type { AddressType, CustomerAddress, CustomerView, ValidCustomerInput } from '@scm/contracts';
import { importColumn as column } from '@scm/platform';
import type { RowValues } from '@scm/platform';
import { CustomerService } from '../../customer/customer.service.js';
import { existingCode, valuesAsInput } from '../importer.js';
import type { CatalogImportColumn, EntityImporter, ImportContext } from '../importer.js';

/** The address columns of each type, by address field. */
const ADDRESS_COLUMNS: Record<AddressType, { address: string; country: string; postal_code: string }> = {
  billing: { address: 'billing_address', country: 'billing_country', postal_code: 'billing_postal_code' },
  shipping: { address: 'shipping_address', country: 'shipping_country', postal_code: 'shipping_postal_code' },
};
const ADDRESS_KEYS = new Set(Object.values(ADDRESS_COLUMNS).flatMap((columns) => Object.values(columns)));

/**
 * Customers from Excel (`/api/catalog/imports/customers`, key RJ_CUSTOMER): tags comma-separated, dates
 * YYYY-MM-DD, and one billing and one shipping address per row, each becoming the default of its type (an
 * update keeps the customer's other addresses, no longer default).
 */
@Injectable()
export class CustomerImporter implements EntityImporter<ValidCustomerInput, CustomerView> {
  static readonly entity = 'customers';
  static readonly permission = 'RJ_CUSTOMER';
  static readonly label = 'customers:customer.exportFileName';

  readonly codeColumn = 'customer_code';
  readonly schema = customerInputSchema;
  readonly columns: readonly CatalogImportColumn[] = [
    column.text('customer_code', 'customers:customer.fields.customer_code', {
      required: true,
      example: 'CUS-001',
      note: 'import:notes.code',
    }),
    column.text('customer_name', 'customers:customer.fields.customer_name', {
      required: true,
      example: 'Tan Mei Ling',
    }),
    column.choice('salutation', 'customers:customer.fields.salutation', SALUTATIONS, {
      required: true,
      example: 'Ms',
      choiceLabels: 'customers:salutations',
    }),
    column.text('chinese_name', 'customers:customer.fields.chinese_name', { example: '陈美玲' }),
    column.choice('gender', 'customers:customer.fields.gender', GENDERS, {
      required: true,
      example: 'female',
      choiceLabels: 'customers:genders',
    }),
    column.text('email', 'customers:customer.fields.email', { example: 'meiling@example.com' }),
    column.text('primary_contact_no', 'customers:customer.fields.primary_contact_no', {
      required: true,
      example: '91234567',
      note: 'import:notes.contactNumber',
    }),
    column.text('secondary_contact_no', 'customers:customer.fields.secondary_contact_no', { example: '' }),
    column.date('birthday', 'customers:customer.fields.birthday', { example: '1990-05-17' }),
    column.date('wedding_anniversary', 'customers:customer.fields.wedding_anniversary', { example: '' }),
    column.boolean('mailing_list', 'customers:customer.fields.mailing_list', { required: true, example: 'Yes' }),
    column.choice('contact_mode', 'customers:customer.fields.contact_mode', CONTACT_MODES, {
      required: true,
      example: 'WhatsApp/Telegram',
      choiceLabels: 'customers:contactModes',
    }),
    column.text('occupation', 'customers:customer.fields.occupation', { example: 'Teacher' }),
    column.text('company', 'customers:customer.fields.company', { example: '' }),
    column.text('department', 'customers:customer.fields.department', { example: '' }),
    column.list('tags', 'customers:customer.fields.tags', { example: 'vip, wholesale' }),
    column.text('billing_address', 'import:columns.customer.billingAddress', {
      example: '1 Raffles Place',
      fields: ['address_list'],
      note: 'import:notes.customerAddress',
    }),
    column.choice('billing_country', 'import:columns.customer.billingCountry', COUNTRIES, {
      example: 'Singapore',
      choiceLabels: 'customers:countries',
    }),
    column.text('billing_postal_code', 'import:columns.customer.billingPostalCode', {
      example: '048616',
      note: 'import:notes.postalCode',
    }),
    column.text('shipping_address', 'import:columns.customer.shippingAddress', { example: '1 Raffles Place' }),
    column.choice('shipping_country', 'import:columns.customer.shippingCountry', COUNTRIES, {
      example: 'Singapore',
      choiceLabels: 'customers:countries',
    }),
    column.text('shipping_postal_code', 'import:columns.customer.shippingPostalCode', {
      example: '048616',
      note: 'import:notes.postalCode',
    }),
  ];

  constructor(private readonly customers: CustomerService) {}

  async findExisting(code: string, context: ImportContext): Promise<CustomerView | null> {
    const stored = await existingCode(context, 'customer', 'customer_code', code);
    return stored === null ? null : this.customers.get(stored);
  }

  toInput(values: RowValues, existing: CustomerView | null): unknown {
    const plain = this.columns.filter((item) => !ADDRESS_KEYS.has(item.key));
    const input = valuesAsInput(plain, values, existing);
    if (existing) input.customer_code = existing.customer_code;
    const given = givenTypes(values);
    const kept = (existing?.address_list ?? []).map((address) =>
      given.includes(address.address_type) ? { ...address, is_default: false } : address,
    );
    input.address_list = [
      ...given.map((type) => ({
        address_type: type,
        address: values[ADDRESS_COLUMNS[type].address],
        country: values[ADDRESS_COLUMNS[type].country],
        postal_code: values[ADDRESS_COLUMNS[type].postal_code],
        is_default: true,
      })),
      ...kept.filter((address: CustomerAddress) => !isSameAddress(address, values)),
    ];
    return input;
  }

  /** `address_list.<i>.<field>`: the i-th address is the row's billing one (if given), then its shipping one. */
  columnOf(field: string, values: RowValues): string | null | undefined {
    const match = /^address_list\.(\d+)\.(address|country|postal_code)/.exec(field);
    if (!match) return undefined;
    const type = givenTypes(values)[Number(match[1])];
    return type ? ADDRESS_COLUMNS[type][match[2] as 'address' | 'country' | 'postal_code'] : 'billing_address';
  }

  create(input: ValidCustomerInput): Promise<CustomerView> {
    return this.customers.create(input);
  }

  update(existing: CustomerView, input: ValidCustomerInput): Promise<CustomerView> {
    return this.customers.update(existing.customer_code, input);
  }
}

/** The address types the row fills in (any of its three cells), billing first. */
function givenTypes(values: RowValues): AddressType[] {
  return (Object.keys(ADDRESS_COLUMNS) as AddressType[]).filter((type) =>
    Object.values(ADDRESS_COLUMNS[type]).some((key) => values[key] !== undefined),
  );
}

/** An existing address the row repeats (same type, address and postal code) is replaced, not kept twice. */
function isSameAddress(address: CustomerAddress, values: RowValues): boolean {
  const columns = ADDRESS_COLUMNS[address.address_type];
  return (
    typeof values[columns.address] === 'string' &&
    (values[columns.address] as string).toLowerCase() === address.address.toLowerCase() &&
    values[columns.postal_code] === address.postal_code
  );
}
