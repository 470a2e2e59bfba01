import { STOCK_TAKE_MACHINE } from '@scm/contracts';
import type { StockTakeListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { stockTakesApi } from '../../../api/stock-takes';
import type { Column, FilterDef } from '../../../components/data-table';
import { DocumentListPage, statusTabsOf } from '../../../components/document';
import { STOCK_TAKE_PATH } from '../paths';

const idOf = (row: StockTakeListRow) => row.id;
const STATUSES = statusTabsOf(STOCK_TAKE_MACHINE);

/** /inventory/stock-take (SPEC.md §2, key ST): the stock takes of the user's locations, by status. */
export default function StockTakeListPage() {
  const { t } = useTranslation();

  const columns = useMemo<Column<StockTakeListRow>[]>(() => {
    const progress = (row: StockTakeListRow) =>
      t('stock-take:list.progress', { counted: row.counted_lines, total: row.line_count });
    return [
      { id: 'doc_no', header: t('stock-take:fields.doc_no'), sortable: true, hideable: false },
      { id: 'location_name', header: t('stock-take:fields.location'), sortable: true },
      { id: 'effective_time', header: t('stock-take:fields.effective_time'), kind: 'datetime', sortable: true },
      { id: 'blind_count', header: t('stock-take:fields.blind_count'), kind: 'boolean', sortable: true },
      {
        id: 'counted_lines',
        header: t('stock-take:fields.counted'),
        cell: progress,
        exportValue: progress,
        align: 'right',
      },
      { id: 'adjustment_no', header: t('stock-take:fields.adjustment'), sortable: true },
      { id: 'status', header: t('stock-take:fields.status'), kind: 'status', sortable: true },
      { id: 'created_by_name', header: t('stock-take:fields.created_by'), sortable: true },
      { id: 'last_updated_time', header: t('stock-take:fields.last_updated_time'), kind: 'datetime', sortable: true },
    ];
  }, [t]);

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'blind_count',
        label: t('stock-take:fields.blind_count'),
        options: [
          { value: 'true', label: t('kit:common.yes') },
          { value: 'false', label: t('kit:common.no') },
        ],
      },
    ],
    [t],
  );

  return (
    <DocumentListPage
      testId="stock-take-list"
      title={t('routes:stockTake')}
      description={t('stock-take:description')}
      api={stockTakesApi}
      statuses={STATUSES}
      permissionKey="ST"
      columns={columns}
      rowKey={idOf}
      path={STOCK_TAKE_PATH}
      rowLink={(row) => `${STOCK_TAKE_PATH}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'effective_time', label: t('stock-take:fields.effective_time') }}
      filters={filters}
      extraFields={['id', 'location_id', 'line_count']}
      searchPlaceholder={t('stock-take:searchPlaceholder')}
      exportFileName={t('stock-take:exportFileName')}
      newLabel={t('stock-take:create')}
      emptyMessage={t('stock-take:empty')}
    />
  );
}
