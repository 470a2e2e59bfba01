import { Injectable } from '@nestjs/common';
import { pluInputSchema } from '@scm/contracts';
import type { PluView, ValidPluInput } from '@scm/contracts';
import { importColumn as column } from '@scm/platform';
import type { RowValues } from '@scm/platform';
import { PluService } from '../../plu/plu.service.js';
import { existingCode, valuesAsInput } from '../importer.js';
import type { CatalogImportColumn, EntityImporter, ImportContext } from '../importer.js';
import { itemCategoryIdByName, itemCategoryNames, pluBomCodeOf, pluBomCodes } from './bom-import-lookups.js';

/**
 * PLUs from Excel (`/api/catalog/imports/plus`, key PLU): one row per PLU, its category by name and its PLU BOM
 * by BOM ID. Custom BOMs are not imported: a PLU that has one keeps it when the row's BOM cell is blank, and moves
 * to the named PLU BOM otherwise. Cost and margin follow from the BOM (never columns).
 */
@Injectable()
export class PluImporter implements EntityImporter<ValidPluInput, PluView> {
  static readonly entity = 'plus';
  static readonly permission = 'PLU';
  static readonly label = 'routes:plu';

  readonly codeColumn = 'plu_id';
  readonly schema = pluInputSchema;
  readonly templateNotes = ['bom-import:template.pluBom'];
  readonly columns: readonly CatalogImportColumn[] = [
    column.text('plu_id', 'plu:fields.plu_id', { required: true, example: 'PLU-001', note: 'import:notes.code' }),
    column.text('plu_name', 'plu:fields.plu_name', { required: true, example: 'Iced latte' }),
    column.text('ch_display_name', 'plu:fields.ch_display_name', { example: '冰拿铁' }),
    column.number('suggested_price', 'plu:fields.suggested_price', { required: true, example: '5.50' }),
    column.text('barcode', 'plu:fields.barcode', { example: '8888001234567' }),
    column.reference('category', 'plu:fields.category', {
      required: true,
      example: 'Drinks',
      fields: ['category_id'],
      resolve: (name, _values, context: ImportContext) => itemCategoryIdByName(context, 'plu', name),
      options: (context: ImportContext) => itemCategoryNames(context, 'plu'),
    }),
    column.reference('bom', 'plu:fields.bom', {
      required: true,
      example: 'BOM-LATTE',
      fields: ['bom_id', 'custom_bom'],
      note: 'bom-import:notes.pluBom',
      resolve: (code, _values, context: ImportContext) => pluBomCodeOf(context, code),
      options: (context: ImportContext) => pluBomCodes(context),
    }),
  ];

  constructor(private readonly plus: PluService) {}

  async findExisting(code: string, context: ImportContext): Promise<PluView | null> {
    const stored = await existingCode(context, 'plu', 'plu_id', code);
    return stored === null ? null : this.plus.get(stored);
  }

  toInput(values: RowValues, existing: PluView | null): unknown {
    const input = valuesAsInput(this.columns, values, existing);
    if (existing) input.plu_id = existing.plu_id;
    if (existing?.bom_type === 'custom' && (input.bom_id === undefined || input.bom_id === null)) {
      // No BOM named: the PLU keeps its custom BOM as it is.
      const bom = existing.bom;
      input.bom_type = 'custom';
      input.custom_bom = {
        consume_sku_list: bom.consume_sku_list.map((line) => ({
          sku_id: line.sku_id,
          quantity_per_uom: line.quantity_per_uom,
          uom_name: line.uom_name,
          wastage_percentage: line.wastage_percentage,
        })),
        output_quantity: bom.output_quantity,
        output_uom_name: bom.output_uom_name,
      };
    } else input.bom_type = 'existing';
    return input;
  }

  create(input: ValidPluInput): Promise<PluView> {
    return this.plus.create(input);
  }

  update(existing: PluView, input: ValidPluInput): Promise<PluView> {
    return this.plus.update(existing.plu_id, input);
  }
}
