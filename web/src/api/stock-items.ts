import type { StockAtLocation, StockCategoryOption, StockItemOption, StockItemType } from '@scm/contracts';
import useSWR from 'swr';
import { api } from './client';

/**
 * What a document's line grid reads from the ledger (docs/stock-ledger.md, "HTTP"): the item search over the SKUs and
 * RJ products it knows (`POST items/list`), and one item's balance and open batches at a location
 * (`GET stock/:locationId/:itemType/:itemId`). Both are open to SA, ST and INVENTORY_OVERVIEW viewers.
 */
const BASE = '/api/inventory';
const ITEM_COLUMNS = [
  'item_type',
  'item_id',
  'item_name',
  'ch_display_name',
  'category_id',
  'category_name',
  'uom_name',
  'counting_uom_name',
  'uom_list',
  'status',
];
export const stockItemKeys = { all: ['stock-items'] as const, at: ['stock-at'] as const };

export function useStockItemSearch(search: string, itemType?: StockItemType, enabled = true) {
  return useSWR<StockItemOption[], Error>(
    enabled ? [...stockItemKeys.all, 'search', search.trim(), itemType ?? ''] : null,
    async () =>
      (
        await api.post<StockItemOption[]>(
          `${BASE}/items/list`,
          {
            search_str: search.trim(),
            other_params: { status: 'new_or_active', ...(itemType && { item_type: itemType }) },
            columns: ITEM_COLUMNS,
            limit: 20,
            start: 0,
            order_by: [{ column: 'item_name', sort_type: 'ASC' }],
          },
          { silent: true },
        )
      ).data ?? [],
    { keepPreviousData: true, shouldRetryOnError: false },
  );
}

/** The balance and open (FIFO) batches of one item at one location; quantities in its primary unit. */
export function useStockAt(
  locationId: string | undefined,
  itemType: StockItemType | undefined,
  itemId: string | undefined,
) {
  return useSWR<StockAtLocation, Error>(
    locationId && itemType && itemId ? [...stockItemKeys.at, locationId, itemType, itemId] : null,
    async () =>
      (
        await api.get<StockAtLocation>(
          `${BASE}/stock/${encodeURIComponent(locationId!)}/${encodeURIComponent(itemType!)}/${encodeURIComponent(itemId!)}`,
          { silent: true },
        )
      ).data,
    { shouldRetryOnError: false },
  );
}

const stockAtPath = (locationId: string, itemType: string, itemId: string) =>
  `${BASE}/stock/${encodeURIComponent(locationId)}/${encodeURIComponent(itemType)}/${encodeURIComponent(itemId)}`;

/**
 * The balances and open batches of a document's lines at its location, by `${item_type}:${item_id}` (one GET per
 * item, together): the line grid's on-hand preview, units and batch choice.
 */
export function useStockAtLines(
  locationId: string | undefined,
  items: readonly { item_type: StockItemType; item_id: string }[],
) {
  const keys = [
    ...new Set(items.filter((item) => item.item_id).map((item) => `${item.item_type}:${item.item_id}`)),
  ].sort();
  return useSWR<Map<string, StockAtLocation>, Error>(
    locationId && keys.length > 0 ? [...stockItemKeys.at, 'lines', locationId, ...keys] : null,
    async () => {
      const answers = await Promise.all(
        keys.map(async (key) => {
          const [itemType, ...rest] = key.split(':');
          const itemId = rest.join(':');
          const response = await api.get<StockAtLocation>(stockAtPath(locationId!, itemType, itemId), { silent: true });
          return [key, response.data] as const;
        }),
      );
      return new Map(answers);
    },
    { keepPreviousData: true, shouldRetryOnError: false },
  );
}

/**
 * The categories that hold inventorised items (a stock take counts whole categories): every item type's categories,
 * by name, from the ledger's own query (`GET items/categories`: the distinct categories of the inventorised items,
 * however many items there are).
 */
export function useStockCategories(enabled = true) {
  return useSWR<StockCategoryOption[], Error>(
    enabled ? [...stockItemKeys.all, 'categories'] : null,
    async () => (await api.get<StockCategoryOption[]>(`${BASE}/items/categories`, { silent: true })).data ?? [],
    { shouldRetryOnError: false },
  );
}
