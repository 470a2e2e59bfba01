import type {
  PurchaseOrderChoices,
  PurchaseOrderInput,
  PurchaseOrderLinesCheck,
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

/**
 * The header's choices from procurement's replicas: live suppliers, currencies with a rate (PO view). Asked only
 * when `enabled`: a page in view mode shows its record's own supplier and currency and needs none.
 */
export function usePurchaseOrderChoices(enabled = true) {
  return useSWR<PurchaseOrderChoices, Error>(
    enabled ? ['purchase-orders', 'choices'] : null,
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

/** The PO lines template (.xlsx), headers in `language`; no price column for roles without can_see_cost. */
export function purchaseOrderLinesTemplatePath(language: string): string {
  return `${BASE}/lines/template?lang=${encodeURIComponent(language)}`;
}

/**
 * A filled lines template checked by the server (nothing is saved): the lines to add, or a refusal whose field
 * errors name each problem's row and column (`rows.<row>.<column>`).
 */
export async function checkPurchaseOrderLines(file: File, locationId: string): Promise<PurchaseOrderLinesCheck> {
  const query = locationId ? `?location_id=${encodeURIComponent(locationId)}` : '';
  return (await api.upload<PurchaseOrderLinesCheck>(`${BASE}/lines/check${query}`, file, { silent: true })).data;
}
