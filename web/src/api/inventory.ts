import type {
  FifoValuationRow,
  FifoValuationTotal,
  InventorySettingsInput,
  InventorySettingsView,
  ListQueryInput,
  StockBalanceRow,
  StockBatchView,
  StockItemDetail,
  StockItemType,
  StockMovementView,
} from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { api } from './client';
import { resourceKeys } from './resource';
import type { ListPage, ListSource } from './resource';

/**
 * The stock ledger's reads (docs/stock-ledger.md, "HTTP"): the overview, one item's balances, layers and movements,
 * the FIFO valuation as of a date, and inventory's settings (the period lock date). Quantities arrive in the item's
 * primary unit and every cost field only for roles with can_see_cost (the server removes them for the others).
 */
const BASE = '/api/inventory';

export const overviewKeys = resourceKeys('inventory-overview');
export const movementKeys = resourceKeys('inventory-movements');
export const fifoKeys = resourceKeys('inventory-fifo');
const SETTINGS_KEY = ['inventory-settings'] as const;

const itemPath = (itemType: StockItemType, itemId: string) =>
  `${encodeURIComponent(itemType)}/${encodeURIComponent(itemId)}`;

/**
 * `other_params` as the ledger's lists read them: the locations filter is an array of location ids (the table's
 * single choice becomes a one-item array, no choice sends nothing: an empty array would answer nothing, SPEC.md §7),
 * and `value_date` bounds are calendar days (the table sends the local day's first and last instant; the first ten
 * characters are that day).
 */
export function ledgerParams(params: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  const locations = out.location_ids;
  if (typeof locations === 'string') out.location_ids = locations ? [locations] : undefined;
  if (Array.isArray(locations) && locations.length === 0) delete out.location_ids;
  if (out.location_ids === undefined) delete out.location_ids;
  const range = out.value_date as { from?: string; to?: string } | undefined;
  if (range && typeof range === 'object') {
    out.value_date = {
      ...(range.from && { from: range.from.slice(0, 10) }),
      ...(range.to && { to: range.to.slice(0, 10) }),
    };
  }
  return out;
}

/** A list source over `POST <path>` whose `other_params` pass through `ledgerParams` plus `extra` (e.g. as_of). */
function ledgerSource<Row>(
  key: (query: ListQueryInput) => readonly unknown[],
  path: string,
  extra: Record<string, unknown> = {},
): ListSource<Row> {
  return {
    key,
    async fetch(query, signal): Promise<ListPage<Row>> {
      const body = { ...query, other_params: { ...ledgerParams(query.other_params), ...extra } };
      const response = await api.post<Row[]>(path, body, { signal });
      return { data: response.data ?? [], recordsTotal: response.recordsTotal ?? response.data?.length ?? 0 };
    },
  };
}

/** /inventory/overview: one row per (item, location) the caller may see. */
export const overviewSource: ListSource<StockBalanceRow> = ledgerSource(overviewKeys.list, `${BASE}/overview/list`);

/** One item's movements (newest first unless sorted), with the running balance and value of its location. */
export function movementsSource(itemType: StockItemType, itemId: string): ListSource<StockMovementView> {
  return ledgerSource(
    (query) => [...movementKeys.list(query), itemType, itemId],
    `${BASE}/overview/items/${itemPath(itemType, itemId)}/movements/list`,
  );
}

/** /fifo: the valuation of every (item, location) as of a day (director only). */
export function fifoSource(asOf: string): ListSource<FifoValuationRow> {
  return ledgerSource((query) => [...fifoKeys.list(query), asOf], `${BASE}/fifo/list`, { as_of: asOf });
}

/** /inventory/overview/view: the item everywhere the caller may see it, with its open layers. */
export function useStockItem(itemType: StockItemType | undefined, itemId: string | undefined) {
  return useSWR<StockItemDetail, Error>(
    itemType && itemId ? [...overviewKeys.details(), itemType, itemId] : null,
    async () =>
      (await api.get<StockItemDetail>(`${BASE}/overview/items/${itemPath(itemType!, itemId!)}`, { silent: true })).data,
    { shouldRetryOnError: false },
  );
}

/**
 * /fifo's total valuation of the current filter and search (every page): the server sums the rows' valuations as it
 * lists them (2 decimals each), so the rows add up to the total on the screen and in the export.
 */
export function useFifoTotal(asOf: string, query: ListQueryInput | null) {
  const body: ListQueryInput | null = query && {
    ...query,
    order_by: [],
    draw: 1,
    start: 0,
    other_params: { ...ledgerParams(query.other_params), as_of: asOf },
  };
  return useSWR<FifoValuationTotal, Error>(
    body ? [...fifoKeys.all, 'total', asOf, body] : null,
    async () => (await api.post<FifoValuationTotal>(`${BASE}/fifo/total`, body!, { silent: true })).data,
    { keepPreviousData: true },
  );
}

/** One item's layers at one location as they stood at the end of `asOf` (director only). */
export function useFifoLayers(
  target: { itemType: StockItemType; itemId: string; locationId: string } | null,
  asOf: string,
) {
  return useSWR<StockBatchView[], Error>(
    target ? [...fifoKeys.details(), target.itemType, target.itemId, target.locationId, asOf] : null,
    async () => {
      const query = new URLSearchParams({ location_id: target!.locationId, as_of: asOf });
      const path = `${BASE}/fifo/layers/${itemPath(target!.itemType, target!.itemId)}?${query.toString()}`;
      return (await api.get<StockBatchView[]>(path)).data ?? [];
    },
    { shouldRetryOnError: false },
  );
}

/** Inventory's settings (SETTING): the period lock date and its revision. */
export function useInventorySettings(enabled = true) {
  return useSWR<InventorySettingsView, Error>(
    enabled ? SETTINGS_KEY : null,
    async () => (await api.get<InventorySettingsView>(`${BASE}/settings`)).data,
  );
}

/** Saves the period lock date (SETTING edit); a stale revision is refused by the server ("changed by someone else"). */
export async function saveInventorySettings(
  input: InventorySettingsInput,
  idempotencyKey: string,
): Promise<InventorySettingsView> {
  const saved = (
    await api.put<InventorySettingsView>(`${BASE}/settings`, input, {
      idempotencyKey,
      success: true,
      loading: true,
    })
  ).data;
  await mutate(SETTINGS_KEY, saved, { revalidate: false });
  return saved;
}
