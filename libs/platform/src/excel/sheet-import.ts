import type { Language } from '@scm/i18n';
import { LANGUAGES } from '@scm/i18n';
import {
  INVALID_CELL,
  cellText,
  headerKey,
  isBlankRow,
  parseBooleanCell,
  parseDateCell,
  parseListCell,
} from './cells.js';
import { translateLabel } from './labels.js';
import { textWidth } from './workbook.js';
import type { ReadCell, ReadSheet, WriteCell, WriteSheet } from './workbook.js';

/**
 * The sheet side of an Excel import, independent of what is imported and where it goes: the columns an
 * importer declares, the template they make, the header of an upload matched to them (in either language),
 * each row's cells converted to values with per-cell problems, and the error report.
 */

export type ImportColumnKind = 'text' | 'number' | 'boolean' | 'date' | 'list' | 'choice' | 'reference';

/** One column of an import. `C` is what a reference column needs to resolve names (e.g. a transaction). */
export interface ImportColumn<C = unknown> {
  /** Stable key: also accepted as the header, and the field of the input unless `fields` says otherwise. */
  key: string;
  /** i18n key of the header, `ns:path` (e.g. `suppliers:supplier.fields.company_name`). */
  label: string;
  kind: ImportColumnKind;
  required?: boolean;
  /** A value shown in the template's notes. */
  example: string;
  /** Input field paths (dot-joined, array indexes included) whose validation errors this column reports. */
  fields?: readonly string[];
  /** `choice`: the stored values allowed. */
  choices?: readonly (string | number)[];
  /** `choice`: i18n key prefix naming each value (`suppliers:countries` → `suppliers:countries.Singapore`). */
  choiceLabels?: string;
  /** i18n key of a note shown in the template (`ns:path`). */
  note?: string;
  /** A cost or price: not in the template, and refused in an upload, for users without can_see_cost. */
  cost?: boolean;
  /**
   * `reference`: the id of the record named `text`, or null when there is none (a problem of the cell), or
   * undefined when it cannot be told because a column it depends on is wrong (already a problem).
   */
  resolve?: (text: string, values: RowValues, context: C) => Promise<string | null | undefined>;
  /** `reference`: the names that may be used, listed in the template's notes. */
  options?: (context: C) => Promise<string[]>;
}

/**
 * A row's values by column key: text, boolean, string[] (lists), a choice's stored value, or undefined for an
 * empty cell. Columns the sheet does not have are not keys at all (`key in values` tells them apart).
 */
export type RowValues = Record<string, unknown>;

/** A problem before translation: the i18n key of its message and the values of its placeholders. */
export interface RowProblem {
  /** Spreadsheet row number (1 = the first row). */
  row: number;
  /** Column key, or null for the row (or file) as a whole. */
  column: string | null;
  rule: string;
  params?: Record<string, string | number>;
}

/** Column helpers, so an importer's declaration reads as a table. */
type ColumnOptions<C> = Omit<ImportColumn<C>, 'key' | 'label' | 'kind'>;
export const importColumn = {
  text: <C>(key: string, label: string, options: ColumnOptions<C>): ImportColumn<C> => ({
    key,
    label,
    kind: 'text',
    ...options,
  }),
  number: <C>(key: string, label: string, options: ColumnOptions<C>): ImportColumn<C> => ({
    key,
    label,
    kind: 'number',
    ...options,
  }),
  boolean: <C>(key: string, label: string, options: ColumnOptions<C>): ImportColumn<C> => ({
    key,
    label,
    kind: 'boolean',
    ...options,
  }),
  date: <C>(key: string, label: string, options: ColumnOptions<C>): ImportColumn<C> => ({
    key,
    label,
    kind: 'date',
    ...options,
  }),
  list: <C>(key: string, label: string, options: ColumnOptions<C>): ImportColumn<C> => ({
    key,
    label,
    kind: 'list',
    ...options,
  }),
  choice: <C>(
    key: string,
    label: string,
    choices: readonly (string | number)[],
    options: ColumnOptions<C>,
  ): ImportColumn<C> => ({ key, label, kind: 'choice', choices, ...options }),
  reference: <C>(
    key: string,
    label: string,
    options: ColumnOptions<C> & Required<Pick<ImportColumn<C>, 'resolve' | 'options'>>,
  ): ImportColumn<C> => ({ key, label, kind: 'reference', ...options }),
};

