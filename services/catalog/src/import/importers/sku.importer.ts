import { Injectable } from '@nestjs/common';
import { SKU_RULES, V, skuInputSchema, unitKey } from '@scm/contracts';
import type { SkuView, ValidSkuInput } from '@scm/contracts';
import { importColumn as column, parseListCell } from '@scm/platform';
import type { RowValues } from '@scm/platform';
import { z } from 'zod';
import { SkuService } from '../../sku/sku.service.js';
import { existingCode, idByName, namesOf, valuesAsInput } from '../importer.js';
import { unitByName, unitNames } from './bom-import-lookups.js';
import type { CatalogImportColumn, EntityImporter, ImportContext } from '../importer.js';

const CATEGORY = { table: 'sku_category', id: 'category_id', name: 'category_name' };
const SUB_CATEGORY = { table: 'sku_sub_category', id: 'sub_category_id', name: 'sub_category_name', status: false };

/** The UOM columns besides the conversions, by input field. */
const UOM_COLUMNS = {
  primary_uom: 'primary_uom_name',
  purchasing_uom: 'purchasing_uom_name',
  receiving_uom: 'receiving_uom_name',
  counting_uom: 'counting_uom_name',
} as const;
type UomField = (typeof UOM_COLUMNS)[keyof typeof UOM_COLUMNS];

/** Columns `toInput` builds itself (nested lists), not through `valuesAsInput`. */
const LIST_COLUMNS = new Set(['uom_conversions', 'supplier_list']);

/** A problem the importer finds itself (a name it cannot resolve, a cell it cannot read), at an input field. */
interface RowProblem {
  path: (string | number)[];
  rule: string;
  params?: Record<string, string | number>;
}

/** What the reference columns of one row found, for `toInput` (which cannot query). */
interface SkuRowState {
  /** The units cell: each unit found with its factor, or null to take it from the UOM record (`1` stands in for an
   * unreadable factor). */
  conversions?: { uom_name: string; factor: string | null }[];
  /** The supplier IDs found, as stored. */
  suppliers?: string[];
  /** Whether `toInput` put the primary UOM's row first (1:1) itself. */
  impliedPrimary?: boolean;
  /** The UOM fields whose cell named no UOM (already a problem of their column). */
  unresolved: Set<string>;
  problems: RowProblem[];
}

/** What `toInput` answers: the SKU input, the row's own problems, and input fields whose issues only repeat them. */
interface SkuImportRow {
  input: Record<string, unknown>;
  problems: readonly RowProblem[];
  /** Exact field paths, or prefixes (`field.`), whose schema issues are left out. */
  quiet: readonly string[];
}

/** SKU rules worded for a sheet: a UOM column must name the primary UOM or one of the conversions. */
const RENAMED: Record<string, string> = { [SKU_RULES.uomNotListed]: 'validation.import_uom_not_listed' };

/**
 * The schema an import row is checked with: the SKU's own input schema, plus the row's own problems (each an
 * issue at its field, with its message) in one answer, without issues that only repeat a problem already named.
 */
const skuImportSchema = z.custom<SkuImportRow>().transform((row, ctx): ValidSkuInput => {
  for (const problem of row.problems) {
    ctx.addIssue({ code: 'custom', message: problem.rule, path: problem.path, params: problem.params });
  }
  const parsed = skuInputSchema.safeParse(row.input, { reportInput: true });
  if (parsed.success) return row.problems.length === 0 ? parsed.data : z.NEVER;
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    if (row.quiet.some((quiet) => field === quiet || (quiet.endsWith('.') && field.startsWith(quiet)))) continue;
    // Issues are added again: a missing value is said as "required" here (the copy would carry an input).
    if (issue.code === 'invalid_type' && issue.input === undefined) {
      ctx.addIssue({ code: 'custom', message: V.required, path: issue.path });
    } else {
      ctx.addIssue({ ...issue, message: RENAMED[issue.message] ?? issue.message });
    }
  }
  return z.NEVER;
});

/** Messages of the import's own problems (validation.json). */
const RULES = {
  conversionFormat: 'validation.import_uom_conversion_format',
  factor: 'validation.import_uom_factor',
  uomNotFound: 'validation.import_uom_not_found',
  supplierNotFound: 'validation.import_supplier_not_found',
} as const;

