import type { DocumentActionInput, DocumentStatusCount, ListQueryInput } from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../api/client';
import { resourceKeys, revalidate } from '../../api/resource';
import type { ListPage, ListSource } from '../../api/resource';

/** Filters the list reads in a shape other than the table's: days (a date column), arrays (an `in` filter). */
export interface DocumentListFields {
  dayFields?: readonly string[];
  arrayFields?: readonly string[];
}

/**
 * `other_params` as the document lists read them (the ledger's convention, docs/stock-ledger.md): a location choice
 * becomes `location_ids` (an array; none sends nothing, since an empty array answers nothing, SPEC.md §7), and the
 * bounds of a calendar-day column (`dayFields`, e.g. value_date) are days rather than the local day's instants, and
 * a single choice of an `in` filter (`arrayFields`) a one-item array.
 */
export function documentParams(
  params: Record<string, unknown> | undefined,
  fields: DocumentListFields = {},
): Record<string, unknown> {
  const { dayFields = [], arrayFields = [] } = fields;
  const out: Record<string, unknown> = { ...params };
  for (const field of arrayFields) {
    if (typeof out[field] === 'string') out[field] = out[field] ? [out[field]] : undefined;
    if (out[field] === undefined) delete out[field];
  }
  const locations = out.location_ids;
  if (typeof locations === 'string') out.location_ids = locations ? [locations] : undefined;
  if (out.location_ids === undefined || (Array.isArray(out.location_ids) && out.location_ids.length === 0)) {
    delete out.location_ids;
  }
  for (const field of dayFields) {
    const range = out[field] as { from?: string; to?: string } | undefined;
    if (range && typeof range === 'object') {
      out[field] = {
        ...(range.from && { from: range.from.slice(0, 10) }),
        ...(range.to && { to: range.to.slice(0, 10) }),
      };
    }
  }
  return out;
}

/** A list source over `POST <path>` whose `other_params` go through `documentParams`, plus `extra` (a status tab). */
export function documentListSource<Row>(
  key: (query: ListQueryInput) => readonly unknown[],
  path: string,
  fields: DocumentListFields = {},
  extra: Record<string, unknown> = {},
): ListSource<Row> {
  return {
    key: (query) => [...key(query), extra],
    async fetch(query, signal): Promise<ListPage<Row>> {
      const body = { ...query, other_params: { ...documentParams(query.other_params, fields), ...extra } };
      const response = await api.post<Row[]>(path, body, { signal });
      return { data: response.data ?? [], recordsTotal: response.recordsTotal ?? response.data?.length ?? 0 };
    },
  };
}

/** Every document type's resource name, so that an action on one can refresh what it may have changed in others. */
const documentTypes = new Set<string>();

/**
 * Marks every cached document view but `except` stale. An action on one document can move another (discarding a
 * stock take's adjustment returns the stock take to RECOUNT, submitting it creates one), so a view cached a moment
 * ago must not be shown again as it was: SWR would otherwise serve it unrefreshed for its de-duplication interval.
 */
function refreshOtherDocuments(except: readonly unknown[]): Promise<unknown> {
  return mutate(
    (key) =>
      Array.isArray(key) &&
      documentTypes.has(key[0] as string) &&
      key[1] === 'detail' &&
      !(key[0] === except[0] && key[2] === except[2]),
  );
}

/**
 * The calls of one document type under `base` (docs/stock-ledger.md, "HTTP"): list, status counts, one document,
 * create, update (with the revision the edit was made on) and `POST :id/<action>` with `{revision, remark}`, each
 * mutation with an Idempotency-Key. Forms handle refusals themselves (`silent`): the message lands in the page.
 */
export function documentApi<View extends { id: string }, ListRow, Input>(
  name: string,
  base: string,
  fields: DocumentListFields = {},
) {
  const keys = resourceKeys(name);
  documentTypes.add(name);
  const path = (id: string, suffix = '') => `${base}/${encodeURIComponent(id)}${suffix}`;
  const options = (idempotencyKey: string) => ({ idempotencyKey, silent: true, success: true, loading: true });
  const changed = async (view: View): Promise<View> => {
    await Promise.all([
      mutate(keys.detail(view.id), view, { revalidate: false }),
      revalidate(keys.lists()),
      refreshOtherDocuments(keys.detail(view.id)),
    ]);
    return view;
  };
  return {
    keys,
    base,
    /** The list, with a status tab's filter added to every query (and to exports). */
    listSource: (status?: string | null): ListSource<ListRow> =>
      documentListSource<ListRow>(keys.list, `${base}/list`, fields, status ? { status } : {}),
    /** The status tabs' counts for the list's query (every filter but the status). */
    async statusCounts(query: ListQueryInput): Promise<DocumentStatusCount[]> {
      const body = { ...query, other_params: documentParams(query.other_params, fields) };
      return (await api.post<DocumentStatusCount[]>(`${base}/status-counts`, body, { silent: true })).data ?? [];
    },
    useRecord(id: string | undefined) {
      return useSWR<View, Error>(
        id ? keys.detail(id) : null,
        async () => (await api.get<View>(path(id!), { silent: true })).data,
        { shouldRetryOnError: false },
      );
    },
    async reload(id: string): Promise<unknown> {
      return mutate(keys.detail(id));
    },
    async create(input: Input, idempotencyKey: string): Promise<View> {
      return changed((await api.post<View>(base, input, options(idempotencyKey))).data);
    },
    async update(id: string, input: Input, idempotencyKey: string): Promise<View> {
      return changed((await api.put<View>(path(id), input, options(idempotencyKey))).data);
    },
    async action(id: string, action: string, body: DocumentActionInput, idempotencyKey: string): Promise<View> {
      return changed((await api.post<View>(path(id, `/${action}`), body, options(idempotencyKey))).data);
    },
    /** A PUT or POST under the document (e.g. a stock take's counts) answering the document. */
    async send(
      method: 'PUT' | 'POST',
      id: string,
      suffix: string,
      body: unknown,
      idempotencyKey: string,
    ): Promise<View> {
      const request = method === 'PUT' ? api.put<View> : api.post<View>;
      return changed((await request(path(id, suffix), body, options(idempotencyKey))).data);
    },
    path,
  };
}

export type DocumentApi<View extends { id: string }, ListRow, Input> = ReturnType<
  typeof documentApi<View, ListRow, Input>
>;
