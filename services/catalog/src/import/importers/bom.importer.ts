import { Injectable } from '@nestjs/common';
import { BOM_OWNER_TYPES, pluBomInputSchema, skuBomInputSchema } from '@scm/contracts';
import type { BomKind, BomView, ValidBomInput } from '@scm/contracts';
import { importColumn as column, scopeIds } from '@scm/platform';
import type { RowValues } from '@scm/platform';
import type { ZodType } from 'zod';
import { BomService } from '../../bom/bom.service.js';
import { valuesAsInput } from '../importer.js';
import type { CatalogImportColumn, EntityImporter, ImportContext, ImportLines } from '../importer.js';
import {
  itemCategoryIdByName,
  itemCategoryNames,
  locationIdOf,
  locationNames,
  unitByName,
  unitNames,
} from './bom-import-lookups.js';

/** The consume list: one row per consumed SKU; these columns are the line's, every other the BOM's. */
const LINES: ImportLines = {
  field: 'consume_sku_list',
  columns: ['sku_id', 'quantity_per_uom', 'uom', 'wastage_percentage'],
};

const TEMPLATE_NOTES = ['bom-import:template.lines', 'bom-import:template.replace', 'bom-import:template.cost'];

/** The columns of one kind, in template order (cost is never one: it is derived from prices). */
function bomColumns(kind: BomKind): CatalogImportColumn[] {
  const record = 'bom-import:notes.bomLevel';
  return [
    column.text('bom_id', 'bom:fields.bom_id', { required: true, example: 'BOM-001', note: 'bom-import:notes.bomId' }),
    column.text('bom_name', 'bom:fields.bom_name', { required: true, example: 'Sweet dough', note: record }),
    ...(kind === 'sku_bom'
      ? [
          column.text<ImportContext>('output_sku_id', 'bom:fields.output_sku', {
            required: true,
            example: 'DOUGH',
            note: 'bom-import:notes.outputSku',
          }),
        ]
      : []),
    column.number('output_quantity', 'bom:fields.output_quantity', { required: true, example: '2', note: record }),
    column.reference('output_uom', 'bom:fields.output_uom', {
      required: true,
      example: 'KG',
      fields: ['output_uom_name'],
      note: kind === 'sku_bom' ? 'bom-import:notes.outputUom' : 'bom-import:notes.pluBomOutputUom',
      resolve: (name, values, context: ImportContext) =>
        unitByName(context, name, kind === 'sku_bom' ? values.output_sku_id : undefined),
      options: (context: ImportContext) => unitNames(context),
    }),
    column.reference('category', 'bom:fields.category', {
      required: true,
      example: kind === 'sku_bom' ? 'Pastry' : 'Desserts',
      fields: ['category_id'],
      resolve: (name, _values, context: ImportContext) => itemCategoryIdByName(context, kind, name),
      options: (context: ImportContext) => itemCategoryNames(context, kind),
    }),
    column.choice('owner_type', 'bom:fields.owner_type', BOM_OWNER_TYPES, {
      example: 'Text',
      choiceLabels: 'bom:ownerTypes',
    }),
    column.reference('owner', 'bom:fields.owner', {
      example: 'Central kitchen',
      note: 'bom-import:notes.owner',
      // Free text, unless the owner type says it is a location (then its ID or name).
      resolve: (text, values, context: ImportContext) =>
        values.owner_type === 'location' ? locationIdOf(context, text) : Promise.resolve(text),
      options: (context: ImportContext) => locationNames(context),
    }),
    column.list('hashtag_list', 'bom:fields.hashtag_list', { example: 'dough, base', note: record }),
    column.text('sku_id', 'bom-import:columns.consumedSku', {
      required: true,
      example: 'FLOUR',
      note: 'bom-import:notes.consumedSku',
    }),
    column.number('quantity_per_uom', 'bom:consume.quantity_per_uom', { required: true, example: '1.5' }),
    column.reference('uom', 'bom-import:columns.consumedUom', {
      required: true,
      example: 'KG',
      fields: ['uom_name'],
      note: 'bom-import:notes.consumedUom',
      resolve: (name, values, context: ImportContext) => unitByName(context, name, values.sku_id),
      options: (context: ImportContext) => unitNames(context),
    }),
    column.number('wastage_percentage', 'bom:consume.wastage_percentage', {
      example: '2',
      note: 'bom-import:notes.wastage',
    }),
  ];
}

