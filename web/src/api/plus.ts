import type { PluBomOption, PluBomOptionsQuery, PluInput, PluListRow, PluView } from '@scm/contracts';
import useSWR from 'swr';
import { api } from './client';
import { masterDataApi } from './master-data';

/**
 * PLUs (SPEC.md §2 /PLUSKU/plu/list; `catalog/plus` API); the id is the PLU ID. Cost and margin come only for
 * roles with can_see_cost.
 */
export const plusApi = masterDataApi<PluView, PluListRow, PluInput>('plus', '/api/catalog/plus', (plu) => plu.plu_id);

/** PLU BOMs a PLU can be put on (search), plus its current one (`bom_ids`). */
export function usePluBomOptions(query: PluBomOptionsQuery) {
  return useSWR<PluBomOption[], Error>(
    ['plu-options', 'boms', query],
    async () => (await api.post<PluBomOption[]>('/api/catalog/plu-options/boms', query)).data ?? [],
    { keepPreviousData: true },
  );
}
