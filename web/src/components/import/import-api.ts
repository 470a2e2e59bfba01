import type { ApiEnvelope, ImportJobView } from '@scm/contracts';
import {
  importErrorReportPath,
  importJobPath,
  importTemplatePath,
  importUploadPath,
  IMPORT_FILE_FIELD,
  isSuccessStatus,
} from '@scm/contracts';
import { ApiError, api, apiBase, commonHeaders, download, failureMessage, handleFailure } from '../../api/client';
import { currentLanguage, i18next } from '../../i18n';

/** Which import: the service that owns it (`catalog`) and the entity's path segment (`suppliers`). */
export interface ImportTarget {
  service: string;
  entity: string;
}

/** Saves a downloaded file under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The template in the current language (headers, notes). */
export async function downloadTemplate(target: ImportTarget, fileName: string): Promise<void> {
  const path = `${importTemplatePath(target.service, target.entity)}?lang=${encodeURIComponent(currentLanguage())}`;
  saveBlob(await download('GET', path, { loading: true }), fileName);
}

/** The uploaded rows with their problems, in the current language. */
export async function downloadErrorReport(target: ImportTarget, jobId: string, fileName: string): Promise<void> {
  const path = `${importErrorReportPath(target.service, jobId)}?lang=${encodeURIComponent(currentLanguage())}`;
  saveBlob(await download('GET', path, { loading: true }), fileName);
}

export async function fetchImportJob(
  target: ImportTarget,
  jobId: string,
  signal?: AbortSignal,
): Promise<ImportJobView> {
  return (await api.get<ImportJobView>(importJobPath(target.service, jobId), { silent: true, signal })).data;
}

/**
 * Uploads the file (XMLHttpRequest, for upload progress; credentials, language and CSRF headers as every
 * call) and answers the queued job. A refusal of the file itself (wrong type, too large) rejects with the
 * server's message for the dialog to show; sign-in problems go through the generic handling.
 */
export function uploadImport(
  target: ImportTarget,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ImportJobView> {
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, file, file.name);
  return new Promise<ImportJobView>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase()}${importUploadPath(target.service, target.entity)}`);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(commonHeaders())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseEnvelope(xhr.responseText);
      const status = body?.status ?? xhr.status;
      if (body?.data && isSuccessStatus(status) && isSuccessStatus(xhr.status)) {
        options.onProgress?.(1);
        resolve(body.data);
        return;
      }
      const message = failureMessage(body, xhr.statusText);
      // 401/403 sign out or go to sign-in; the file's own refusals are the dialog's to show.
      if (xhr.status === 401 || xhr.status === 403) handleFailure(xhr.status, message, { silent: true });
      reject(new ApiError(xhr.status, message, body?.code, body?.errors ?? []));
    };
    xhr.onerror = () => reject(new ApiError(0, i18next.t('web:errors.generic'), undefined, []));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function parseEnvelope(text: string): ApiEnvelope<ImportJobView> | null {
  try {
    return JSON.parse(text) as ApiEnvelope<ImportJobView>;
  } catch {
    return null;
  }
}
