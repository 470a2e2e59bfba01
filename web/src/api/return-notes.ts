import type { ReturnNoteInput, ReturnNoteListRow, ReturnNoteView, ReturnableLine } from '@scm/contracts';
import useSWR from 'swr';
import { documentApi } from '../components/document/document-api';
import { api } from './client';

const BASE = '/api/procurement/return-notes';

/**
 * Return notes (SPEC.md §2 /procurement/return-note, key GR; `procurement/return-notes` API): DRAFT → PENDING
 * APPROVAL → RECEIVED (stock issued) / REJECTED. Prices and totals only come for roles with can_see_cost.
 */
export const returnNotesApi = documentApi<ReturnNoteView, ReturnNoteListRow, ReturnNoteInput>('return-notes', BASE, {
  arrayFields: ['supplier_id'],
});

/** A RECEIVED receiving order of the user's locations, as the form offers it. */
export interface ReturnableReceivingOrder {
  id: string;
  doc_no: string;
  location_id: string;
  supplier_id: string;
  supplier_name: string;
  receive_time: string;
}

/** The receiving orders a return note may be made from (RECEIVED, the user's locations), newest first. */
export function useReturnableReceivingOrders(enabled: boolean) {
  return useSWR<ReturnableReceivingOrder[], Error>(
    enabled ? ['return-notes', 'receiving-orders'] : null,
    async () => (await api.get<ReturnableReceivingOrder[]>(`${BASE}/receiving-orders`, { silent: true })).data ?? [],
    { shouldRetryOnError: false },
  );
}

/** A receiving order's lines with received, already returned, on hand and available quantities. */
export function useReturnableLines(receivingOrderId: string | undefined) {
  return useSWR<ReturnableLine[], Error>(
    receivingOrderId ? ['return-notes', 'returnable', receivingOrderId] : null,
    async () =>
      (await api.get<ReturnableLine[]>(`${BASE}/receiving-orders/${receivingOrderId}/lines`, { silent: true })).data ??
      [],
    { shouldRetryOnError: false },
  );
}