/** The unit a cell names (any case), as the SKU or a new or active UOM record spells it, or null. */
function findUnit(context: ImportContext, text: string, values: RowValues): Promise<string | null> {
  return unitByName(context, text, values.sku_id);
}

/** The units that may be chosen (every name on a new or active UOM record), for the template's notes. */
function uomLabels(context: ImportContext): Promise<string[]> {
  return unitNames(context);
}

/** The supplier with this ID (case-insensitive) that may be chosen, as stored, or null. */
async function findSupplier(context: ImportContext, supplierId: string): Promise<string | null> {
  const rows: { supplier_id: string }[] = await context.manager.query(
    `SELECT supplier_id FROM supplier WHERE lower(supplier_id) = lower($1) AND status <> 'archived' LIMIT 1`,
    [supplierId],
  );
  return rows[0]?.supplier_id ?? null;
}

/** The supplier IDs that may be chosen, for the template's notes. */
async function supplierIds(context: ImportContext): Promise<string[]> {
  const rows: { id: string }[] = await context.manager.query(
    `SELECT supplier_id AS id FROM supplier WHERE status <> 'archived' ORDER BY lower(supplier_id) LIMIT 200`,
  );
  return rows.map((row) => row.id);
}

/**
 * SKUs from Excel (`/api/catalog/imports/skus`, key SKU), one row per SKU with every field of its form:
 * category and sub-category by name; the primary, purchasing, receiving and counting units by their names (KG,
 * BAG: docs/units-of-measure.md); the other units in one cell, `BAG, CARTON=12` (a unit alone takes its factor
 * from the UOM record; `CARTON=12` is 1 CARTON = 12 primary units; the primary unit is always there with factor
 * 1); suppliers and the default supplier by supplier ID.
 * A SKU ID that exists (any case) updates that SKU: the UOM conversions and suppliers cells replace its lists,
 * columns the file leaves out keep what it has.
 */
@Injectable()
export class SkuImporter implements EntityImporter<ValidSkuInput, SkuView> {
  static readonly entity = 'skus';
  static readonly permission = 'SKU';
  static readonly label = 'sku:sku.exportFileName';

  readonly codeColumn = 'sku_id';
  readonly schema = skuImportSchema;
  readonly columns: readonly CatalogImportColumn[];

  /** Each row's findings, by its values object (the runner hands the same one to resolvers and `toInput`). */
  private readonly rows = new WeakMap<RowValues, SkuRowState>();

