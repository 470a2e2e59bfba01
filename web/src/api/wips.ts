import useSWR from 'swr';
import type { SkuBomOption, WipInput, WipListRow, WipView } from '@scm/contracts';
import { documentApi } from '../components/document/document-api';
import { api } from './client';

const base = documentApi<WipView, WipListRow, WipInput>('wips', '/api/inventory/wips', {
  dayFields: ['wip_date'],
  arrayFields: ['location_id'],
});

/**
 * WIP production (SPEC.md §2 /inventory/wip, key WIP; `inventory/wips` API): DRAFT → COMPLETED (posted) or
 * DISCARDED. The outputs are chosen among the SKU BOMs inventory keeps (`inventory/recipes/sku-boms`). Cost fields
 * only come for roles with can_see_cost.
 */
export const wipsApi = {
  ...base,
  /** The live SKU BOMs matching `search` (code or name), for the outputs' picker. */
  useSkuBoms(search: string, enabled: boolean) {
    return useSWR<SkuBomOption[], Error>(
      enabled ? ['wips', 'sku-boms', search] : null,
      async () =>
        (
          await api.get<SkuBomOption[]>(
            `/api/inventory/recipes/sku-boms?search=${encodeURIComponent(search)}&limit=50`,
            { silent: true },
          )
        ).data ?? [],
      { shouldRetryOnError: false, keepPreviousData: true },
    );
  },
};
