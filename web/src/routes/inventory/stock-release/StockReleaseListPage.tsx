import {
  CONSIGNMENT_ITEM_STATES,
  STOCK_RELEASE_MACHINE,
  STOCK_TRANSFER_MACHINE,
  TRANSFER_URGENCIES,
  transferTypesOffered,
} from '@scm/contracts';
import type { StockTransferListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../api/session';
import { rjStockReleasesApi, stockTransfersApi } from '../../../api/stock-transfers';
import type { Column, FilterDef } from '../../../components/data-table';
import { DocumentListPage, statusTabsOf } from '../../../components/document';
import { RJ_STOCK_RELEASE_PATH, STOCK_RELEASE_PATH } from './paths';

const idOf = (row: StockTransferListRow) => row.id;
/** The transfer's and the release's statuses (SPEC.md §4), the open ones first. */
const STATUSES = (() => {
  const transfer = statusTabsOf(STOCK_TRANSFER_MACHINE);
  const release = statusTabsOf(STOCK_RELEASE_MACHINE);
  const open = [...transfer, ...release].filter(
    (status) =>
      !STOCK_TRANSFER_MACHINE.final.includes(status as never) && !STOCK_RELEASE_MACHINE.final.includes(status as never),
  );
  return [...new Set([...open, ...transfer, ...release])];
})();
/** The RJ_SR context lists releases only (a consignment or an external release): their statuses. */
const RELEASE_STATUSES = statusTabsOf(STOCK_RELEASE_MACHINE);

/**
 * /inventory/stock-release (SPEC.md §2, key SR): the transfers leaving or reaching the user's locations and the
 * releases to customers, by status.
 */
export default function StockReleaseListPage() {
  return <StockReleaseList rj={false} />;
}

/** Either page's list: `rj` is the RJ_SR context (consignments offered, their item state as a filter). */
export function StockReleaseList({ rj }: { rj: boolean }) {
  const { t } = useTranslation();
  const path = rj ? RJ_STOCK_RELEASE_PATH : STOCK_RELEASE_PATH;
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;

  const columns = useMemo<Column<StockTransferListRow>[]>(() => {
    const urgency = (row: StockTransferListRow) => t(`stock-transfer:urgencies.${row.urgency}`);
    const type = (row: StockTransferListRow) => t(`stock-transfer:types.${row.transfer_type}`);
    const state = (row: StockTransferListRow) =>
      row.item_state ? t(`stock-transfer:itemStates.${row.item_state}`) : '';
    return [
      { id: 'doc_no', header: t('stock-transfer:fields.sr_no'), sortable: true, hideable: false },
      {
        id: 'transfer_type',
        header: t('stock-transfer:fields.transfer_type'),
        sortable: true,
        cell: type,
        exportValue: type,
      },
      { id: 'from_location_name', header: t('stock-transfer:fields.from'), sortable: true },
      { id: 'to_location_name', header: t('stock-transfer:fields.toOrCustomer'), sortable: true },
      { id: 'invoice_no', header: t('stock-transfer:fields.invoice_no'), sortable: true },
      { id: 'parent_no', header: t('stock-transfer:fields.parent_no'), sortable: true },
      ...(rj
        ? ([
            {
              id: 'item_state',
              header: t('stock-transfer:fields.item_state'),
              sortable: true,
              cell: state,
              exportValue: state,
            },
          ] satisfies Column<StockTransferListRow>[])
        : []),
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
  }, [t, seesCost, rj]);

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'urgency',
        label: t('stock-transfer:fields.urgency'),
        options: TRANSFER_URGENCIES.map((value) => ({ value, label: t(`stock-transfer:urgencies.${value}`) })),
      },
      {
        kind: 'select',
        id: 'transfer_type',
        label: t('stock-transfer:fields.transfer_type'),
        // The RJ_SR page lists releases only; the other page every type but the consignment.
        options: transferTypesOffered(rj)
          .filter((value) => !rj || value !== 'INTERNAL')
          .map((value) => ({ value, label: t(`stock-transfer:types.${value}`) })),
      },
      ...(rj
        ? ([
            {
              kind: 'select',
              id: 'item_state',
              label: t('stock-transfer:fields.item_state'),
              options: CONSIGNMENT_ITEM_STATES.map((value) => ({
                value,
                label: t(`stock-transfer:itemStates.${value}`),
              })),
            },
          ] satisfies FilterDef[])
        : []),
    ],
    [t, rj],
  );

  return (
    <DocumentListPage
      testId="stock-release-list"
      title={rj ? t('routes:rjStockRelease') : t('routes:stockRelease')}
      description={t('stock-transfer:description')}
      api={rj ? rjStockReleasesApi : stockTransfersApi}
      statuses={rj ? RELEASE_STATUSES : STATUSES}
      permissionKey={rj ? 'RJ_SR' : 'SR'}
      columns={columns}
      rowKey={idOf}
      path={path}
      rowLink={(row) => `${path}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'release_date', label: t('stock-transfer:fields.release_date') }}
      filters={filters}
      extraFields={['id', 'from_location_id', 'to_location_id']}
      searchPlaceholder={t('stock-transfer:searchPlaceholder')}
      exportFileName={t('stock-transfer:exportFileName')}
      newLabel={rj ? t('stock-transfer:createRelease') : t('stock-transfer:create')}
      emptyMessage={t('stock-transfer:empty')}
    />
  );
}