  constructor(private readonly skus: SkuService) {
    const uomColumn = (key: keyof typeof UOM_COLUMNS, example: string, note: string) =>
      column.reference(key, `sku:sku.fields.${key}`, {
        required: true,
        example,
        note,
        fields: [UOM_COLUMNS[key]],
        resolve: (text, values, context: ImportContext) => this.resolveUom(text, values, context, UOM_COLUMNS[key]),
        options: uomLabels,
      });
    this.columns = [
      column.text('sku_id', 'sku:sku.fields.sku_id', { required: true, example: 'SKU-001', note: 'import:notes.code' }),
      column.text('name', 'sku:sku.fields.name', { required: true, example: 'Jasmine rice 5kg' }),
      column.text('display_name', 'sku:sku.fields.display_name', { required: true, example: 'Jasmine Rice' }),
      column.text('ch_display_name', 'sku:sku.fields.ch_display_name', { example: '茉莉香米' }),
      column.list('alternate_display_name_list', 'sku:sku.fields.alternate_display_name_list', {
        example: 'Thai rice, Fragrant rice',
      }),
      column.reference('category', 'sku:sku.fields.category', {
        required: true,
        example: 'Dry Goods',
        fields: ['category_id'],
        resolve: (name, _values, context: ImportContext) => idByName(context, CATEGORY, name),
        options: (context: ImportContext) => namesOf(context, CATEGORY),
      }),
      column.reference('sub_category', 'sku:sku.fields.sub_category', {
        example: 'Rice',
        fields: ['sub_category_id'],
        note: 'import:notes.subCategory',
        // Within the row's category: unknown until the category is.
        resolve: async (name, values, context: ImportContext) =>
          typeof values.category === 'string'
            ? idByName(context, SUB_CATEGORY, name, { column: 'category_id', value: values.category })
            : undefined,
        options: async (context: ImportContext) => {
          const rows: { name: string }[] = await context.manager.query(
            `SELECT c.category_name || ' / ' || s.sub_category_name AS name
               FROM sku_sub_category s JOIN sku_category c ON c.category_id = s.category_id
              WHERE c.status <> 'archived' ORDER BY lower(c.category_name), s.position LIMIT 200`,
          );
          return rows.map((row) => row.name);
        },
      }),
      uomColumn('primary_uom', 'PCS', 'sku:sku.import.notes.uom'),
      column.reference('uom_conversions', 'sku:sku.import.columns.uom_conversions', {
        example: 'BOX, CARTON=12',
        fields: ['uom_list'],
        note: 'sku:sku.import.notes.uomConversions',
        resolve: (text, values, context: ImportContext) => this.resolveConversions(text, values, context),
        options: uomLabels,
      }),
      uomColumn('purchasing_uom', 'BOX', 'sku:sku.import.notes.listedUom'),
      uomColumn('receiving_uom', 'BOX', 'sku:sku.import.notes.listedUom'),
      uomColumn('counting_uom', 'PCS', 'sku:sku.import.notes.listedUom'),
      column.reference('supplier_list', 'sku:sku.fields.supplier_list', {
        example: 'SUP-001, SUP-002',
        note: 'sku:sku.import.notes.suppliers',
        resolve: (text, values, context: ImportContext) => this.resolveSuppliers(text, values, context),
        options: supplierIds,
      }),
      column.reference('default_supplier', 'sku:sku.fields.default_supplier', {
        example: 'SUP-001',
        fields: ['default_supplier_id'],
        note: 'sku:sku.import.notes.defaultSupplier',
        resolve: (supplierId, _values, context: ImportContext) => findSupplier(context, supplierId),
        options: supplierIds,
      }),
      column.text('barcode', 'sku:sku.fields.barcode', { example: '8850000000011' }),
      column.number('threshold', 'sku:sku.fields.threshold', { required: true, example: '10' }),
      column.boolean('is_inventorise', 'sku:sku.fields.is_inventorise', { required: true, example: 'Yes' }),
      column.number('default_wastage_percentage', 'sku:sku.fields.default_wastage_percentage', {
        required: true,
        example: '2.5',
      }),
      column.number('max_order_qty', 'sku:sku.fields.max_order_qty', { example: '500' }),
      column.text('account_code', 'sku:sku.fields.account_code', { example: 'AC-100' }),
      column.text('gl_code', 'sku:sku.fields.gl_code', { example: 'GL-5000' }),
      column.list('hashtag_list', 'sku:sku.fields.hashtag_list', { example: 'rice, staple' }),
      column.text('supplier_description', 'sku:sku.fields.supplier_description', { example: 'Thai Hom Mali, 5kg bag' }),
      column.text('product_brand', 'sku:sku.fields.product_brand', { example: 'Royal Umbrella' }),
      column.text('packaging_detail', 'sku:sku.fields.packaging_detail', { example: '4 bags per carton' }),
    ];
  }

  async findExisting(code: string, context: ImportContext): Promise<SkuView | null> {
    const stored = await existingCode(context, 'sku', 'sku_id', code);
    return stored === null ? null : this.skus.get(stored);
  }

