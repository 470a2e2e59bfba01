import useSWR from 'swr';
import type {
  StockTransferInput,
  StockTransferListRow,
  StockTransferReceiptInput,
  StockTransferView,
  TransferDestination,
} from '@scm/contracts';
import { documentApi } from '../components/document/document-api';
import { api } from './client';

const base = documentApi<StockTransferView, StockTransferListRow, StockTransferInput>(
  'stock-transfers',
  '/api/inventory/stock-transfers',
  { dayFields: ['release_date'], arrayFields: ['urgency', 'from_location_id', 'to_location_id'] },
);

/**
 * Stock transfers (SPEC.md §2 /inventory/stock-release, key SR; `inventory/stock-transfers` API): DRAFT → PENDING
 * APPROVAL → IN TRANSIT → RECEIVED / PARTIALLY RECEIVED, RETURN or DENIED. The receipt is its own call: the
 * received and rejected quantities of every line. Cost fields only come for roles with can_see_cost.
 */
export const stockTransfersApi = {
  ...base,
  receive(id: string, receipt: StockTransferReceiptInput, idempotencyKey: string): Promise<StockTransferView> {
    return base.send('POST', id, '/receive', receipt, idempotencyKey);
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
