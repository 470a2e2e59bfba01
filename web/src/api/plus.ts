import type {
  PluBomOption,
  PluBomOptionsQuery,
  PluCostPreview,
  PluCostPreviewInput,
  PluInput,
  PluListRow,
  PluView,
} from '@scm/contracts';
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

/**
 * The cost and margin of a PLU being written (`null`: nothing to ask yet), from the server's one roll-up, so a new
 * PLU shows the figures its view and the list will show once saved. An incomplete recipe is refused quietly: the
 * form shows no figure until it is whole.
 */
export function usePluCostPreview(input: PluCostPreviewInput | null) {
  return useSWR<PluCostPreview, Error>(
    input ? ['plus', 'cost-preview', input] : null,
    async () => (await api.post<PluCostPreview>('/api/catalog/plus/cost-preview', input, { silent: true })).data,
    { keepPreviousData: false, shouldRetryOnError: false },
  );
}
