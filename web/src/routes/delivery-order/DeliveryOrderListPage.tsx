import { DELIVERY_COURIERS, DELIVERY_ORDER_MACHINE, DELIVERY_TYPES, TRANSFER_URGENCIES } from '@scm/contracts';
import type { DeliveryOrderListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryOrdersApi } from '../../api/delivery-orders';
import type { Column, FilterDef } from '../../components/data-table';
import { DocumentListPage, statusTabsOf } from '../../components/document';
import { DELIVERY_ORDER_PATH } from './paths';

const idOf = (row: DeliveryOrderListRow) => row.id;
const STATUSES = statusTabsOf(DELIVERY_ORDER_MACHINE);

/**
 * /delivery-order (SPEC.md §2, key DO): the delivery orders leaving or reaching the user's locations, by status
 * (In transit, Delivered, Return, Redelivered).
 */
export default function DeliveryOrderListPage() {
  const { t } = useTranslation();

  const columns = useMemo<Column<DeliveryOrderListRow>[]>(() => {
    const urgency = (row: DeliveryOrderListRow) => t(`delivery-order:urgencies.${row.urgency}`);
    return [
      { id: 'doc_no', header: t('delivery-order:fields.do_no'), sortable: true, hideable: false },
      { id: 'official_id', header: t('delivery-order:fields.official_id'), sortable: true },
      { id: 'from_location_name', header: t('delivery-order:fields.from'), sortable: true },
      { id: 'to_name', header: t('delivery-order:fields.to'), sortable: true },
      { id: 'release_date', header: t('delivery-order:fields.release_date'), kind: 'date', sortable: true },
      {
        id: 'urgency',
        header: t('delivery-order:fields.urgency'),
        sortable: true,
        cell: urgency,
        exportValue: urgency,
      },
      { id: 'courier', header: t('delivery-order:fields.courier'), sortable: true },
      { id: 'invoice_no', header: t('delivery-order:fields.invoice_no'), sortable: true },
      { id: 'sar_refs', header: t('delivery-order:fields.sar_ref_list') },
      { id: 'line_count', header: t('delivery-order:fields.line_count'), kind: 'number', decimals: 0 },
      { id: 'status', header: t('delivery-order:fields.status'), kind: 'status', sortable: true },
      { id: 'signed_by_name', header: t('delivery-order:fields.signed_by_name'), sortable: true },
      {
        id: 'last_updated_time',
        header: t('delivery-order:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
    ];
  }, [t]);

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'delivery_type',
        label: t('delivery-order:fields.delivery_type'),
        options: DELIVERY_TYPES.map((value) => ({ value, label: t(`delivery-order:types.${value}`) })),
      },
      {
        kind: 'select',
        id: 'urgency',
        label: t('delivery-order:fields.urgency'),
        options: TRANSFER_URGENCIES.map((value) => ({ value, label: t(`delivery-order:urgencies.${value}`) })),
      },
      {
        kind: 'select',
        id: 'courier',
        label: t('delivery-order:fields.courier'),
        options: DELIVERY_COURIERS.map((value) => ({ value, label: value })),
      },
    ],
    [t],
  );

  return (
    <DocumentListPage
      testId="delivery-order-list"
      title={t('routes:deliveryOrder')}
      description={t('delivery-order:description')}
      api={deliveryOrdersApi}
      statuses={STATUSES}
      permissionKey="DO"
      columns={columns}
      rowKey={idOf}
      path={DELIVERY_ORDER_PATH}
      rowLink={(row) => `${DELIVERY_ORDER_PATH}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'release_date', label: t('delivery-order:fields.release_date') }}
      filters={filters}
      extraFields={['id', 'from_location_id', 'to_location_id', 'customer_name', 'delivery_type']}
      searchPlaceholder={t('delivery-order:searchPlaceholder')}
      exportFileName={t('delivery-order:exportFileName')}
      newLabel={t('delivery-order:create')}
      emptyMessage={t('delivery-order:empty')}
    />
  );
}
