import { Injectable } from '@nestjs/common';
import { COUNTRIES, GST_PRICE_TYPES, SUPPLIER_TAX_TYPES, TAX_RATES, supplierInputSchema } from '@scm/contracts';
import type { SupplierView, ValidSupplierInput } from '@scm/contracts';
import { importColumn as column } from '@scm/platform';
import type { RowValues } from '@scm/platform';
import { SupplierService } from '../../supplier/supplier.service.js';
import { existingCode, idByName, namesOf, valuesAsInput } from '../importer.js';
import type { CatalogImportColumn, EntityImporter, ImportContext } from '../importer.js';

const CATEGORY = { table: 'supplier_category', id: 'category_id', name: 'category_name' };

/**
 * Suppliers from Excel (`/api/catalog/imports/suppliers`, key SUPPLIER): one row per supplier, the category
 * by name, hashtags comma-separated. A supplier ID that exists updates that supplier, else one is created.
 */
@Injectable()
export class SupplierImporter implements EntityImporter<ValidSupplierInput, SupplierView> {
  static readonly entity = 'suppliers';
  static readonly permission = 'SUPPLIER';
  static readonly label = 'suppliers:supplier.exportFileName';

  readonly codeColumn = 'supplier_id';
  readonly schema = supplierInputSchema;
  readonly columns: readonly CatalogImportColumn[] = [
    column.text('supplier_id', 'suppliers:supplier.fields.supplier_id', {
      required: true,
      example: 'SUP-001',
      note: 'import:notes.code',
    }),
    column.text('company_name', 'suppliers:supplier.fields.company_name', {
      required: true,
      example: 'Fresh Farms Pte Ltd',
    }),
    column.reference('category', 'suppliers:supplier.fields.category', {
      required: true,
      example: 'Produce',
      fields: ['category_id'],
      resolve: (name, _values, context: ImportContext) => idByName(context, CATEGORY, name),
      options: (context: ImportContext) => namesOf(context, CATEGORY),
    }),
    column.text('account_no', 'suppliers:supplier.fields.account_no', { example: 'AC-778' }),
    column.number('credit_term_in_days', 'suppliers:supplier.fields.credit_term_in_days', {
      required: true,
      example: '30',
    }),
    column.text('contact_name', 'suppliers:supplier.fields.contact_name', { required: true, example: 'Alice Tan' }),
    column.text('contact_no', 'suppliers:supplier.fields.contact_no', {
      required: true,
      example: '91234567',
      note: 'import:notes.contactNumber',
    }),
    column.text('contact_email', 'suppliers:supplier.fields.contact_email', { example: 'alice@freshfarms.sg' }),
    column.text('company_uen', 'suppliers:supplier.fields.company_uen', { example: '201912345K' }),
    column.text('company_website', 'suppliers:supplier.fields.company_website', { example: 'www.freshfarms.sg' }),
    column.text('address', 'suppliers:supplier.fields.address', { required: true, example: '10 Pasir Panjang Road' }),
    column.text('postal_code', 'suppliers:supplier.fields.postal_code', {
      required: true,
      example: '117438',
      note: 'import:notes.postalCode',
    }),
    column.choice('country', 'suppliers:supplier.fields.country', COUNTRIES, {
      required: true,
      example: 'Singapore',
      choiceLabels: 'suppliers:countries',
    }),
    column.number('minimum_order_value', 'suppliers:supplier.fields.minimum_order_value', {
      required: true,
      example: '150.00',
    }),
    column.choice('tax_type', 'suppliers:supplier.fields.tax_type', SUPPLIER_TAX_TYPES, {
      required: true,
      example: 'GST',
      choiceLabels: 'suppliers:taxTypes',
      note: 'import:notes.zeroRated',
    }),
    column.choice('gst_price_type', 'suppliers:supplier.fields.gst_price_type', GST_PRICE_TYPES, {
      required: true,
      example: 'exclusive',
      choiceLabels: 'suppliers:gstPriceTypes',
    }),
    column.choice('gst_rate', 'suppliers:supplier.fields.gst_rate', TAX_RATES, { required: true, example: '9' }),
    column.choice('tax_rate', 'suppliers:supplier.fields.tax_rate', TAX_RATES, { required: true, example: '9' }),
    column.text('gst_reg_no', 'suppliers:supplier.fields.gst_reg_no', { example: 'M2-1234567-8' }),
    column.text('tax_reg_no', 'suppliers:supplier.fields.tax_reg_no', { example: '' }),
    column.list('hashtag_list', 'suppliers:supplier.fields.hashtag_list', { example: 'organic, vegetables' }),
    column.text('terms_and_conditions', 'suppliers:supplier.fields.terms_and_conditions', { example: 'Net 30' }),
    column.text('remark', 'suppliers:supplier.fields.remark', { example: 'Morning deliveries' }),
  ];

  constructor(private readonly suppliers: SupplierService) {}

  async findExisting(code: string, context: ImportContext): Promise<SupplierView | null> {
    const stored = await existingCode(context, 'supplier', 'supplier_id', code);
    return stored === null ? null : this.suppliers.get(stored);
  }

  toInput(values: RowValues, existing: SupplierView | null): unknown {
    const input = valuesAsInput(this.columns, values, existing);
    // The code as stored (the file may differ in case): an update never changes it.
    if (existing) input.supplier_id = existing.supplier_id;
    return input;
  }

  create(input: ValidSupplierInput): Promise<SupplierView> {
    return this.suppliers.create(input);
  }

  update(existing: SupplierView, input: ValidSupplierInput): Promise<SupplierView> {
    return this.suppliers.update(existing.supplier_id, input);
  }
}
