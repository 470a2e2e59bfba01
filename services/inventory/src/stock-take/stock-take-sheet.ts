import { CommonErrorCode, V } from '@scm/contracts';
import type { StockTakeView } from '@scm/contracts';
import { LANGUAGES } from '@scm/i18n';
import type { Language } from '@scm/i18n';
import {
  AppException,
  UnreadableWorkbookError,
  cellText,
  dataRows,
  headerKey,
  isXlsx,
  readWorkbook,
  translateLabel,
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

/** The sheet's column labels (stock-take catalogs, `sheet.columns`), written in the caller's language. */
const COLUMN_LABELS = {
  item_type: 'stock-take:sheet.columns.item_type',
  item_id: 'stock-take:sheet.columns.item_id',
  item_name: 'stock-take:sheet.columns.item_name',
  category: 'stock-take:sheet.columns.category',
  unit: 'stock-take:sheet.columns.unit',
  system_quantity: 'stock-take:sheet.columns.system_quantity',
  counted_quantity: 'stock-take:sheet.columns.counted_quantity',
  remark: 'stock-take:sheet.columns.remark',
} as const;

const ITEM_TYPES = ['sku', 'product'] as const;
const itemTypeLabel = (language: Language, itemType: string) =>
  translateLabel(language, `documents:itemTypes.${itemType}`);

/** A column's label in every language, as headerKey reads it: a sheet written in either language reads back. */
const labelsOf = (key: string) => LANGUAGES.map((language) => headerKey(translateLabel(language, key)));

/**
 * Header names each column is recognised by (headerKey: any case, no trailing `*`): the labels the sheet is written
 * with, in every language, and the other names people type.
 */
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
  const column = (names: readonly string[], label: string) =>
    keys.findIndex((key) => names.includes(key) || labelsOf(label).includes(key));
  const typeAt = column(HEADERS.item_type, COLUMN_LABELS.item_type);
  const idAt = column(HEADERS.item_id, COLUMN_LABELS.item_id);
  const countAt = column(HEADERS.counted_quantity, COLUMN_LABELS.counted_quantity);
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
      item_type: typeAt >= 0 ? itemTypeOf(cellText(cells[typeAt])) : null,
      item_id: itemId,
      counted_quantity: cellText(cells[countAt]) ?? null,
    });
  }
  if (problems.length > 0) throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, problems);
  return rows;
}

/** An item type cell: its code, or its label in any language (the sheet writes labels), else as typed. */
function itemTypeOf(text: string | undefined): string | null {
  if (text === undefined) return null;
  const key = headerKey(text);
  const known = ITEM_TYPES.find(
    (itemType) =>
      key === itemType || LANGUAGES.some((language) => headerKey(itemTypeLabel(language, itemType)) === key),
  );
  return known ?? text;
}

/**
 * The counting sheet as .xlsx (printable, and the file to fill in and import back): one row per line in its
 * counting unit; the system quantity only when the view shows it (never on a blind count being counted). Its
 * headers and item types are in `language` (the caller's); `readCountRows` reads a sheet of either language.
 */
export async function countSheet(view: StockTakeView, language: Language): Promise<ExcelFile> {
  const showSystem = view.lines.some((line) => line.system_quantity !== null);
  const label = (key: string): WriteCell => ({ value: translateLabel(language, key), bold: true });
  const header: WriteCell[] = [
    label(COLUMN_LABELS.item_type),
    label(COLUMN_LABELS.item_id),
    label(COLUMN_LABELS.item_name),
    label(COLUMN_LABELS.category),
    label(COLUMN_LABELS.unit),
    ...(showSystem ? [label(COLUMN_LABELS.system_quantity)] : []),
    label(COLUMN_LABELS.counted_quantity),
    label(COLUMN_LABELS.remark),
  ];
  const rows: WriteCell[][] = view.lines.map((line) => [
    itemTypeLabel(language, line.item_type),
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
