import { unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { CellObject, Row as WrittenRow } from 'write-excel-file/node';

/**
 * .xlsx in and out on the server (Excel import templates, error reports). Reading keeps numbers as the text
 * the file holds (no float rounding of prices or codes) and dates as Date; writing styles the few things a
 * template needs (bold header, text-formatted input cells, a coloured error column).
 */

/** A cell as read: text (numbers too, exactly as stored), a boolean, a date, or null when empty. */
export type ReadCell = string | boolean | Date | null;

export interface ReadSheet {
  name: string;
  /** Row 1 of the sheet is `rows[0]`; empty rows inside the sheet are kept (as all-null rows). */
  rows: ReadCell[][];
}

/** The file is not a readable .xlsx workbook (a legacy .xls, a renamed file, a damaged zip). */
export class UnreadableWorkbookError extends Error {
  constructor(reason: string) {
    super(`Not a readable .xlsx workbook: ${reason}`);
    this.name = 'UnreadableWorkbookError';
  }
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Whether the bytes are an .xlsx workbook: a zip archive holding `xl/workbook.xml`, whatever the upload was
 * called. Only the archive's directory is read, nothing is inflated.
 */
export function isXlsx(body: Buffer): boolean {
  if (body.length < ZIP_SIGNATURE.length || !body.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) {
    return false;
  }
  let workbook = false;
  try {
    unzipSync(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), {
      filter: (file) => {
        if (file.name === 'xl/workbook.xml') workbook = true;
        return false;
      },
    });
  } catch {
    return false;
  }
  return workbook;
}

/** Every sheet of the workbook, in order. Throws UnreadableWorkbookError when it cannot be read. */
export async function readWorkbook(body: Buffer): Promise<ReadSheet[]> {
  if (!isXlsx(body)) throw new UnreadableWorkbookError('not an .xlsx file');
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    sheets = await readXlsxFile<string>(body, { parseNumber: (text) => text, trim: true });
  } catch (error) {
    throw new UnreadableWorkbookError(error instanceof Error ? error.message : String(error));
  }
  return sheets.map((sheet) => ({ name: sheet.sheet, rows: sheet.data.map((row) => row.map(toReadCell)) }));
}

function toReadCell(value: unknown): ReadCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  return value === '' ? null : value;
}

/** A cell to write: a plain value, or a value with the few styles templates and reports use. */
export type WriteCell =
  | string
  | number
  | boolean
  | Date
  | null
  | {
      value: string | number | null;
      bold?: boolean;
      italic?: boolean;
      /** Stored as text whatever is typed into it later (keeps leading zeros of codes and postal codes). */
      text?: boolean;
      background?: string;
      color?: string;
      wrap?: boolean;
    };

export interface WriteSheet {
  name: string;
  rows: WriteCell[][];
  /** Widths in characters, by column. */
  columnWidths?: number[];
  /** Keep the first row visible while scrolling. */
  stickyHeader?: boolean;
}

/** Sheet names: at most 31 characters, none of `\ / ? * [ ] :`. */
export function sheetName(name: string): string {
  return name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** Writes the sheets as one .xlsx file. */
export async function writeWorkbook(sheets: WriteSheet[]): Promise<Buffer> {
  return writeXlsxFile(
    sheets.map((sheet) => ({
      data: sheet.rows.map((row): WrittenRow => row.map(toWrittenCell)),
      sheet: sheetName(sheet.name),
      ...(sheet.columnWidths && { columns: sheet.columnWidths.map((width) => ({ width })) }),
      ...(sheet.stickyHeader && { stickyRowsCount: 1 }),
    })),
  ).toBuffer();
}

function toWrittenCell(cell: WriteCell): CellObject | null {
  if (cell === null) return null;
  if (typeof cell === 'string') return { value: cell, type: String };
  if (typeof cell === 'number') return { value: cell, type: Number };
  if (typeof cell === 'boolean') return { value: cell, type: Boolean };
  if (cell instanceof Date) return { value: cell, type: Date, format: 'yyyy-mm-dd' };
  const style: CellObject = {
    ...(cell.bold && { fontWeight: 'bold' as const }),
    ...(cell.italic && { fontStyle: 'italic' as const }),
    ...(cell.text && { format: '@' }),
    ...(cell.background && { backgroundColor: cell.background }),
    ...(cell.color && { textColor: cell.color }),
    ...(cell.wrap && { wrap: true, alignVertical: 'top' as const }),
  };
  if (cell.value === null || cell.value === '') return { ...style, type: String };
  return typeof cell.value === 'number'
    ? { ...style, value: cell.value, type: Number }
    : { ...style, value: cell.value, type: String };
}

/** Column width in characters for `text` (CJK characters count twice), between `min` and `max`. */
export function textWidth(text: string, min = 10, max = 60): number {
  const width = [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e7f ? 2 : 1), 0);
  return Math.min(max, Math.max(min, width + 2));
}
