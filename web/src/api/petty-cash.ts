import type { PettyCashChoices, PettyCashInput, PettyCashListRow, PettyCashView } from '@scm/contracts';
import useSWR from 'swr';
import { documentApi } from '../components/document/document-api';
import { api } from './client';
import { revalidate } from './resource';

const BASE = '/api/procurement/petty-cash';

/**
 * Petty cash claims (SPEC.md §2 /procurement/petty-cash, key PC; `procurement/petty-cash` API): DRAFT → PENDING
 * APPROVAL → APPROVED → SIGNED → REFUNDED / REJECTED. Amounts only come for roles with can_see_cost.
 */
export const pettyCashApi = documentApi<PettyCashView, PettyCashListRow, PettyCashInput>('petty-cash', BASE, {
  arrayFields: ['currency'],
});

/** The currencies a claim may be in and the GST rate its receipts are priced at. */
export function usePettyCashChoices() {
  return useSWR<PettyCashChoices, Error>(
    ['petty-cash', 'choices'],
    async () => (await api.get<PettyCashChoices>(`${BASE}/choices`, { silent: true })).data,
    { shouldRetryOnError: false },
  );
}

/** The refund list's bulk action: the SIGNED claims named are refunded to their outlets' floats (all or none). */
export async function refundPettyCash(ids: readonly string[], idempotencyKey: string): Promise<void> {
  await api.post(`${BASE}/refund`, { ids }, { idempotencyKey, success: true, loading: true });
  await revalidate(pettyCashApi.keys.all);
}
