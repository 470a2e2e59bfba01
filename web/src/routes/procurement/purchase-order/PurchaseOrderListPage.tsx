import { PURCHASE_ORDER_MACHINE, PURCHASE_ORDER_TYPES, PURCHASE_STOCK_TYPES } from '@scm/contracts';
import type { PurchaseOrderListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { purchaseOrdersApi, usePurchaseOrderChoices } from '../../../api/purchase-orders';
import { useSession } from '../../../api/session';
import type { Column, FilterDef } from '../../../components/data-table';
import { DocumentListPage, statusTabsOf } from '../../../components/document';
import { formatMoney } from '../../../lib/format';
import { PURCHASE_ORDER_PATH } from '../paths';
import { orderTypeKey } from './labels';

const idOf = (row: PurchaseOrderListRow) => row.id;
const STATUSES = statusTabsOf(PURCHASE_ORDER_MACHINE);

/** /procurement/purchase-order (SPEC.md §2, key PO): the purchase orders of the user's locations, by status. */
export default function PurchaseOrderListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;
  const { data: choices } = usePurchaseOrderChoices();

  const columns = useMemo<Column<PurchaseOrderListRow>[]>(() => {
    const orderType = (row: PurchaseOrderListRow) => t(`purchase-order:orderTypes.${orderTypeKey(row.order_type)}`);
    const stockType = (row: PurchaseOrderListRow) => t(`purchase-order:stockTypes.${row.stock_type}`);
    const total = (row: PurchaseOrderListRow) => formatMoney(row.total_amount, row.currency);
    return [
      { id: 'doc_no', header: t('purchase-order:fields.doc_no'), sortable: true, hideable: false },
      { id: 'supplier_name', header: t('purchase-order:fields.supplier'), sortable: true },
      { id: 'location_name', header: t('purchase-order:fields.location'), sortable: true },
      { id: 'purchase_date', header: t('purchase-order:fields.purchase_date'), kind: 'date', sortable: true },
      { id: 'delivery_time', header: t('purchase-order:fields.delivery_time'), kind: 'datetime', sortable: true },
      {
        id: 'order_type',
        header: t('purchase-order:fields.order_type'),
        sortable: true,
        cell: orderType,
        exportValue: orderType,
      },
      {
        id: 'stock_type',
        header: t('purchase-order:fields.stock_type'),
        sortable: true,
        cell: stockType,
        exportValue: stockType,
        defaultHidden: true,
      },
      { id: 'line_count', header: t('purchase-order:fields.line_count'), kind: 'number', decimals: 0 },
      ...(seesCost
        ? ([
            {
              id: 'total_amount',
              header: t('purchase-order:fields.total_amount'),
              sortable: true,
              align: 'right',
              cell: total,
              exportValue: (row) => row.total_amount ?? '',
            },
            { id: 'total_usd', header: t('purchase-order:fields.total_usd'), kind: 'currency', sortable: true },
          ] satisfies Column<PurchaseOrderListRow>[])
        : []),
      { id: 'status', header: t('purchase-order:fields.status'), kind: 'status', sortable: true },
      { id: 'created_by_name', header: t('purchase-order:fields.created_by'), sortable: true },
      {
        id: 'last_updated_time',
        header: t('purchase-order:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
    ];
  }, [t, seesCost]);

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'supplier_id',
        label: t('purchase-order:fields.supplier'),
        options: (choices?.suppliers ?? []).map((supplier) => ({
          value: supplier.supplier_id,
          label: `${supplier.supplier_id} · ${supplier.company_name}`,
        })),
      },
      {
        kind: 'select',
        id: 'order_type',
        label: t('purchase-order:fields.order_type'),
        options: PURCHASE_ORDER_TYPES.map((value) => ({
          value,
          label: t(`purchase-order:orderTypes.${orderTypeKey(value)}`),
        })),
      },
      {
        kind: 'select',
        id: 'stock_type',
        label: t('purchase-order:fields.stock_type'),
        options: PURCHASE_STOCK_TYPES.map((value) => ({ value, label: t(`purchase-order:stockTypes.${value}`) })),
      },
    ],
    [t, choices],
  );

  return (
    <DocumentListPage
      testId="purchase-order-list"
      title={t('routes:purchaseOrder')}
      description={t('purchase-order:description')}
      api={purchaseOrdersApi}
      statuses={STATUSES}
      permissionKey="PO"
      columns={columns}
      rowKey={idOf}
      path={PURCHASE_ORDER_PATH}
      rowLink={(row) => `${PURCHASE_ORDER_PATH}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'purchase_date', label: t('purchase-order:fields.purchase_date') }}
      filters={filters}
      extraFields={['id', 'location_id', 'supplier_id', 'currency']}
      searchPlaceholder={t('purchase-order:searchPlaceholder')}
      exportFileName={t('purchase-order:exportFileName')}
      newLabel={t('purchase-order:create')}
      emptyMessage={t('purchase-order:empty')}
    />
  );
}