  toInput(values: RowValues, existing: SkuView | null): unknown {
    const state = this.state(values);
    const input = valuesAsInput(
      this.columns.filter((item) => !LIST_COLUMNS.has(item.key)),
      values,
      existing,
    );
    if (existing) input.sku_id = existing.sku_id;

    // The unit rows: the primary 1:1 first (unless the file gives it another factor, which the schema refuses),
    // then the units cell's; without the column, the SKU's own (with their factors).
    const primary = typeof input.primary_uom_name === 'string' ? input.primary_uom_name : undefined;
    const isPrimary = (name: string) => primary !== undefined && unitKey(name) === unitKey(primary);
    const rows =
      'uom_conversions' in values
        ? (state.conversions ?? []).filter(
            (row) => !(isPrimary(row.uom_name) && (row.factor === null || Number(row.factor) === 1)),
          )
        : (existing?.uom_list ?? []).map((row) => ({ uom_name: row.uom_name, factor: row.factor }));
    state.impliedPrimary = primary !== undefined && !rows.some((row) => isPrimary(row.uom_name));
    input.uom_list = state.impliedPrimary ? [{ uom_name: primary, factor: null }, ...rows] : rows;

    input.supplier_list =
      'supplier_list' in values
        ? (state.suppliers ?? [])
        : (existing?.supplier_list ?? []).map((row) => row.supplier_id);

    // A field with a problem of our own says it once; without a primary UOM, an empty UOM list is no news.
    const quiet = state.problems.map((problem) => `${String(problem.path[0])}.`);
    quiet.push(...state.problems.map((problem) => String(problem.path[0])));
    if (state.unresolved.has('primary_uom_name')) quiet.push('uom_list');
    const row: SkuImportRow = { input, problems: state.problems, quiet };
    return row;
  }

  /** A UOM row is the conversions cell's, except the primary's 1:1 row that `toInput` put first itself. */
  columnOf(field: string, values: RowValues): string | null | undefined {
    if (/^uom_list\.0(\.|$)/.test(field) && this.state(values).impliedPrimary) return 'primary_uom';
    return undefined;
  }

  create(input: ValidSkuInput): Promise<SkuView> {
    return this.skus.create(input);
  }

  update(existing: SkuView, input: ValidSkuInput): Promise<SkuView> {
    return this.skus.update(existing.sku_id, input);
  }

  private state(values: RowValues): SkuRowState {
    let state = this.rows.get(values);
    if (!state) {
      state = { problems: [], unresolved: new Set() };
      this.rows.set(values, state);
    }
    return state;
  }

  /** A unit column: the unit as spelled; null when nothing names it (the framework says "not found"). */
  private async resolveUom(
    text: string,
    values: RowValues,
    context: ImportContext,
    field: UomField,
  ): Promise<string | null> {
    const unit = await findUnit(context, text, values);
    if (unit === null) this.state(values).unresolved.add(field);
    return unit;
  }

  /**
   * `BAG, CARTON=12`: each unit, alone (its factor from the UOM record) or with the primary units one of it
   * holds; the findings go to the row's state.
   */
  private async resolveConversions(text: string, values: RowValues, context: ImportContext): Promise<undefined> {
    const state = this.state(values);
    const conversions: { uom_name: string; factor: string | null }[] = [];
    const problem = (rule: string, params: Record<string, string | number>) =>
      state.problems.push({ path: ['uom_list'], rule, params });
    for (const item of parseListCell(text.replace(/＝/g, '='))) {
      const equals = item.lastIndexOf('=');
      const name = (equals >= 0 ? item.slice(0, equals) : item).trim();
      const factor = equals >= 0 ? item.slice(equals + 1).trim() : null;
      if (name === '' || factor === '') {
        problem(RULES.conversionFormat, { value: item });
        continue;
      }
      const unit = await findUnit(context, name, values);
      if (unit === null) problem(RULES.uomNotFound, { value: name });
      const readable = factor === null || (/^\d+(\.\d+)?$/.test(factor) && Number(factor) > 0);
      if (!readable) problem(RULES.factor, { value: name });
      // An unreadable factor stands in as 1: the row is refused anyway, and the unit still counts as listed.
      if (unit !== null) conversions.push({ uom_name: unit, factor: readable ? factor : '1' });
    }
    state.conversions = conversions;
    return undefined;
  }

  /** Supplier IDs separated by commas, each as stored; an unknown one is a problem of the cell. */
  private async resolveSuppliers(text: string, values: RowValues, context: ImportContext): Promise<undefined> {
    const state = this.state(values);
    const suppliers: string[] = [];
    for (const supplierId of parseListCell(text)) {
      const stored = await findSupplier(context, supplierId);
      if (stored === null) {
        state.problems.push({ path: ['supplier_list'], rule: RULES.supplierNotFound, params: { value: supplierId } });
      } else suppliers.push(stored);
    }
    state.suppliers = suppliers;
    return undefined;
  }
}
