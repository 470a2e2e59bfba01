import type { ApiEnvelope, AttachmentView } from '@scm/contracts';
import { attachmentFilePath, attachmentsPath, isSuccessStatus } from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { i18next } from '../i18n';
import { showError } from '../state/feedback';
import { ApiError, api, apiBase, commonHeaders, download, failureMessage, handleFailure } from './client';

/**
 * Files attached to a record (`/api/<service>/attachments/...`, mounted by the service that owns the record).
 * The owner is the service, the owner type it exposes (`uom`, `purchase-order`, ...) and the record's id.
 */
export interface AttachmentOwner {
  service: string;
  ownerType: string;
  ownerId: string;
}

export const attachmentKeys = {
  all: ['attachments'] as const,
  list: (owner: AttachmentOwner) => ['attachments', owner.service, owner.ownerType, owner.ownerId] as const,
};

export function useAttachments(owner: AttachmentOwner) {
  return useSWR<AttachmentView[], Error>(
    attachmentKeys.list(owner),
    async () => (await api.get<AttachmentView[]>(attachmentsPath(owner.service, owner.ownerType, owner.ownerId))).data,
    { shouldRetryOnError: false },
  );
}

export interface UploadOptions {
  /** Called with the share of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads `files` in one multipart request (all or none are kept), reporting progress. XMLHttpRequest rather
 * than fetch, for upload progress; credentials, language and CSRF headers as every other call. A refusal
 * ("Files exceed 20MB", a wrong format, ...) goes through the generic failure handling (warning dialog).
 */
export function uploadAttachments(
  owner: AttachmentOwner,
  files: readonly File[],
  options: UploadOptions = {},
): Promise<ApiEnvelope<AttachmentView[]>> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return new Promise<ApiEnvelope<AttachmentView[]>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase()}${attachmentsPath(owner.service, owner.ownerType, owner.ownerId)}`);
    xhr.withCredentials = true;
    // Accept-Language from currentLanguage() and the CSRF token, as on every call of the API client.
    for (const [name, value] of Object.entries(commonHeaders())) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseEnvelope(xhr.responseText);
      const status = body?.status ?? xhr.status;
      if (body && isSuccessStatus(status) && isSuccessStatus(xhr.status)) {
        options.onProgress?.(1);
        resolve(body);
        return;
      }
      const message = failureMessage(body, xhr.statusText);
      handleFailure(xhr.status, message, {});
      reject(new ApiError(xhr.status, message, body?.code, body?.errors ?? []));
    };
    xhr.onerror = () => {
      const message = i18next.t('web:errors.generic');
      showError(message);
      reject(new ApiError(0, message, undefined, []));
    };
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  }).finally(() => mutate(attachmentKeys.list(owner)));
}

function parseEnvelope(text: string): ApiEnvelope<AttachmentView[]> | null {
  try {
    return JSON.parse(text) as ApiEnvelope<AttachmentView[]>;
  } catch {
    return null;
  }
}

/** Saves the file under the name it was uploaded with; a failure shows the server's message. */
export async function downloadAttachment(owner: AttachmentOwner, attachment: AttachmentView): Promise<void> {
  const blob = await download('GET', attachmentFilePath(owner.service, owner.ownerType, attachment.id), {
    loading: true,
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.original_name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function deleteAttachment(owner: AttachmentOwner, attachmentId: string): Promise<void> {
  try {
    await api.delete<null>(attachmentFilePath(owner.service, owner.ownerType, attachmentId), {
      success: true,
      loading: true,
    });
  } finally {
    await mutate(attachmentKeys.list(owner));
  }
}

/** The address of a file's download, for links (opening it in a new tab, copying it). */
export function attachmentUrl(owner: AttachmentOwner, attachmentId: string): string {
  return `${apiBase()}${attachmentFilePath(owner.service, owner.ownerType, attachmentId)}`;
}