/** The header of the error column the report adds; an upload of a corrected report ignores it. */
export const ERROR_COLUMN_LABEL = 'import:report.errorColumn';

/** The header a column shows: its label, with ` *` when required. */
export function columnHeader(column: ImportColumn<never>, language: Language): string {
  return `${translateLabel(language, column.label)}${column.required ? ' *' : ''}`;
}

export interface HeaderMatch {
  /** Where each column is in the sheet (0-based), for the columns present. */
  indexOf: Map<string, number>;
  problems: RowProblem[];
}

/**
 * Matches a header row to the columns: by the column's key or its label in any language (case and the
 * required mark `*` ignored). Unknown and repeated headers, missing required columns and cost columns for a
 * user who may not see cost are problems of the header row.
 */
export function matchHeader<C>(
  header: readonly ReadCell[],
  headerRow: number,
  columns: readonly ImportColumn<C>[],
  options: { canSeeCost: boolean },
): HeaderMatch {
  const byName = new Map<string, ImportColumn<C>>();
  for (const column of columns) {
    byName.set(headerKey(column.key), column);
    for (const language of LANGUAGES) byName.set(headerKey(translateLabel(language, column.label)), column);
  }
  const ignored = new Set(LANGUAGES.map((language) => headerKey(translateLabel(language, ERROR_COLUMN_LABEL))));
  const indexOf = new Map<string, number>();
  const problems: RowProblem[] = [];
  header.forEach((cell, index) => {
    const text = cellText(cell);
    if (text === undefined || ignored.has(headerKey(text))) return;
    const column = byName.get(headerKey(text));
    if (!column) {
      problems.push({ row: headerRow, column: null, rule: 'import:errors.unknownColumn', params: { name: text } });
    } else if (indexOf.has(column.key)) {
      problems.push({
        row: headerRow,
        column: column.key,
        rule: 'import:errors.repeatedColumn',
        params: { name: text },
      });
    } else if (column.cost && !options.canSeeCost) {
      problems.push({ row: headerRow, column: column.key, rule: 'import:errors.costColumn', params: { name: text } });
    } else {
      indexOf.set(column.key, index);
    }
  });
  for (const column of columns) {
    if (column.required && !indexOf.has(column.key) && !(column.cost && !options.canSeeCost)) {
      problems.push({ row: headerRow, column: column.key, rule: 'import:errors.missingColumn' });
    }
  }
  return { indexOf, problems };
}

/** The data rows of a sheet: the header is the first non-blank row; blank rows are skipped. */
export function dataRows(sheet: ReadSheet): { headerRow: number; header: ReadCell[]; rows: DataRow[] } | null {
  const headerIndex = sheet.rows.findIndex((row) => !isBlankRow(row));
  if (headerIndex < 0) return null;
  const rows: DataRow[] = [];
  for (let index = headerIndex + 1; index < sheet.rows.length; index++) {
    const cells = sheet.rows[index];
    if (!isBlankRow(cells)) rows.push({ row: index + 1, cells });
  }
  return { headerRow: headerIndex + 1, header: sheet.rows[headerIndex], rows };
}

export interface DataRow {
  /** Spreadsheet row number. */
  row: number;
  cells: ReadCell[];
}

/** Reads choice values and their translations, case-insensitively, to the stored value. */
function choiceMatcher<C>(column: ImportColumn<C>): Map<string, string | number> {
  const matcher = new Map<string, string | number>();
  for (const choice of column.choices ?? []) {
    matcher.set(String(choice).toLowerCase(), choice);
    if (column.choiceLabels) {
      for (const language of LANGUAGES) {
        const label = translateLabel(language, `${column.choiceLabels}.${String(choice)}`);
        if (!label.includes(':')) matcher.set(label.trim().toLowerCase(), choice);
      }
    }
  }
  return matcher;
}

