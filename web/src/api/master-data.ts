import type { ListQueryInput } from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { api } from './client';
import { listSource, resourceKeys, revalidate } from './resource';

/**
 * The calls of one master-data resource (create, edit, archive, reactivate, delete, list, one record and
 * the active choices for selects) under `base`, with its SWR keys; `idOf` names a record's id.
 */
export function masterDataApi<View, ListRow, Input>(name: string, base: string, idOf: (record: View) => string) {
  const keys = resourceKeys(name);
  const path = (id: string, action = '') => `${base}/${encodeURIComponent(id)}${action}`;
  /** A changed record: its detail takes the server's answer, every list (and the choices) revalidates. */
  const changed = async (record: View): Promise<View> => {
    await Promise.all([
      mutate(keys.detail(idOf(record)), record, { revalidate: false }),
      revalidate(keys.lists()),
      revalidate([...keys.all, 'options']),
    ]);
    return record;
  };
  /** Forms handle field errors themselves: `silent` keeps the warning dialog away. */
  const formOptions = (idempotencyKey: string) => ({ idempotencyKey, silent: true, success: true, loading: true });
  /** Row actions: a refusal (e.g. "Region is in use") shows in the warning dialog. */
  const actionOptions = (idempotencyKey: string) => ({ idempotencyKey, success: true, loading: true });

  return {
    keys,
    list: listSource<ListRow>(keys, `${base}/list`),

    /** One record; a failure is shown by the form (not found, or the server's message). */
    useRecord(id: string | undefined) {
      return useSWR<View, Error>(
        id ? keys.detail(id) : null,
        async () => (await api.get<View>(path(id!), { silent: true })).data,
        { shouldRetryOnError: false },
      );
    },

    /** New or active records, by name, for a form's select; `enabled: false` (no permission to list them) asks nothing. */
    useOptions(sortColumn: string, enabled = true) {
      const query: ListQueryInput = {
        limit: 1000,
        other_params: { status: 'new_or_active' },
        order_by: [{ column: sortColumn, sort_type: 'ASC' }],
      };
      return useSWR<ListRow[], Error>(
        enabled ? [...keys.all, 'options', sortColumn] : null,
        async () => (await api.post<ListRow[]>(`${base}/list`, query)).data ?? [],
      );
    },

    async create(input: Input, idempotencyKey: string): Promise<View> {
      return changed((await api.post<View>(base, input, formOptions(idempotencyKey))).data);
    },

    async update(id: string, input: Input, idempotencyKey: string): Promise<View> {
      return changed((await api.put<View>(path(id), input, formOptions(idempotencyKey))).data);
    },

    async archive(id: string, idempotencyKey: string): Promise<View> {
      return changed((await api.post<View>(path(id, '/archive'), undefined, actionOptions(idempotencyKey))).data);
    },

    async reactivate(id: string, idempotencyKey: string): Promise<View> {
      return changed((await api.post<View>(path(id, '/reactivate'), undefined, actionOptions(idempotencyKey))).data);
    },

    async remove(id: string, idempotencyKey: string): Promise<void> {
      await api.delete<null>(path(id), actionOptions(idempotencyKey));
      await Promise.all([
        mutate(keys.detail(id), undefined, { revalidate: false }),
        revalidate(keys.lists()),
        revalidate([...keys.all, 'options']),
      ]);
    },
  };
}

export type MasterDataApi<View, ListRow, Input> = ReturnType<typeof masterDataApi<View, ListRow, Input>>;
