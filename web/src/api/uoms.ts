import type { UomInput, UomView } from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { api } from './client';
import { listSource, resourceKeys, revalidate } from './resource';

/** Units of measure (SPEC.md §2 /PLUSKU/uom; `catalog/uoms` API). */
const BASE = '/api/catalog/uoms';

export const uomKeys = resourceKeys('uoms');

export const uomList = listSource<UomView>(uomKeys, `${BASE}/list`);

/** One UOM; a failure is shown by the form (not found, or the server's message), not by the warning dialog. */
export function useUom(id: string | undefined) {
  return useSWR<UomView, Error>(
    id ? uomKeys.detail(id) : null,
    async () => (await api.get<UomView>(`${BASE}/${encodeURIComponent(id!)}`, { silent: true })).data,
    { shouldRetryOnError: false },
  );
}

/** A changed record: its detail takes the server's answer, every list page revalidates. */
async function changed(uom: UomView): Promise<UomView> {
  await Promise.all([mutate(uomKeys.detail(uom.uom_id), uom, { revalidate: false }), revalidate(uomKeys.lists())]);
  return uom;
}

/** Forms handle field errors themselves: `silent` keeps the warning dialog away. */
export async function createUom(input: UomInput, idempotencyKey: string): Promise<UomView> {
  const response = await api.post<UomView>(BASE, input, { idempotencyKey, silent: true, success: true, loading: true });
  return changed(response.data);
}

export async function updateUom(id: string, input: UomInput, idempotencyKey: string): Promise<UomView> {
  const response = await api.put<UomView>(`${BASE}/${encodeURIComponent(id)}`, input, {
    idempotencyKey,
    silent: true,
    success: true,
    loading: true,
  });
  return changed(response.data);
}

/** Row actions: a refusal (e.g. "UOM is in use") shows in the warning dialog. */
export async function archiveUom(id: string, idempotencyKey: string): Promise<UomView> {
  const response = await api.post<UomView>(`${BASE}/${encodeURIComponent(id)}/archive`, undefined, {
    idempotencyKey,
    success: true,
    loading: true,
  });
  return changed(response.data);
}

export async function reactivateUom(id: string, idempotencyKey: string): Promise<UomView> {
  const response = await api.post<UomView>(`${BASE}/${encodeURIComponent(id)}/reactivate`, undefined, {
    idempotencyKey,
    success: true,
    loading: true,
  });
  return changed(response.data);
}

export async function deleteUom(id: string, idempotencyKey: string): Promise<void> {
  await api.delete<null>(`${BASE}/${encodeURIComponent(id)}`, { idempotencyKey, success: true, loading: true });
  await Promise.all([mutate(uomKeys.detail(id), undefined, { revalidate: false }), revalidate(uomKeys.lists())]);
}