/**
 * Converts rows to values column by column. Prepared once per import (choice lookups), then applied to each
 * row; reference columns are resolved by the caller (they need its context).
 */
export function rowReader<C>(columns: readonly ImportColumn<C>[], indexOf: Map<string, number>) {
  const matchers = new Map(
    columns.filter((column) => column.kind === 'choice').map((column) => [column.key, choiceMatcher(column)]),
  );
  return (row: DataRow): { values: RowValues; problems: RowProblem[] } => {
    const values: RowValues = {};
    const problems: RowProblem[] = [];
    const problem = (column: string, rule: string, params?: Record<string, string | number>) =>
      problems.push({ row: row.row, column, rule, ...(params && { params }) });
    for (const column of columns) {
      const index = indexOf.get(column.key);
      // A column the sheet does not have stays out of `values` (an update keeps what the record has).
      if (index === undefined) continue;
      const cell = row.cells[index];
      values[column.key] = undefined;
      switch (column.kind) {
        case 'text':
        case 'number':
        case 'reference':
          values[column.key] = cellText(cell);
          break;
        case 'list':
          values[column.key] = parseListCell(cell);
          break;
        case 'boolean': {
          const parsed = parseBooleanCell(cell);
          if (parsed === INVALID_CELL) problem(column.key, 'import:errors.boolean');
          else values[column.key] = parsed;
          break;
        }
        case 'date': {
          const parsed = parseDateCell(cell);
          if (parsed === INVALID_CELL) problem(column.key, 'import:errors.date');
          else values[column.key] = parsed;
          break;
        }
        case 'choice': {
          const text = cellText(cell);
          if (text === undefined) break;
          const matcher = matchers.get(column.key)!;
          const choice = matcher.get(text.toLowerCase()) ?? matcher.get(text.replace(/\s*%$/, '').toLowerCase());
          if (choice === undefined) {
            problem(column.key, 'import:errors.choice', { values: (column.choices ?? []).join(', ') });
          } else values[column.key] = choice;
          break;
        }
      }
    }
    return { values, problems };
  };
}

/** Which column reports a validation problem of input field `field` (dot-joined path). */
export function columnOfField<C>(columns: readonly ImportColumn<C>[], field: string): string | null {
  let best: { key: string; length: number } | null = null;
  for (const column of columns) {
    for (const candidate of column.fields ?? [column.key]) {
      const matches = field === candidate || field.startsWith(`${candidate}.`);
      if (matches && (!best || candidate.length > best.length)) best = { key: column.key, length: candidate.length };
    }
  }
  return best?.key ?? null;
}

const KIND_NOTES: Record<ImportColumnKind, string> = {
  text: 'import:kinds.text',
  number: 'import:kinds.number',
  boolean: 'import:kinds.boolean',
  date: 'import:kinds.date',
  list: 'import:kinds.list',
  choice: 'import:kinds.choice',
  reference: 'import:kinds.reference',
};

/** Empty input rows of the template, formatted as text so Excel keeps leading zeros (postal codes, codes). */
const TEMPLATE_INPUT_ROWS = 1000;
const HEADER_FILL = '#DCE6F1';
const REQUIRED_FILL = '#FCE4D6';

/**
 * The template: a data sheet with the headers (required ones marked `*`) over empty text-formatted rows, and
 * a notes sheet naming each column, whether it is required, what it accepts (the allowed values, the names of
 * the records it may refer to) and an example row; `notes` (i18n keys) add paragraphs to its introduction.
 */
