import { RECEIVING_ORDER_MACHINE } from '@scm/contracts';
import type { ReceivingOrderListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { receivingOrdersApi } from '../../../api/receiving-orders';
import { useSession } from '../../../api/session';
import type { Column } from '../../../components/data-table';
import { DocumentListPage, statusTabsOf } from '../../../components/document';
import { formatMoney } from '../../../lib/format';
import { RECEIVING_ORDER_PATH } from '../paths';

const idOf = (row: ReceivingOrderListRow) => row.id;
const STATUSES = statusTabsOf(RECEIVING_ORDER_MACHINE);

/** /procurement/receiving-order (SPEC.md §2, key RO): the receiving orders of the user's locations, by status. */
export default function ReceivingOrderListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;

  const columns = useMemo<Column<ReceivingOrderListRow>[]>(() => {
    const total = (row: ReceivingOrderListRow) => formatMoney(row.total_amount, row.currency);
    return [
      { id: 'doc_no', header: t('receiving-order:fields.doc_no'), sortable: true, hideable: false },
      { id: 'purchase_order_no', header: t('receiving-order:fields.purchase_order'), sortable: true },
      { id: 'supplier_name', header: t('receiving-order:fields.supplier'), sortable: true },
      { id: 'location_name', header: t('receiving-order:fields.location'), sortable: true },
      { id: 'delivery_order_no', header: t('receiving-order:fields.delivery_order_no'), sortable: true },
      { id: 'receive_time', header: t('receiving-order:fields.receive_time'), kind: 'datetime', sortable: true },
      ...(seesCost
        ? ([
            {
              id: 'total_amount',
              header: t('receiving-order:fields.total_amount'),
              sortable: true,
              align: 'right',
              cell: total,
              exportValue: (row) => row.total_amount ?? '',
            },
            { id: 'total_usd', header: t('receiving-order:fields.total_usd'), kind: 'currency', sortable: true },
          ] satisfies Column<ReceivingOrderListRow>[])
        : []),
      { id: 'status', header: t('receiving-order:fields.status'), kind: 'status', sortable: true },
      { id: 'created_by_name', header: t('receiving-order:fields.created_by'), sortable: true },
      {
        id: 'last_updated_time',
        header: t('receiving-order:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
    ];
  }, [t, seesCost]);

  return (
    <DocumentListPage
      testId="receiving-order-list"
      title={t('routes:receivingOrder')}
      description={t('receiving-order:description')}
      api={receivingOrdersApi}
      statuses={STATUSES}
      permissionKey="RO"
      columns={columns}
      rowKey={idOf}
      path={RECEIVING_ORDER_PATH}
      rowLink={(row) => `${RECEIVING_ORDER_PATH}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'receive_time', label: t('receiving-order:fields.receive_time') }}
      filters={[]}
      extraFields={['id', 'location_id', 'supplier_id', 'currency']}
      searchPlaceholder={t('receiving-order:searchPlaceholder')}
      exportFileName={t('receiving-order:exportFileName')}
      newLabel={t('receiving-order:create')}
      emptyMessage={t('receiving-order:empty')}
    />
  );
}
