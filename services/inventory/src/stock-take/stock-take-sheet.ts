import { CommonErrorCode, V } from '@scm/contracts';
import type { StockTakeView } from '@scm/contracts';
import {
  AppException,
  UnreadableWorkbookError,
  cellText,
  dataRows,
  headerKey,
  isXlsx,
  readWorkbook,
  writeWorkbook,
} from '@scm/platform';
import type { ExcelFile, UploadedFiles, WriteCell } from '@scm/platform';

/** A row of an uploaded count sheet. */
export interface CountRow {
  /** The spreadsheet's row number. */
  row: number;
  item_type: string | null;
  item_id: string;
  /** As typed (checked by the service); null: left blank, not counted. */
  counted_quantity: string | null;
}

/** Header names each column is recognised by (headerKey: any case, no trailing `*`), English and Chinese. */
const HEADERS = {
  item_type: ['item type', 'item_type', 'type', '类型', '物品类型'],
  item_id: [
    'item id',
    'item_id',
    'sku id',
    'sku_id',
    'product code',
    'product_code',
    'code',
    '物品编号',
    '编号',
    'sku 编号',
  ],
  counted_quantity: [
    'counted quantity',
    'counted_quantity',
    'counted',
    'count',
    'quantity',
    '盘点数量',
    '实盘数量',
    '数量',
  ],
} as const;

/** The one .xlsx file of the upload, read whole. */
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

/**
 * The rows of a count sheet: the first sheet, its first non-blank row the header, with an item id column and a
 * counted quantity column (the sheet `countSheet` writes, or any sheet with those headers; an item type column is
 * optional). Blank rows are skipped; a row without an item id is named.
 */
export async function readCountRows(files: UploadedFiles): Promise<CountRow[]> {
  let sheets;
  try {
    sheets = await readWorkbook(await readUpload(files));
  } catch (error) {
    if (error instanceof UnreadableWorkbookError) throw new AppException(CommonErrorCode.SPREADSHEET_TYPE_NOT_ALLOWED);
    throw error;
  }
  const sheet = sheets[0] ? dataRows(sheets[0]) : null;
  if (!sheet) throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [{ field: 'file', rule: V.required }]);
  const keys = sheet.header.map((cell) => headerKey(cellText(cell) ?? ''));
  const column = (names: readonly string[]) => keys.findIndex((key) => names.includes(key));
  const typeAt = column(HEADERS.item_type);
  const idAt = column(HEADERS.item_id);
  const countAt = column(HEADERS.counted_quantity);
  const missing = [...(idAt < 0 ? ['item_id'] : []), ...(countAt < 0 ? ['counted_quantity'] : [])].map((name) => ({
    field: `rows.${sheet.headerRow}.${name}`,
    rule: V.required,
  }));
  if (missing.length > 0) throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, missing);

  const problems: { field: string; rule: string }[] = [];
  const rows: CountRow[] = [];
  for (const { row, cells } of sheet.rows) {
    const itemId = cellText(cells[idAt]);
    if (itemId === undefined) {
      problems.push({ field: `rows.${row}.item_id`, rule: V.required });
      continue;
    }
    rows.push({
      row,
      item_type: typeAt >= 0 ? (cellText(cells[typeAt]) ?? null) : null,
      item_id: itemId,
      counted_quantity: cellText(cells[countAt]) ?? null,
    });
  }
  if (problems.length > 0) throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, problems);
  return rows;
}

/**
 * The counting sheet as .xlsx (printable, and the file to fill in and import back): one row per line in its
 * counting unit; the system quantity only when the view shows it (never on a blind count being counted).
 */
export async function countSheet(view: StockTakeView): Promise<ExcelFile> {
  const showSystem = view.lines.some((line) => line.system_quantity !== null);
  const header: WriteCell[] = [
    { value: 'Item type', bold: true },
    { value: 'Item ID', bold: true },
    { value: 'Item name', bold: true },
    { value: 'Category', bold: true },
    { value: 'Unit', bold: true },
    ...(showSystem ? [{ value: 'System quantity', bold: true }] : []),
    { value: 'Counted quantity', bold: true },
    { value: 'Remark', bold: true },
  ];
  const rows: WriteCell[][] = view.lines.map((line) => [
    line.item_type,
    { value: line.item_id, text: true },
    line.item_name,
    line.category_name,
    line.uom_name,
    ...(showSystem ? [line.system_quantity] : []),
    { value: line.counted_quantity, text: true },
    line.remark,
  ]);
  const body = await writeWorkbook([
    { name: view.doc_no, rows: [header, ...rows], stickyHeader: true, columnWidths: [10, 18, 30, 18, 8, 16, 16, 30] },
  ]);
  return { body, fileName: `${view.doc_no}.xlsx` };
}
