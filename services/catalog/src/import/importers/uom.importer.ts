import { Injectable } from '@nestjs/common';
import { uomInputSchema } from '@scm/contracts';
import type { UomView, ValidUomInput } from '@scm/contracts';
import { importColumn as column } from '@scm/platform';
import type { RowValues } from '@scm/platform';
import { UomService } from '../../uom/uom.service.js';
import { valuesAsInput } from '../importer.js';
import type { CatalogImportColumn, EntityImporter, ImportContext } from '../importer.js';

const SEPARATOR = '\u0000';

/**
 * UOMs from Excel (`/api/catalog/imports/uoms`, key UOM). A UOM is known by its name and secondary UOM together
 * (case-insensitive): a row naming an existing pair updates its factor, any other row creates a UOM.
 */
@Injectable()
export class UomImporter implements EntityImporter<ValidUomInput, UomView> {
  static readonly entity = 'uoms';
  static readonly permission = 'UOM';
  static readonly label = 'uom:exportFileName';

  readonly codeColumn = 'uom_name';
  readonly schema = uomInputSchema;
  readonly columns: readonly CatalogImportColumn[] = [
    column.text('uom_name', 'uom:fields.uom_name', { required: true, example: 'PCS', note: 'import:notes.uom' }),
    column.text('secondary_uom', 'uom:fields.secondary_uom', { required: true, example: 'CARTON' }),
    column.number('uom_per_primary', 'uom:fields.uom_per_primary', { required: true, example: '24' }),
  ];

  constructor(private readonly uoms: UomService) {}

  codeOf(values: RowValues): string | undefined {
    const { uom_name: name, secondary_uom: secondary } = values;
    return typeof name === 'string' && typeof secondary === 'string' ? `${name}${SEPARATOR}${secondary}` : undefined;
  }

  async findExisting(code: string, context: ImportContext): Promise<UomView | null> {
    const [name, secondary] = code.split(SEPARATOR);
    const rows: { uom_id: string }[] = await context.manager.query(
      `SELECT uom_id FROM uom WHERE lower(uom_name) = lower($1) AND lower(secondary_uom) = lower($2) LIMIT 1`,
      [name, secondary],
    );
    return rows[0] ? this.uoms.get(rows[0].uom_id) : null;
  }

  toInput(values: RowValues, existing: UomView | null): unknown {
    const input = valuesAsInput(this.columns, values, existing);
    // The pair as stored (the file may differ in case): an import changes the factor only.
    if (existing) Object.assign(input, { uom_name: existing.uom_name, secondary_uom: existing.secondary_uom });
    return input;
  }

  create(input: ValidUomInput): Promise<UomView> {
    return this.uoms.create(input);
  }

  update(existing: UomView, input: ValidUomInput): Promise<UomView> {
    return this.uoms.update(existing.uom_id, input);
  }
}
