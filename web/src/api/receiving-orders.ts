import type {
  PurchaseOrderListRow,
  ReceivableLine,
  ReceivingOrderInput,
  ReceivingOrderListRow,
  ReceivingOrderView,
  ReceivingSettings,
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

const RECEIVABLE = ['PENDING SUPPLIER', 'CONFIRMED BY SUPPLIER', 'PARTIALLY RECEIVED'];

/** The purchase orders goods may arrive against (sent, confirmed or partly received), newest first. */
export function useReceivablePurchaseOrders(enabled: boolean) {
  return useSWR<PurchaseOrderListRow[], Error>(
    enabled ? ['receiving-orders', 'purchase-orders'] : null,
    async () => {
      const rows =
        (
          await api.post<PurchaseOrderListRow[]>(
            '/api/procurement/purchase-orders/list',
            { limit: 200 },
            { silent: true },
          )
        ).data ?? [];
      return rows.filter((row) => RECEIVABLE.includes(row.status));
    },
    { shouldRetryOnError: false },
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
