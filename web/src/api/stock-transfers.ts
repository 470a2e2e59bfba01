import useSWR from 'swr';
import type {
  ListQueryInput,
  ReleaseCustomer,
  StockConsignmentSettlementInput,
  StockReleaseSplitInput,
  StockTransferInput,
  StockTransferListRow,
  StockTransferReceiptInput,
  StockTransferView,
  TransferDestination,
} from '@scm/contracts';
import { documentApi } from '../components/document/document-api';
import { api } from './client';
import type { ListSource } from './resource';

const base = documentApi<StockTransferView, StockTransferListRow, StockTransferInput>(
  'stock-transfers',
  '/api/inventory/stock-transfers',
  {
    dayFields: ['release_date'],
    arrayFields: ['urgency', 'from_location_id', 'to_location_id', 'transfer_type', 'item_state', 'customer_id'],
  },
);

/**
 * Stock transfers and releases (SPEC.md §2 /inventory/stock-release, key SR, and the RJ area's page, key RJ_SR;
 * `inventory/stock-transfers` API). A transfer: DRAFT → PENDING APPROVAL → IN TRANSIT → RECEIVED / PARTIALLY
 * RECEIVED, RETURN or DENIED. A release to a customer: … → APPROVED → RECEIVED / PARTIALLY RECEIVED, SPLIT into
 * deliveries or CANCELLED; a consignment is settled (sold / returned) while APPROVED. The receipt, the settlement
 * and the split are their own calls. Cost fields only come for roles with can_see_cost.
 */
export const stockTransfersApi = {
  ...base,
  receive(id: string, receipt: StockTransferReceiptInput, idempotencyKey: string): Promise<StockTransferView> {
    return base.send('POST', id, '/receive', receipt, idempotencyKey);
  },
  /** A consignment's settlement: per line what the customer kept (sold) and what came back (returned). */
  settle(id: string, body: StockConsignmentSettlementInput, idempotencyKey: string): Promise<StockTransferView> {
    return base.send('POST', id, '/settle', body, idempotencyKey);
  },
  /** An approved release split into deliveries. */
  split(id: string, body: StockReleaseSplitInput, idempotencyKey: string): Promise<StockTransferView> {
    return base.send('POST', id, '/split', body, idempotencyKey);
  },
  /** The active customers a release may go to. */
  useCustomers(enabled: boolean) {
    return useSWR<ReleaseCustomer[], Error>(
      enabled ? ['stock-transfers', 'customers'] : null,
      async () =>
        (await api.get<ReleaseCustomer[]>('/api/inventory/stock-transfers/customers', { silent: true })).data ?? [],
      { shouldRetryOnError: false },
    );
  },
  /** Where a transfer from the caller's `fromLocationId` may go (every active location but it). */
  useDestinations(fromLocationId: string | undefined) {
    return useSWR<TransferDestination[], Error>(
      fromLocationId ? ['stock-transfers', 'destinations', fromLocationId] : null,
      async () =>
        (
          await api.get<TransferDestination[]>(
            `/api/inventory/stock-transfers/destinations/${encodeURIComponent(fromLocationId!)}`,
            { silent: true },
          )
        ).data ?? [],
      { shouldRetryOnError: false },
    );
  },
};

const RELEASE_TYPES = ['EXTERNAL', 'EXTERNAL_CONSIGNMENT'];

/** A query kept to releases unless it asks for types itself (the RJ_SR page lists releases only). */
function releasesOnly(query: ListQueryInput): ListQueryInput {
  const asked = query.other_params?.transfer_type;
  const chosen = Array.isArray(asked) ? asked.length > 0 : asked !== undefined && asked !== null && asked !== '';
  return chosen ? query : { ...query, other_params: { ...query.other_params, transfer_type: RELEASE_TYPES } };
}

/** The same resource as the RJ_SR page lists it: releases (external, consignment), never internal transfers. */
export const rjStockReleasesApi = {
  ...stockTransfersApi,
  listSource(status?: string | null): ListSource<StockTransferListRow> {
    const source = stockTransfersApi.listSource(status);
    return {
      key: (query) => [...source.key(releasesOnly(query)), 'releases'],
      fetch: (query, signal) => source.fetch(releasesOnly(query), signal),
    };
  },
  statusCounts: (query: ListQueryInput) => stockTransfersApi.statusCounts(releasesOnly(query)),
};
