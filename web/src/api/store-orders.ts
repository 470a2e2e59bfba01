import type {
  StockItemOption,
  StockItemType,
  StoreOrderChoices,
  StoreOrderInput,
  StoreOrderLineInfo,
  StoreOrderListRow,
  StoreOrderParLevelInput,
  StoreOrderParLevelRow,
  StoreOrderSettings,
  StoreOrderView,
} from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { documentApi, documentListSource } from '../components/document/document-api';
import { api } from './client';

const BASE = '/api/procurement/store-orders';

/**
 * Store orders (SPEC.md §2 /store-ordering, key OR; `procurement/store-orders` API): DRAFT → SUBMITTED (split into
 * DRAFT purchase orders per supplier and a transfer request to the central kitchen) or CANCELLED.
 */
export const storeOrdersApi = documentApi<StoreOrderView, StoreOrderListRow, StoreOrderInput>('store-orders', BASE, {
  arrayFields: ['order_type'],
});

/** The form's choices: live suppliers and the central kitchen (null: none set). */
export function useStoreOrderChoices() {
  return useSWR<StoreOrderChoices, Error>(
    ['store-orders', 'choices'],
    async () => (await api.get<StoreOrderChoices>(`${BASE}/choices`, { silent: true })).data,
    { shouldRetryOnError: false },
  );
}

/** The line grid's SKU search (an ItemSearchHook), under the store order's own key. */
export function useStoreOrderSkuSearch(search: string, _itemType: StockItemType | undefined, enabled: boolean) {
  return useSWR<StockItemOption[], Error>(
    enabled ? ['store-orders', 'skus', search.trim()] : null,
    async () =>
      (await api.post<StockItemOption[]>(`${BASE}/skus`, { search: search.trim(), limit: 20 }, { silent: true }))
        .data ?? [],
    { keepPreviousData: true, shouldRetryOnError: false },
  );
}

const lineInfoKey = (
  locationId: string,
  deliveryTime: string | undefined,
  lines: { sku_id: string; uom_name: string }[],
) => [
  'store-orders',
  'line-info',
  locationId,
  deliveryTime ?? '',
  lines.map((l) => `${l.sku_id}:${l.uom_name}`).join(','),
];

/**
 * Each line's category, default supplier and suggested quantity (the server computes it: par level, on hand, usage
 * of the last four weeks, days until the delivery).
 */
export function useStoreOrderLineInfo(
  locationId: string | undefined,
  deliveryTime: string | undefined,
  lines: { sku_id: string; uom_name: string }[],
) {
  return useSWR<StoreOrderLineInfo[], Error>(
    locationId && lines.length > 0 ? lineInfoKey(locationId, deliveryTime, lines) : null,
    async () =>
      (
        await api.post<StoreOrderLineInfo[]>(
          `${BASE}/line-info`,
          { location_id: locationId, ...(deliveryTime && { delivery_time: deliveryTime }), lines },
          { silent: true },
        )
      ).data ?? [],
    { keepPreviousData: true, shouldRetryOnError: false },
  );
}

/** Sets (0 removes) a par level, then refreshes every suggestion shown. */
export async function setStoreOrderParLevel(input: StoreOrderParLevelInput): Promise<StoreOrderLineInfo> {
  const info = (await api.put<StoreOrderLineInfo>(`${BASE}/par-levels`, input, { silent: true, success: true })).data;
  await mutate(
    (key) => Array.isArray(key) && key[0] === 'store-orders' && (key[1] === 'line-info' || key[1] === 'par-levels'),
  );
  return info;
}

/** The par levels of the user's locations (`POST store-orders/par-levels/list`; a location choice is `location_ids`). */
export const storeOrderParLevelsSource = documentListSource<StoreOrderParLevelRow>(
  (query) => ['store-orders', 'par-levels', query],
  `${BASE}/par-levels/list`,
);

export function useStoreOrderSettings() {
  return useSWR<StoreOrderSettings, Error>(
    ['store-orders', 'settings'],
    async () => (await api.get<StoreOrderSettings>(`${BASE}/settings`, { silent: true })).data,
    { shouldRetryOnError: false },
  );
}

/** The central kitchen (SETTING edit). */
export async function updateStoreOrderSettings(centralKitchen: string | null): Promise<StoreOrderSettings> {
  const settings = (
    await api.put<StoreOrderSettings>(
      `${BASE}/settings`,
      { central_kitchen_location_id: centralKitchen },
      { success: true },
    )
  ).data;
  await mutate(
    (key) => Array.isArray(key) && key[0] === 'store-orders' && (key[1] === 'settings' || key[1] === 'choices'),
  );
  return settings;
}
