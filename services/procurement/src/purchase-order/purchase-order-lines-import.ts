import { Inject, Injectable } from '@nestjs/common';
import { CommonErrorCode, V, purchaseOrderLineInputSchema, unitKey } from '@scm/contracts';
import type {
  AccessTokenClaims,
  PurchaseOrderCheckedLine,
  PurchaseOrderLineImportColumn,
  PurchaseOrderLinesCheck,
} from '@scm/contracts';
import type { Language } from '@scm/i18n';
import {
  AppException,
  DATA_SOURCE,
  UnreadableWorkbookError,
  assertLocationsInScope,
  dataRows,
  fieldProblemsOf,
  importColumn,
  isXlsx,
  locationScopeOf,
  matchHeader,
  readWorkbook,
  rowReader,
  templateSheets,
  translateLabel,
  writeWorkbook,
} from '@scm/platform';
import type { ExcelFile, FieldProblem, ImportColumn, RowProblem, UploadedFiles } from '@scm/platform';
import type { DataSource } from 'typeorm';
import type { SkuReplicaRow } from '../replicas/sku-replica.repository.js';

/** Most data rows a lines file may hold: a PO has at most 500 lines (the input schema's bound). */
const MAX_ROWS = 500;

/** The template's columns, keyed as PURCHASE_ORDER_LINE_IMPORT_COLUMNS; the price is a cost. */
const COLUMNS: ImportColumn<void>[] = [
  importColumn.text('sku_id', 'purchase-order:import.columns.sku_id', { required: true, example: 'FLOUR-25' }),
  importColumn.text('uom_name', 'purchase-order:import.columns.uom_name', {
    required: true,
    example: 'CTN',
    note: 'purchase-order:import.notes.uom_name',
  }),
  importColumn.number('quantity', 'purchase-order:fields.quantity', {
    required: true,
    example: '12.5',
    note: 'purchase-order:import.notes.quantity',
  }),
  importColumn.number('unit_price', 'purchase-order:fields.unit_price', {
    cost: true,
    example: '4.20',
    note: 'purchase-order:import.notes.unit_price',
  }),
  importColumn.text('remark', 'purchase-order:fields.remark', { example: '' }),
];

/** Which column a problem of the line schema's field belongs to (they share their keys). */
const COLUMN_OF: Record<string, PurchaseOrderLineImportColumn> = {
  sku_id: 'sku_id',
  uom_name: 'uom_name',
  quantity: 'quantity',
  unit_price: 'unit_price',
  remark: 'remark',
};

/**
 * PO lines from Excel (issue "PO lines importable from Excel"): the template in the caller's language, and the
 * check of a filled one. Each row goes through purchaseOrderLineInputSchema — the same rules a saved PO's lines
 * meet — and procurement's SKU replica (a live SKU, one of its units). Nothing is stored: the answer is the lines
 * for the form to add, or every problem by row and column; the PO's own save checks them again.
 */
@Injectable()
export class PurchaseOrderLinesImport {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async template(user: AccessTokenClaims, language: Language): Promise<ExcelFile> {
    const sheets = await templateSheets(COLUMNS, language, undefined, {
      canSeeCost: user.cost,
      // Rows add lines to the form; nothing is updated by its code.
      updates: false,
      notes: ['purchase-order:import.notes.merge'],
    });
    return {
      fileName: `${translateLabel(language, 'purchase-order:import.fileName')}.xlsx`,
      body: await writeWorkbook(sheets),
    };
  }

