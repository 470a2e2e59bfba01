import type {
  EpointKeyCreated,
  EpointKeyInput,
  EpointKeyView,
  EpointPullFolderInput,
  EpointPullSettingsView,
  EpointRecordListRow,
  EpointScanResult,
} from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { documentApi } from '../components/document/document-api';
import { api } from './client';

const BASE = '/api/inventory/epoint';

/**
 * E-point (POS) records (SPEC.md §3; /inventory/sales-upload/e-point, key SU): the lines outlets' POS sent by
 * AutoSync or in an Epoint Excel upload, read only, with their status tabs.
 */
export const epointRecordsApi = documentApi<EpointRecordListRow & { id: string }, EpointRecordListRow, never>(
  'epoint-records',
  `${BASE}/records`,
  { dayFields: ['epoint_date'], arrayFields: ['source'] },
);

const KEYS_KEY = ['epoint-keys'] as const;
const PULL_KEY = ['epoint-pull-folders'] as const;

/** Settings › POS keys (key SETTING): the keys of the caller's locations. */
export function useEpointKeys() {
  return useSWR<EpointKeyView[], Error>(KEYS_KEY, async () => (await api.get<EpointKeyView[]>(`${BASE}/keys`)).data);
}

/** A new key: the answer holds the whole key, the only time it is shown. */
export async function createEpointKey(input: EpointKeyInput, idempotencyKey: string): Promise<EpointKeyCreated> {
  const created = (
    await api.post<EpointKeyCreated>(`${BASE}/keys`, input, { idempotencyKey, silent: true, loading: true })
  ).data;
  await mutate(KEYS_KEY);
  return created;
}

export async function revokeEpointKey(id: string, idempotencyKey: string): Promise<EpointKeyView> {
  const revoked = (
    await api.post<EpointKeyView>(
      `${BASE}/keys/${encodeURIComponent(id)}/revoke`,
      {},
      {
        idempotencyKey,
        success: true,
        loading: true,
      },
    )
  ).data;
  await mutate(KEYS_KEY);
  return revoked;
}

export function useEpointPullSettings() {
  return useSWR<EpointPullSettingsView, Error>(
    PULL_KEY,
    async () => (await api.get<EpointPullSettingsView>(`${BASE}/pull-folders`)).data,
  );
}

export async function saveEpointPullFolder(
  locationId: string,
  input: EpointPullFolderInput,
  idempotencyKey: string,
): Promise<EpointPullSettingsView> {
  const saved = (
    await api.put<EpointPullSettingsView>(`${BASE}/pull-folders/${encodeURIComponent(locationId)}`, input, {
      idempotencyKey,
      silent: true,
      success: true,
      loading: true,
    })
  ).data;
  await mutate(PULL_KEY, saved, { revalidate: false });
  return saved;
}

export async function scanEpointPullFolder(locationId: string, idempotencyKey: string): Promise<EpointScanResult> {
  const result = (
    await api.post<EpointScanResult>(
      `${BASE}/pull-folders/${encodeURIComponent(locationId)}/scan`,
      {},
      { idempotencyKey, loading: true },
    )
  ).data;
  await mutate(PULL_KEY);
  return result;
}
