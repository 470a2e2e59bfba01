import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { Column } from '../../../components/data-table';
import { alignClass, renderCell } from '../../../components/data-table/cells';
import { Icon } from '../../../components/ui/icons';

/**
 * A small read-only table with the DataTable's columns, cells and looks, for rows the page already holds (an item's
 * balances, its layers); `footer` is a last row (a total).
 */
export function StaticTable<Row>({
  rows,
  columns,
  rowKey,
  empty,
  footer,
  'data-testid': testId,
}: {
  rows: readonly Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  empty: string;
  footer?: ReactNode;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto" data-testid={testId}>
      <table className="min-w-full text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={`px-4 py-2.5 whitespace-nowrap ${alignClass(column as Column<unknown>)}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} data-row={rowKey(row)} className="hover:bg-slate-50/80">
              {columns.map((column) => (
                <td
                  key={column.id}
                  className={`px-4 py-2.5 whitespace-nowrap text-slate-700 tabular-nums ${alignClass(column as Column<unknown>)}`}
                >
                  {renderCell(column, row, t)}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-500">
                <span className="inline-flex items-center gap-2">
                  <Icon name="inbox" className="h-5 w-5 text-slate-300" />
                  {empty}
                </span>
              </td>
            </tr>
          )}
        </tbody>
        {footer && rows.length > 0 && <tfoot className="border-t border-slate-200 font-medium">{footer}</tfoot>}
      </table>
    </div>
  );
}
