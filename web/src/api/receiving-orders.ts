import type {
  PurchaseOrderChoices,
  PurchaseOrderListRow,
  ReceivableLine,
  ReceivingOrderInput,
  ReceivingOrderListRow,
  ReceivingOrderView,
  ReceivingSettings,
  StockItemOption,
  StockItemType,
} from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { documentApi } from '../components/document/document-api';
import { api } from './client';

const BASE = '/api/procurement/receiving-orders';

/**
 * Receiving orders (SPEC.md §2 /procurement/receiving-order, key RO; `procurement/receiving-orders` API): DRAFT →
 * PENDING APPROVAL → APPROVED → RECEIVED (stock posted, the PO follows) / REJECTED. Prices and totals only come for
 * roles with can_see_cost.
 */
export const receivingOrdersApi = documentApi<ReceivingOrderView, ReceivingOrderListRow, ReceivingOrderInput>(
  'receiving-orders',
  BASE,
  { arrayFields: ['supplier_id'] },
);

/** A PO's lines with ordered, received and open quantities (in each line's unit). */
export function useReceivableLines(purchaseOrderId: string | undefined) {
  return useSWR<ReceivableLine[], Error>(
    purchaseOrderId ? ['receiving-orders', 'receivable', purchaseOrderId] : null,
    async () =>
      (await api.get<ReceivableLine[]>(`${BASE}/purchase-orders/${purchaseOrderId}/lines`, { silent: true })).data ??
      [],
    { shouldRetryOnError: false },
  );
}

/**
 * The purchase orders goods may arrive against (sent, confirmed or partly received) at the user's locations, newest
 * first — read under RO, so a receiving clerk without PO rights can receive against them.
 */
export function useReceivablePurchaseOrders(enabled: boolean) {
  return useSWR<PurchaseOrderListRow[], Error>(
    enabled ? ['receiving-orders', 'purchase-orders'] : null,
    async () => (await api.get<PurchaseOrderListRow[]>(`${BASE}/purchase-orders`, { silent: true })).data ?? [],
    { shouldRetryOnError: false },
  );
}

/** What typing a receipt offers (live suppliers, currencies with a rate), under RO; asked only when `enabled`. */
export function useReceivingChoices(enabled: boolean) {
  return useSWR<PurchaseOrderChoices, Error>(
    enabled ? ['receiving-orders', 'choices'] : null,
    async () => (await api.get<PurchaseOrderChoices>(`${BASE}/choices`, { silent: true })).data,
    { shouldRetryOnError: false },
  );
}

/** The additional lines' SKU search (an ItemSearchHook), under RO. */
export function useReceivingSkuSearch(search: string, _itemType: StockItemType | undefined, enabled: boolean) {
  return useSWR<StockItemOption[], Error>(
    enabled ? ['receiving-orders', 'skus', search.trim()] : null,
    async () =>
      (await api.post<StockItemOption[]>(`${BASE}/skus`, { search: search.trim(), limit: 20 }, { silent: true }))
        .data ?? [],
    { keepPreviousData: true, shouldRetryOnError: false },
  );
}

const SETTINGS_KEY = ['receiving-orders', 'settings'] as const;

/** The over-receipt tolerance (Settings › Procurement): percent above the ordered quantity allowed without approval. */
export function useReceivingSettings(enabled = true) {
  return useSWR<ReceivingSettings, Error>(
    enabled ? SETTINGS_KEY : null,
    async () => (await api.get<ReceivingSettings>(`${BASE}/settings`)).data,
  );
}

/** Saves the tolerance (SETTING edit); a refused value comes back as a field error on the form. */
export async function saveReceivingSettings(
  input: ReceivingSettings,
  idempotencyKey: string,
): Promise<ReceivingSettings> {
  const saved = (
    await api.put<ReceivingSettings>(`${BASE}/settings`, input, {
      idempotencyKey,
      success: true,
      loading: true,
      silent: true,
    })
  ).data;
  await mutate(SETTINGS_KEY, saved, { revalidate: false });
  return saved;
}