/**
 * SKU BOMs or PLU BOMs from Excel: one row per consumed SKU, the BOM ID repeated on each row of a BOM, the BOM's
 * own columns read from its first row. The rows of a BOM are its whole consume list (an update replaces it).
 * Written through BomService, so every rule of the form applies (UOMs of the SKU, no cycle, usable references).
 */
abstract class BomImporter implements EntityImporter<ValidBomInput, BomView> {
  readonly codeColumn = 'bom_id';
  readonly lines = LINES;
  readonly templateNotes = TEMPLATE_NOTES;
  readonly columns: readonly CatalogImportColumn[];
  readonly schema: ZodType<ValidBomInput>;
  private readonly recordColumns: readonly CatalogImportColumn[];
  private readonly lineColumns: readonly CatalogImportColumn[];

  protected constructor(
    private readonly kind: BomKind,
    private readonly boms: BomService,
  ) {
    this.columns = bomColumns(kind);
    this.schema = kind === 'sku_bom' ? skuBomInputSchema : pluBomInputSchema;
    this.recordColumns = this.columns.filter((item) => !LINES.columns.includes(item.key));
    this.lineColumns = this.columns.filter((item) => LINES.columns.includes(item.key));
  }

  async findExisting(code: string, context: ImportContext): Promise<BomView | null> {
    // A BOM of another location is not there for this uploader (its code then answers as taken).
    const rows: { bom_id: string }[] = await context.manager.query(
      `SELECT bom_id FROM bom
        WHERE bom_kind = $1 AND custom_plu_id IS NULL AND lower(bom_id) = lower($2)
          AND (owner_type <> 'location' OR $3::text[] IS NULL OR owner = ANY($3))
        LIMIT 1`,
      [this.kind, code, scopeIds(context.scope) ?? null],
    );
    return rows[0] ? this.boms.get(this.kind, rows[0].bom_id, context.scope) : null;
  }

  toInput(values: RowValues, existing: BomView | null, lines: RowValues[] = []): unknown {
    const input = valuesAsInput(this.recordColumns, values, existing);
    // The code as stored (the file may differ in case): an update never changes it.
    if (existing) input.bom_id = existing.bom_id;
    input.consume_sku_list = lines.map((line) => valuesAsInput(this.lineColumns, line, null));
    return input;
  }

  /** A BOM without any consume row: said on the consumed SKU column of its first row. */
  columnOf(field: string): string | null | undefined {
    return field === LINES.field ? 'sku_id' : undefined;
  }

  create(input: ValidBomInput, context: ImportContext): Promise<BomView> {
    return this.boms.create(this.kind, input, context.scope);
  }

  update(existing: BomView, input: ValidBomInput, context: ImportContext): Promise<BomView> {
    return this.boms.update(this.kind, existing.bom_id, input, context.scope);
  }
}

/** SKU BOMs from Excel (`/api/catalog/imports/sku-boms`, key SKU_BOM). */
@Injectable()
export class SkuBomImporter extends BomImporter {
  static readonly entity = 'sku-boms';
  static readonly permission = 'SKU_BOM';
  static readonly label = 'routes:skuBom';

  constructor(boms: BomService) {
    super('sku_bom', boms);
  }
}

/** PLU BOMs from Excel (`/api/catalog/imports/plu-boms`, key PLU_BOM). */
@Injectable()
export class PluBomImporter extends BomImporter {
  static readonly entity = 'plu-boms';
  static readonly permission = 'PLU_BOM';
  static readonly label = 'routes:pluBom';

  constructor(boms: BomService) {
    super('plu_bom', boms);
  }
}
