import { Injectable } from '@nestjs/common';
import {
  CURRENCIES,
  DECLARATION_TYPES,
  PRODUCT_PERMISSION_KEYS,
  SHIPPING_METHODS,
  STOCK_TYPES,
  productInputSchema,
} from '@scm/contracts';
import type { ProductView, ValidProductInput } from '@scm/contracts';
import { importColumn as column } from '@scm/platform';
import type { RowValues } from '@scm/platform';
import { ProductService } from '../../product/product.service.js';
import { existingCode, idByName, valuesAsInput } from '../importer.js';
import type { CatalogImportColumn, EntityImporter, ImportContext } from '../importer.js';

const CATEGORY = { table: 'item_category', id: 'category_id', name: 'category_name' };
const PRODUCT_KIND = { column: 'kind', value: 'product' };

/**
 * Products from Excel, one row per product with the fields of its form (images and documents are not imported;
 * the USD prices and the mark-up are derived, never columns). The category is a product category by name, the
 * tax one of the settings' GST rates (blank: the default rate). The default cost is a cost column: a user without
 * can_see_cost gets a template without it and an upload with it refused (the stored cost stays).
 *
 * One product master, two pages (SPEC.md §2): `/api/catalog/imports/products` needs edit on PRODUCT
 * (/PLUSKU/product-management) or RJ_PRODUCT (/product/overview), like the product API itself.
 */
@Injectable()
export class ProductImporter implements EntityImporter<ValidProductInput, ProductView> {
  static readonly entity = 'products';
  static readonly permission = PRODUCT_PERMISSION_KEYS;
  static readonly label = 'products:product.exportFileName';

  readonly codeColumn = 'product_code';
  readonly schema = productInputSchema;
  readonly columns: readonly CatalogImportColumn[] = [
    column.text('product_code', 'products:product.fields.product_code', {
      required: true,
      example: 'RJ-001',
      note: 'import:notes.code',
    }),
    column.text('product_name', 'products:product.fields.product_name', { required: true, example: 'Jade bangle' }),
    column.text('alt_name', 'products:product.fields.alt_name', {
      example: 'Imperial jade bangle',
      note: 'products:product.hints.alt_name',
    }),
    column.text('brand', 'products:product.fields.brand', { example: 'Lotus' }),
    column.reference('category', 'products:product.fields.category', {
      required: true,
      example: 'Jewellery',
      fields: ['category_id'],
      resolve: (name, _values, context: ImportContext) => idByName(context, CATEGORY, name, PRODUCT_KIND),
      options: async (context: ImportContext) => {
        const rows: { name: string }[] = await context.manager.query(
          `SELECT category_name AS name FROM item_category WHERE kind = 'product' AND status <> 'archived'
            ORDER BY lower(category_name) LIMIT 200`,
        );
        return rows.map((row) => row.name);
      },
    }),
    column.number('width', 'products:product.fields.width', { example: '62.5' }),
    column.number('height', 'products:product.fields.height', { example: '12' }),
    column.number('diameter', 'products:product.fields.diameter', { example: '58' }),
    column.number('weight_grams', 'products:product.fields.weight_grams', { example: '41.275' }),
    column.text('time_period', 'products:product.fields.time_period', { example: 'Qing dynasty' }),
    column.text('country_origin', 'products:product.fields.country_origin', { example: 'Myanmar' }),
    column.list('hashtag_list', 'products:product.fields.hashtag_list', { example: 'jade, antique' }),
    column.text('description', 'products:product.fields.description', { example: 'Translucent green jadeite.' }),
    column.choice('native_currency', 'products:product.fields.native_currency', CURRENCIES, {
      required: true,
      example: 'SGD',
    }),
    column.number('default_cost', 'products:product.fields.default_cost', {
      example: '1000',
      cost: true,
      note: 'products:product.hints.default_cost',
    }),
    column.number('retail_price_native', 'products:product.fields.retail_price_native', {
      required: true,
      example: '1350',
    }),
    column.number('discount', 'products:product.fields.discount', { example: '5' }),
    column.number('tax', 'products:product.fields.tax', { example: '9', note: 'products:product.hints.tax' }),
    column.choice('stock_type', 'products:product.fields.stock_type', STOCK_TYPES, {
      required: true,
      example: 'Consignment',
      choiceLabels: 'products:stockTypes',
    }),
    column.text('supplier_description', 'products:product.fields.supplier_description', {
      example: 'Bangle, jadeite, A grade',
    }),
    column.text('remarks', 'products:product.fields.remarks', { example: 'Keep in safe' }),
    column.text('permit_no', 'products:product.fields.permit_no', { example: 'IP-2026-0042' }),
    column.date('arrival_date', 'products:product.fields.arrival_date', { example: '2026-01-05' }),
    column.date('shipout_date', 'products:product.fields.shipout_date', { example: '2026-02-01' }),
    column.choice('declaration_type', 'products:product.fields.declaration_type', DECLARATION_TYPES, {
      example: 'TIB',
      choiceLabels: 'products:declarationTypes',
    }),
    column.choice('shipping_method', 'products:product.fields.shipping_method', SHIPPING_METHODS, {
      example: 'Malca-Amit',
    }),
    column.boolean('gross_margin_scheme', 'products:product.fields.gross_margin_scheme', {
      example: 'Yes',
      note: 'products:product.hints.gross_margin_scheme',
    }),
    column.number('total_tax', 'products:product.fields.total_tax', { example: '94.5' }),
  ];

  constructor(private readonly products: ProductService) {}

  async findExisting(code: string, context: ImportContext): Promise<ProductView | null> {
    const stored = await existingCode(context, 'product', 'product_code', code);
    return stored === null ? null : this.products.get(stored);
  }

  toInput(values: RowValues, existing: ProductView | null): unknown {
    // Columns the file leaves out keep the product's values (its cost too, for a user who may see it).
    const input = valuesAsInput(this.columns, values, existing);
    if (existing) input.product_code = existing.product_code;
    return input;
  }

  create(input: ValidProductInput, context: ImportContext): Promise<ProductView> {
    return this.products.create({ cost: context.canSeeCost }, input);
  }

  update(existing: ProductView, input: ValidProductInput, context: ImportContext): Promise<ProductView> {
    return this.products.update({ cost: context.canSeeCost }, existing.product_code, input);
  }
}
