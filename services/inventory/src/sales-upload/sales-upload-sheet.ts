import { CommonErrorCode, SALES_UPLOAD_MAX_ROWS, V } from '@scm/contracts';
import type { SalesUploadColumn } from '@scm/contracts';
import type { Language } from '@scm/i18n';
import {
  AppException,
  UnreadableWorkbookError,
  dataRows,
  importColumn,
  isXlsx,
  matchHeader,
  readWorkbook,
  rowReader,
  templateSheets,
  translateLabel,
  writeWorkbook,
} from '@scm/platform';
import type { ExcelFile, FieldProblem, ImportColumn, RowProblem, UploadedFiles } from '@scm/platform';

/** One data row of an upload, as typed (checked by the service against locations and dates). */
export interface SalesRow {
  row: number;
  plu_code: string;
  quantity: string;
  amount: string;
  /** Blank: the form's value date. */
  sales_date: string | undefined;
  /** Blank: the form's location. */
  location_id: string | undefined;
  shift_code: string | undefined;
  uom: string | undefined;
}

const COLUMNS: ImportColumn<void>[] = [
  importColumn.text('plu_code', 'sales-upload:import.columns.plu_code', { required: true, example: 'PLU-001' }),
  importColumn.number('quantity', 'sales-upload:import.columns.quantity', {
    required: true,
    example: '12',
    note: 'sales-upload:import.notes.quantity',
  }),
  importColumn.number('amount', 'sales-upload:import.columns.amount', {
    required: true,
    example: '58.80',
    note: 'sales-upload:import.notes.amount',
  }),
  importColumn.date('sales_date', 'sales-upload:import.columns.sales_date', {
    example: '2026-11-25',
    note: 'sales-upload:import.notes.sales_date',
  }),
  importColumn.text('location_id', 'sales-upload:import.columns.location_id', {
    example: 'OUTLET1',
    note: 'sales-upload:import.notes.location_id',
  }),
  importColumn.text('shift_code', 'sales-upload:import.columns.shift_code', {
    example: 'S1',
    note: 'sales-upload:import.notes.shift_code',
  }),
  importColumn.text('uom', 'sales-upload:import.columns.uom', { example: 'EA' }),
];

const QUANTITY = /^\d{1,15}(\.\d{1,3})?$/;
const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;

/** The template (.xlsx, headers in `language`). */
export async function salesTemplate(language: Language): Promise<ExcelFile> {
  const sheets = await templateSheets(COLUMNS, language, undefined, {
    canSeeCost: true,
    updates: false,
    notes: ['sales-upload:import.notes.intro'],
  });
  return {
    fileName: `${translateLabel(language, 'sales-upload:import.fileName')}.xlsx`,
    body: await writeWorkbook(sheets),
  };
}

/**
 * The rows of an uploaded file, every cell checked on its own (PLU code, quantity, amount, date): every problem by
 * row and column, or the rows. `shiftRequired`: POS lines (Epoint Excel Upload) are identified by their shift.
 */
export async function readSalesRows(body: Buffer, shiftRequired: boolean): Promise<SalesRow[]> {
  let sheets;
  try {
    sheets = await readWorkbook(body);
  } catch (error) {
    if (error instanceof UnreadableWorkbookError) throw new AppException(CommonErrorCode.SPREADSHEET_TYPE_NOT_ALLOWED);
    throw error;
  }
  const sheet = sheets[0] ? dataRows(sheets[0]) : null;
  if (!sheet || sheet.rows.length === 0)
    throw rowsInvalid([{ row: 1, column: null, rule: 'sales-upload:import.errors.empty' }]);
  if (sheet.rows.length > SALES_UPLOAD_MAX_ROWS) {
    throw rowsInvalid([
      { row: 1, column: null, rule: 'sales-upload:import.errors.tooManyRows', params: { max: SALES_UPLOAD_MAX_ROWS } },
    ]);
  }
  const header = matchHeader(sheet.header, sheet.headerRow, COLUMNS, { canSeeCost: true });
  if (header.problems.length > 0) throw rowsInvalid(header.problems);
  if (shiftRequired && !header.indexOf.has('shift_code')) {
    throw rowsInvalid([
      { row: sheet.headerRow, column: 'shift_code', rule: 'sales-upload:import.errors.shiftColumnRequired' },
    ]);
  }
  const read = rowReader(COLUMNS, header.indexOf);
  const problems: RowProblem[] = [];
  const rows: SalesRow[] = [];
  for (const dataRow of sheet.rows) {
    const { values, problems: cellProblems } = read(dataRow);
    const before = problems.length;
    problems.push(...cellProblems);
    const problem = (column: SalesUploadColumn, rule: string, params?: Record<string, string | number>) =>
      problems.push({ row: dataRow.row, column, rule, ...(params && { params }) });
    const text = (key: SalesUploadColumn) => (typeof values[key] === 'string' ? values[key].trim() : '');
    const plu = text('plu_code');
    if (!plu) problem('plu_code', V.required);
    else if (plu.length > 100) problem('plu_code', V.maxLength, { max: 100 });
    const quantity = text('quantity');
    if (!quantity) problem('quantity', V.required);
    else if (!/^\d+(\.\d+)?$/.test(quantity)) problem('quantity', V.number);
    else if (!QUANTITY.test(quantity)) problem('quantity', V.threeDecimal);
    else if (Number(quantity) === 0) problem('quantity', V.moreThanZero);
    const amount = text('amount');
    if (!amount) problem('amount', V.required);
    else if (!/^\d+(\.\d+)?$/.test(amount)) problem('amount', amount.startsWith('-') ? V.moreOrEqualZero : V.number);
    else if (!AMOUNT.test(amount)) problem('amount', V.twoDecimal);
    const shift = text('shift_code');
    if (shiftRequired && !shift) problem('shift_code', V.required);
    else if (shift.length > 100) problem('shift_code', V.maxLength, { max: 100 });
    const uom = text('uom');
    if (uom.length > 50) problem('uom', V.maxLength, { max: 50 });
    const location = text('location_id');
    if (problems.length > before) continue;
    rows.push({
      row: dataRow.row,
      plu_code: plu,
      quantity,
      amount,
      sales_date: typeof values.sales_date === 'string' ? values.sales_date : undefined,
      location_id: location || undefined,
      shift_code: shift || undefined,
      uom: uom || undefined,
    });
  }
  if (problems.length > 0) throw rowsInvalid(problems);
  return rows;
}

/** The one file of the upload (an .xlsx), read whole. */
export async function readUpload(files: UploadedFiles): Promise<{ body: Buffer; fileName: string }> {
  let upload: { body: Buffer; fileName: string } | undefined;
  await files((file) => {
    if (upload) return Promise.resolve();
    if (!isXlsx(file.body)) return Promise.reject(new AppException(CommonErrorCode.SPREADSHEET_TYPE_NOT_ALLOWED));
    upload = { body: file.body, fileName: file.fileName };
    return Promise.resolve();
  });
  if (!upload) throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [{ field: 'file', rule: V.required }]);
  return upload;
}

/** Every problem as a field error `rows.<row>.<column>` (`rows.<row>.row` for the row or file as a whole). */
export function rowsInvalid(problems: readonly RowProblem[]): AppException {
  const fields: FieldProblem[] = problems.map((problem) => ({
    field: `rows.${problem.row}.${problem.column ?? 'row'}`,
    rule: problem.rule,
    ...(problem.params && { params: problem.params }),
  }));
  return new AppException(CommonErrorCode.VALIDATION_FAILED, {}, fields);
}
