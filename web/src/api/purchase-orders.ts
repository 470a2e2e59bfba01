import type {
  PurchaseOrderChoices,
  PurchaseOrderInput,
  PurchaseOrderListRow,
  PurchaseOrderView,
  StockItemOption,
  StockItemType,
} from '@scm/contracts';
import useSWR from 'swr';
import { documentApi } from '../components/document/document-api';
import { api } from './client';

const BASE = '/api/procurement/purchase-orders';

/**
 * Purchase orders (SPEC.md §2 /procurement/purchase-order, key PO; `procurement/purchase-orders` API): DRAFT →
 * PENDING APPROVAL → PENDING SUPPLIER (approved within the approver's limit in USD) / REJECTED; cancel and close
 * end in CLOSED. Prices and totals only come for roles with can_see_cost. The purchase_date filter is days.
 */
export const purchaseOrdersApi = documentApi<PurchaseOrderView, PurchaseOrderListRow, PurchaseOrderInput>(
  'purchase-orders',
  BASE,
  { dayFields: ['purchase_date'], arrayFields: ['order_type', 'stock_type', 'supplier_id'] },
);

/** The header's choices from procurement's replicas: live suppliers, currencies with a rate. */
export function usePurchaseOrderChoices() {
  return useSWR<PurchaseOrderChoices, Error>(
    ['purchase-orders', 'choices'],
    async () => (await api.get<PurchaseOrderChoices>(`${BASE}/choices`, { silent: true })).data,
    { shouldRetryOnError: false },
  );
}

/** The line grid's SKU search (an ItemSearchHook): SKUs by code or name, starting in their purchasing unit. */
export function usePurchaseOrderSkuSearch(search: string, _itemType: StockItemType | undefined, enabled: boolean) {
  return useSWR<StockItemOption[], Error>(
    enabled ? ['purchase-orders', 'skus', search.trim()] : null,
    async () =>
      (await api.post<StockItemOption[]>(`${BASE}/skus`, { search: search.trim(), limit: 20 }, { silent: true }))
        .data ?? [],
    { keepPreviousData: true, shouldRetryOnError: false },
  );
}