  async check(
    user: AccessTokenClaims,
    files: UploadedFiles,
    locationId: string | undefined,
  ): Promise<PurchaseOrderLinesCheck> {
    // The PO's location, when the form has one: lines are not checked for a location the caller may not order for.
    if (locationId) assertLocationsInScope(locationScopeOf(user), [{ field: 'location_id', locationId }]);
    const body = await readUpload(files);
    let sheets;
    try {
      sheets = await readWorkbook(body);
    } catch (error) {
      if (error instanceof UnreadableWorkbookError)
        throw new AppException(CommonErrorCode.SPREADSHEET_TYPE_NOT_ALLOWED);
      throw error;
    }
    const sheet = sheets[0] ? dataRows(sheets[0]) : null;
    if (!sheet || sheet.rows.length === 0)
      throw invalid([{ row: 1, column: null, rule: 'purchase-order:import.errors.empty' }]);
    if (sheet.rows.length > MAX_ROWS) {
      throw invalid([
        { row: 1, column: null, rule: 'purchase-order:import.errors.tooManyRows', params: { max: MAX_ROWS } },
      ]);
    }
    const header = matchHeader(sheet.header, sheet.headerRow, COLUMNS, { canSeeCost: user.cost });
    if (header.problems.length > 0) throw invalid(header.problems);

    const skus = await this.skusNamed(sheet.rows.map((row) => row.cells[header.indexOf.get('sku_id')!]));
    const read = rowReader(COLUMNS, header.indexOf);
    const problems: RowProblem[] = [];
    const lines: PurchaseOrderCheckedLine[] = [];
    for (const dataRow of sheet.rows) {
      const { values, problems: cellProblems } = read(dataRow);
      problems.push(...cellProblems);
      const problem = (column: string, rule: string, params?: Record<string, string | number>) =>
        problems.push({ row: dataRow.row, column, rule, ...(params && { params }) });
      const parsed = purchaseOrderLineInputSchema.safeParse(
        {
          sku_id: values.sku_id ?? '',
          uom_name: values.uom_name ?? '',
          quantity: values.quantity ?? '',
          unit_price: values.unit_price ?? null,
          remark: values.remark ?? '',
        },
        { reportInput: true },
      );
      const wrong = new Set<string>();
      if (!parsed.success) {
        // The platform's reading of the schema's issues, so a cell's message is the one the form shows.
        for (const field of fieldProblemsOf(withUnionReasons(parsed.error))) {
          const column = COLUMN_OF[field.field.split('.')[0]] ?? 'sku_id';
          if (wrong.has(column)) continue;
          wrong.add(column);
          problem(column, field.rule, field.params);
        }
      }
      // The SKU and its unit, told even when another cell is wrong, so one pass over the file shows everything.
      const code = typeof values.sku_id === 'string' ? values.sku_id.trim() : '';
      const sku = code ? skus.get(code.toLowerCase()) : undefined;
      if (code && !wrong.has('sku_id') && !sku) {
        problem('sku_id', 'purchase-order:import.errors.skuUnknown', { sku: code });
        wrong.add('sku_id');
      }
      const given = typeof values.uom_name === 'string' ? values.uom_name.trim() : '';
      const unit = sku?.uom_list.find((candidate) => unitKey(candidate.uom_name) === unitKey(given));
      if (sku && given && !wrong.has('uom_name') && !unit) {
        problem('uom_name', 'purchase-order:import.errors.unitUnknown', {
          uom: given,
          units: sku.uom_list.map((candidate) => candidate.uom_name).join(', '),
        });
        wrong.add('uom_name');
      }
      if (!parsed.success || !sku || !unit || cellProblems.length > 0) continue;
      lines.push({
        row: dataRow.row,
        sku_id: sku.sku_id,
        sku_name: sku.name,
        uom_name: unit.uom_name,
        uom_list: sku.uom_list,
        quantity: parsed.data.quantity,
        unit_price: parsed.data.unit_price,
        remark: parsed.data.remark,
      });
    }
    if (problems.length > 0) throw invalid(problems);
    return { lines };
  }

  /** The live SKUs the file names, by lower-cased code, read once for the whole file. */
  private async skusNamed(cells: unknown[]): Promise<Map<string, Pick<SkuReplicaRow, 'sku_id' | 'name' | 'uom_list'>>> {
    const codes = [
      ...new Set(cells.filter((cell): cell is string => typeof cell === 'string').map((c) => c.trim().toLowerCase())),
    ];
    const rows = await this.dataSource.query<Pick<SkuReplicaRow, 'sku_id' | 'name' | 'uom_list'>[]>(
      `SELECT sku_id, name, uom_list FROM sku_replica
        WHERE lower(sku_id) = ANY($1) AND NOT deleted AND status <> 'archived'`,
      [codes],
    );
    return new Map(rows.map((row) => [row.sku_id.toLowerCase(), row]));
  }
}

/**
 * The price is "blank, or a decimal": a wrong one fails every branch of that union, which zod tells as one
 * invalid_union issue ("Invalid value"). The decimal branch's own reason (valid number, ≥ 0, …) is the message the
 * cell needs, so it takes the union's place.
 */
type ZodError = Parameters<typeof fieldProblemsOf>[0];

function withUnionReasons(error: ZodError): ZodError {
  const issues = error.issues.map((issue) => {
    if (issue.code !== 'invalid_union') return issue;
    const reason = issue.errors.flat().find((nested) => nested.message.startsWith('validation.'));
    return reason ? { ...reason, path: [...issue.path, ...reason.path] } : issue;
  });
  return { issues } as ZodError;
}

/** The one file of the upload (an .xlsx), read whole. */
async function readUpload(files: UploadedFiles): Promise<Buffer> {
  let body: Buffer | undefined;
  await files((file) => {
    if (body) return Promise.resolve();
    if (!isXlsx(file.body)) return Promise.reject(new AppException(CommonErrorCode.SPREADSHEET_TYPE_NOT_ALLOWED));
    body = file.body;
    return Promise.resolve();
  });
  if (!body) throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [{ field: 'file', rule: V.required }]);
  return body;
}

/** Every problem as a field error `rows.<row>.<column>` (`rows.<row>.row` for the row or file as a whole). */
function invalid(problems: readonly RowProblem[]): AppException {
  const fields: FieldProblem[] = problems.map((problem) => ({
    field: `rows.${problem.row}.${problem.column ?? 'row'}`,
    rule: problem.rule,
    ...(problem.params && { params: problem.params }),
  }));
  return new AppException(CommonErrorCode.VALIDATION_FAILED, {}, fields);
}
