import useSWR from 'swr';
import type {
  ApiEnvelope,
  PluOption,
  SalesUploadForm,
  SalesUploadListRow,
  SalesUploadResult,
  SalesUploadView,
} from '@scm/contracts';
import { isSuccessStatus } from '@scm/contracts';
import { documentApi } from '../components/document/document-api';
import { saveBlob } from '../components/import/import-api';
import { currentLanguage, i18next } from '../i18n';
import { ApiError, api, apiBase, commonHeaders, download, failureMessage, handleFailure } from './client';
import { revalidate } from './resource';

const BASE = '/api/inventory/sales-uploads';

const base = documentApi<SalesUploadView, SalesUploadListRow, never>('sales-uploads', BASE, {
  dayFields: ['value_date'],
  arrayFields: ['source'],
});

/**
 * Sales uploads (SPEC.md §2 /inventory/sales-upload, key SU; `inventory/sales-uploads` API): the template, the
 * upload of a file with its progress, and per line of the no-match list map (remembered) / ignore. The document's
 * actions (post, discard, revert) are the kit's. Cost fields only come for roles with can_see_cost.
 */
export const salesUploadsApi = {
  ...base,
  async downloadTemplate(fileName: string): Promise<void> {
    const lang = encodeURIComponent(currentLanguage());
    saveBlob(await download('GET', `${BASE}/template?lang=${lang}`, { loading: true }), fileName);
  },
  /** The file an upload was made from, as it was uploaded. */
  async downloadFile(id: string, fileName: string): Promise<void> {
    saveBlob(await download('GET', `${BASE}/${encodeURIComponent(id)}/file`, { loading: true }), fileName);
  },
  /** The file (XMLHttpRequest, for the progress bar); a refusal rejects with the rows' problems as field errors. */
  upload(form: SalesUploadForm, file: File, onProgress: (fraction: number) => void): Promise<SalesUploadResult> {
    const body = new FormData();
    body.append('file', file, file.name);
    const query = new URLSearchParams({
      source: form.source,
      location_id: form.location_id,
      value_date: form.value_date,
    });
    return new Promise<SalesUploadResult>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${apiBase()}${BASE}/upload?${query.toString()}`);
      xhr.withCredentials = true;
      for (const [name, value] of Object.entries(commonHeaders())) xhr.setRequestHeader(name, value);
      xhr.responseType = 'text';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        let envelope: ApiEnvelope<SalesUploadResult> | null;
        try {
          envelope = JSON.parse(xhr.responseText) as ApiEnvelope<SalesUploadResult>;
        } catch {
          envelope = null;
        }
        const status = envelope?.status ?? xhr.status;
        if (envelope?.data && isSuccessStatus(status) && isSuccessStatus(xhr.status)) {
          onProgress(1);
          void revalidate(base.keys.lists());
          resolve(envelope.data);
          return;
        }
        const message = failureMessage(envelope, xhr.statusText);
        if (xhr.status === 401 || xhr.status === 403) handleFailure(xhr.status, message, { silent: true });
        reject(new ApiError(xhr.status, message, envelope?.code, envelope?.errors ?? []));
      };
      xhr.onerror = () => reject(new ApiError(0, i18next.t('web:errors.generic'), undefined, []));
      xhr.send(body);
    });
  },
  map(id: string, lineNo: number, body: { revision: number; plu_id: string }, key: string) {
    return base.send('POST', id, `/lines/${lineNo}/map`, body, key);
  },
  ignore(id: string, lineNo: number, ignored: boolean, body: { revision: number }, key: string) {
    return base.send('POST', id, `/lines/${lineNo}/${ignored ? 'ignore' : 'unignore'}`, body, key);
  },
  /** Live PLUs matching `search` (code or name), for the no-match list's picker. */
  usePlus(search: string) {
    return useSWR<PluOption[], Error>(
      ['recipes', 'plus', search],
      async () =>
        (
          await api.get<PluOption[]>(`/api/inventory/recipes/plus?search=${encodeURIComponent(search)}&limit=20`, {
            silent: true,
          })
        ).data ?? [],
      { shouldRetryOnError: false, keepPreviousData: true },
    );
  },
};
