import { ADJUSTMENT_SOURCES, STOCK_ADJUSTMENT_MACHINE } from '@scm/contracts';
import type { StockAdjustmentListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { stockAdjustmentsApi } from '../../../api/stock-adjustments';
import { useSession } from '../../../api/session';
import type { Column, FilterDef } from '../../../components/data-table';
import { DocumentListPage, statusTabsOf } from '../../../components/document';
import { STOCK_ADJUSTMENT_PATH } from '../paths';

const idOf = (row: StockAdjustmentListRow) => row.id;
const STATUSES = statusTabsOf(STOCK_ADJUSTMENT_MACHINE);

/** /inventory/stock-adjustment (SPEC.md §2, key SA): the adjustments of the user's locations, by status. */
export default function StockAdjustmentListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;

  const columns = useMemo<Column<StockAdjustmentListRow>[]>(() => {
    const source = (row: StockAdjustmentListRow) =>
      `${t(`stock-adjustment:sources.${row.source}`)}${row.source_no ? ` ${row.source_no}` : ''}`;
    return [
      { id: 'doc_no', header: t('stock-adjustment:fields.doc_no'), sortable: true, hideable: false },
      { id: 'location_name', header: t('stock-adjustment:fields.location'), sortable: true },
      { id: 'value_date', header: t('stock-adjustment:fields.value_date'), kind: 'date', sortable: true },
      { id: 'source', header: t('stock-adjustment:fields.source'), sortable: true, cell: source, exportValue: source },
      { id: 'line_count', header: t('stock-adjustment:fields.line_count'), kind: 'number', decimals: 0 },
      ...(seesCost
        ? ([
            {
              id: 'positive_value',
              header: t('stock-adjustment:fields.positive_value'),
              kind: 'currency',
              sortable: true,
            },
            {
              id: 'negative_value',
              header: t('stock-adjustment:fields.negative_value'),
              kind: 'currency',
              sortable: true,
            },
          ] satisfies Column<StockAdjustmentListRow>[])
        : []),
      { id: 'status', header: t('stock-adjustment:fields.status'), kind: 'status', sortable: true },
      { id: 'created_by_name', header: t('stock-adjustment:fields.created_by'), sortable: true },
      {
        id: 'created_time',
        header: t('stock-adjustment:fields.created_time'),
        kind: 'datetime',
        sortable: true,
        defaultHidden: true,
      },
      {
        id: 'last_updated_time',
        header: t('stock-adjustment:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
    ];
  }, [t, seesCost]);

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'source',
        label: t('stock-adjustment:fields.source'),
        options: ADJUSTMENT_SOURCES.map((value) => ({ value, label: t(`stock-adjustment:sources.${value}`) })),
      },
    ],
    [t],
  );

  return (
    <DocumentListPage
      testId="stock-adjustment-list"
      title={t('routes:stockAdjustment')}
      description={t('stock-adjustment:description')}
      api={stockAdjustmentsApi}
      statuses={STATUSES}
      permissionKey="SA"
      columns={columns}
      rowKey={idOf}
      path={STOCK_ADJUSTMENT_PATH}
      rowLink={(row) => `${STOCK_ADJUSTMENT_PATH}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'value_date', label: t('stock-adjustment:fields.value_date') }}
      filters={filters}
      extraFields={['id', 'location_id', 'source_no']}
      searchPlaceholder={t('stock-adjustment:searchPlaceholder')}
      exportFileName={t('stock-adjustment:exportFileName')}
      newLabel={t('stock-adjustment:create')}
      emptyMessage={t('stock-adjustment:empty')}
    />
  );
}
