import type { ListQueryInput } from '@scm/contracts';
import type { TFunction } from 'i18next';
import type { ListSource } from '../../api/resource';
import { fileTimestamp } from '../../lib/format';
import { exportCell } from './cells';
import type { Column } from './types';

/** Rows per request while exporting: the most the list API accepts. */
const EXPORT_PAGE_SIZE = 1_000;
/** Enough for a whole master list (issue 5 sizes catalog lists at 100,000 SKUs); beyond it the user narrows the query. */
export const DEFAULT_EXPORT_CAP = 100_000;

export interface ExportResult {
  /** Rows written. */
  count: number;
  /** Rows the query matched. */
  total: number;
}

/**
 * "Export to Excel" of the current query: every page of it (up to `cap` rows), the visible columns with
 * translated headers, written as .xlsx by write-excel-file, which is loaded only now (its own chunk).
 */
export async function exportToExcel<Row>(options: {
  source: ListSource<Row>;
  query: ListQueryInput;
  columns: Column<Row>[];
  fileName: string;
  cap: number;
  t: TFunction;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}): Promise<ExportResult> {
  const { source, query, columns, cap, t, signal, onProgress } = options;
  const rows: Row[] = [];
  let total: number;
  for (let page = 1; ; page++) {
    const limit = Math.min(EXPORT_PAGE_SIZE, cap - rows.length);
    const result = await source.fetch({ ...query, draw: page, limit, start: rows.length }, signal);
    total = result.recordsTotal;
    rows.push(...result.data);
    onProgress(Math.min(1, rows.length / Math.max(1, Math.min(total, cap))));
    if (result.data.length < limit || rows.length >= Math.min(total, cap)) break;
  }
  if (rows.length === 0) return { count: 0, total };
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  signal.throwIfAborted();
  const header = columns.map((column) => ({
    value: column.header,
    fontWeight: 'bold' as const,
    backgroundColor: '#EEF2F7',
  }));
  const body = rows.map((row) =>
    columns.map((column) => {
      const value = exportCell(column, row, t);
      if (value === null || value === undefined) return null;
      if (typeof value === 'number') {
        return {
          value,
          type: Number,
          ...(column.kind === 'number' || column.kind === 'currency' || column.kind === 'percent'
            ? { format: '#,##0.00' }
            : column.kind === 'unitCost'
              ? { format: '#,##0.0000' }
              : {}),
        };
      }
      if (typeof value === 'boolean') return { value: t(value ? 'kit:common.yes' : 'kit:common.no'), type: String };
      return { value, type: String };
    }),
  );
  // Column width in characters; CJK characters take two.
  const width = (text: string) => [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e7f ? 2 : 1), 0);
  const widths = columns.map((column, index) => {
    const longest = Math.max(
      width(column.header),
      ...body.slice(0, 200).map((row) => width(String(row[index]?.value ?? ''))),
    );
    return { width: Math.min(60, Math.max(10, longest + 2)) };
  });
  await writeXlsxFile([header, ...body], {
    columns: widths,
    stickyRowsCount: 1,
    sheet: options.fileName.slice(0, 31),
  }).toFile(`${options.fileName}-${fileTimestamp()}.xlsx`);
  return { count: rows.length, total };
}