export async function templateSheets<C>(
  columns: readonly ImportColumn<C>[],
  language: Language,
  context: C,
  options: {
    canSeeCost: boolean;
    notes?: readonly string[];
    /** False for a template that creates nothing by code (e.g. a document's lines): no "a known code updates". */
    updates?: boolean;
  },
): Promise<WriteSheet[]> {
  const visible = columns.filter((column) => !column.cost || options.canSeeCost);
  const t = (key: string, params?: Record<string, string | number>) => translateLabel(language, key, params);
  const headers = visible.map((column) => columnHeader(column as ImportColumn<never>, language));
  const data: WriteSheet = {
    name: t('import:template.dataSheet'),
    rows: [
      headers.map((header, index) => ({
        value: header,
        bold: true,
        background: visible[index].required ? REQUIRED_FILL : HEADER_FILL,
      })),
      ...Array.from({ length: TEMPLATE_INPUT_ROWS }, () => visible.map(() => ({ value: null, text: true }))),
    ],
    columnWidths: headers.map((header, index) => textWidth(header, Math.max(12, visible[index].example.length))),
    stickyHeader: true,
  };
  const noteRows: WriteCell[][] = [];
  for (const column of visible) {
    let accepts = t(KIND_NOTES[column.kind]);
    if (column.kind === 'choice') {
      accepts = `${accepts} ${(column.choices ?? []).map(String).join(', ')}`;
    } else if (column.kind === 'reference' && column.options) {
      const names = await column.options(context);
      accepts = `${accepts} ${names.length > 0 ? names.join(', ') : t('import:template.noneYet')}`;
    }
    if (column.note) accepts = `${accepts}\n${t(column.note)}`;
    noteRows.push([
      translateLabel(language, column.label),
      t(column.required ? 'import:template.required' : 'import:template.optional'),
      { value: accepts, wrap: true },
      { value: column.example, text: true },
    ]);
  }
  const notes: WriteSheet = {
    name: t('import:template.notesSheet'),
    rows: [
      [{ value: t('import:template.intro'), bold: true }],
      [t('import:template.introRows')],
      ...(options.updates === false ? [] : [[t('import:template.introUpdate')]]),
      [t('import:template.introAllOrNothing')],
      ...(options.notes ?? []).map((note) => [t(note)]),
      [],
      ['column', 'required', 'accepts', 'example'].map((key) => ({
        value: t(`import:template.${key}`),
        bold: true,
        background: HEADER_FILL,
      })),
      ...noteRows,
    ],
    columnWidths: [28, 12, 70, 28],
  };
  return [data, notes];
}

/**
 * The error report: the uploaded sheet as it was, with an error column in front holding each row's problems
 * (one per line). Cells are written as text, so a corrected report can be uploaded again as it is.
 */
export function errorReportSheet(
  sheet: ReadSheet,
  messagesByRow: Map<number, string[]>,
  language: Language,
): WriteSheet {
  const width = Math.max(0, ...sheet.rows.map((row) => row.length));
  const headerIndex = sheet.rows.findIndex((row) => !isBlankRow(row));
  const rows: WriteCell[][] = sheet.rows.map((cells, index) => {
    const rowNumber = index + 1;
    const messages = messagesByRow.get(rowNumber);
    const first: WriteCell =
      index === headerIndex
        ? { value: translateLabel(language, ERROR_COLUMN_LABEL), bold: true, background: REQUIRED_FILL }
        : messages
          ? { value: messages.join('\n'), color: '#B91C1C', wrap: true }
          : null;
    const rest = Array.from({ length: width }, (_, column): WriteCell => {
      const text = cellText(cells[column]);
      return index === headerIndex ? { value: text ?? null, bold: true } : { value: text ?? null, text: true };
    });
    return [first, ...rest];
  });
  // Problems of rows the sheet does not have (none today) would be lost: put them under the data.
  const extra = [...messagesByRow.entries()].filter(([row]) => row > sheet.rows.length);
  for (const [, messages] of extra) rows.push([{ value: messages.join('\n'), color: '#B91C1C', wrap: true }]);
  return {
    name: sheet.name,
    rows,
    columnWidths: [50, ...Array.from({ length: width }, () => 18)],
    stickyHeader: headerIndex === 0,
  };
}
