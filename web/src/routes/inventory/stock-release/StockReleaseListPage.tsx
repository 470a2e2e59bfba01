import { STOCK_TRANSFER_MACHINE, TRANSFER_URGENCIES } from '@scm/contracts';
import type { StockTransferListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../api/session';
import { stockTransfersApi } from '../../../api/stock-transfers';
import type { Column, FilterDef } from '../../../components/data-table';
import { DocumentListPage, statusTabsOf } from '../../../components/document';
import { STOCK_RELEASE_PATH } from './paths';

const idOf = (row: StockTransferListRow) => row.id;
const STATUSES = statusTabsOf(STOCK_TRANSFER_MACHINE);

/**
 * /inventory/stock-release (SPEC.md §2, key SR): the transfers leaving or reaching the user's locations, by status.
 */
export default function StockReleaseListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;

  const columns = useMemo<Column<StockTransferListRow>[]>(() => {
    const urgency = (row: StockTransferListRow) => t(`stock-transfer:urgencies.${row.urgency}`);
    return [
      { id: 'doc_no', header: t('stock-transfer:fields.sr_no'), sortable: true, hideable: false },
      { id: 'from_location_name', header: t('stock-transfer:fields.from'), sortable: true },
      { id: 'to_location_name', header: t('stock-transfer:fields.to'), sortable: true },
      { id: 'release_date', header: t('stock-transfer:fields.release_date'), kind: 'date', sortable: true },
      {
        id: 'urgency',
        header: t('stock-transfer:fields.urgency'),
        sortable: true,
        cell: urgency,
        exportValue: urgency,
      },
      { id: 'source_no', header: t('stock-transfer:fields.source'), sortable: true },
      { id: 'line_count', header: t('stock-transfer:fields.line_count'), kind: 'number', decimals: 0 },
      ...(seesCost
        ? ([
            {
              id: 'transfer_value',
              header: t('stock-transfer:fields.transfer_value'),
              kind: 'currency',
              sortable: true,
            },
          ] satisfies Column<StockTransferListRow>[])
        : []),
      { id: 'status', header: t('stock-transfer:fields.status'), kind: 'status', sortable: true },
      { id: 'created_by_name', header: t('stock-transfer:fields.created_by'), sortable: true },
      {
        id: 'last_updated_time',
        header: t('stock-transfer:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
    ];
  }, [t, seesCost]);

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'urgency',
        label: t('stock-transfer:fields.urgency'),
        options: TRANSFER_URGENCIES.map((value) => ({ value, label: t(`stock-transfer:urgencies.${value}`) })),
      },
    ],
    [t],
  );

  return (
    <DocumentListPage
      testId="stock-release-list"
      title={t('routes:stockRelease')}
      description={t('stock-transfer:description')}
      api={stockTransfersApi}
      statuses={STATUSES}
      permissionKey="SR"
      columns={columns}
      rowKey={idOf}
      path={STOCK_RELEASE_PATH}
      rowLink={(row) => `${STOCK_RELEASE_PATH}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'release_date', label: t('stock-transfer:fields.release_date') }}
      filters={filters}
      extraFields={['id', 'from_location_id', 'to_location_id']}
      searchPlaceholder={t('stock-transfer:searchPlaceholder')}
      exportFileName={t('stock-transfer:exportFileName')}
      newLabel={t('stock-transfer:create')}
      emptyMessage={t('stock-transfer:empty')}
    />
  );
}
