import { BOM_API_PATHS, BOM_KINDS } from '@scm/contracts';
import type {
  BomCostPreview,
  BomCostPreviewInput,
  BomFormOptions,
  BomInput,
  BomKind,
  BomListRow,
  BomSkuOption,
  BomSkuOptionsQuery,
  BomView,
} from '@scm/contracts';
import useSWR from 'swr';
import { api } from './client';
import { masterDataApi } from './master-data';
import type { MasterDataApi } from './master-data';

export type BomsApi = MasterDataApi<BomView, BomListRow, BomInput>;

const apis = Object.fromEntries(
  BOM_KINDS.map((kind) => [
    kind,
    masterDataApi<BomView, BomListRow, BomInput>(
      `boms:${kind}`,
      `/api/catalog/${BOM_API_PATHS[kind]}`,
      (bom) => bom.bom_id,
    ),
  ]),
) as Record<BomKind, BomsApi>;

/**
 * SKU BOMs or PLU BOMs (SPEC.md §2 /PLUSKU/skubom/list, /PLUSKU/plubom/list); the id is the BOM ID. Costs come
 * only for roles with can_see_cost.
 */
export function bomsApi(kind: BomKind): BomsApi {
  return apis[kind];
}

/** SKUs a BOM row can consume (search), plus the rows' own SKUs (`sku_ids`), each with its UOMs. */
export function useBomSkuOptions(query: BomSkuOptionsQuery) {
  return useSWR<BomSkuOption[], Error>(
    ['bom-options', 'skus', query],
    async () => (await api.post<BomSkuOption[]>('/api/catalog/bom-options/skus', query)).data ?? [],
    { keepPreviousData: true },
  );
}

/**
 * The costs of a recipe being written (`null`: nothing whole to ask yet), from the server's one roll-up: the rows,
 * total and cost per output unit the saved BOM will show. A recipe the server refuses shows no figure, quietly.
 */
export function useBomCostPreview(input: BomCostPreviewInput | null) {
  return useSWR<BomCostPreview, Error>(
    input ? ['bom-options', 'cost-preview', input] : null,
    async () => (await api.post<BomCostPreview>('/api/catalog/bom-options/cost-preview', input, { silent: true })).data,
    { shouldRetryOnError: false },
  );
}

/** UOMs (any, for a PLU BOM's output) and locations (owners) for the BOM and PLU forms. */
export function useBomFormOptions() {
  return useSWR<BomFormOptions, Error>(
    ['bom-options', 'form'],
    async () => (await api.get<BomFormOptions>('/api/catalog/bom-options')).data,
  );
}
