import type { ApiEnvelope, FieldError } from '@scm/contracts';
import { isSuccessStatus } from '@scm/contracts';
import { currentLanguage, i18next } from '../i18n';
import { storage } from '../lib/storage';
import { showError, showSuccess, startLoading } from '../state/feedback';

/**
 * The one HTTP client (SPEC.md §7, §8): a configurable base address, credentials on every call, the envelope
 * check (only 200/201 succeed), optional loader and success message, binary downloads, and the generic
 * handling of failures (one warning dialog; 401 and 403 sign out or go to the login page).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly fieldErrors: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  body?: unknown;
  /** Show the fullscreen loader while the request runs. */
  loading?: boolean;
  /** Show a success message for 2 s: the server's message when true, or this text. */
  success?: boolean | string;
  /** Let the caller handle the failure (form field errors): no dialog, no redirect. */
  silent?: boolean;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** What happens on 401/403; set by the session layer (it knows how to sign out and navigate). */
export const authFailureHandlers = {
  signOut: (): void => undefined,
  goToLogin: (): void => undefined,
};

export function apiBase(): string {
  return (storage.get('apiBase') ?? '').replace(/\/$/, '');
}

/** Message of a failed response: body message, else status text, else a nested response message. */
export function failureMessage(body: unknown, statusText: string): string {
  const candidate =
    (body as { message?: unknown } | null)?.message ??
    (statusText || undefined) ??
    (body as { response?: { message?: unknown } } | null)?.response?.message;
  if (Array.isArray(candidate)) return candidate.map(String).join('\n');
  if (typeof candidate === 'string' && candidate.trim()) return candidate;
  return i18next.t('web:errors.generic');
}

/** The CSRF cookie set at sign-in, echoed in a header on every call (the server checks it on mutations). */
export function csrfToken(): string {
  return /(?:^|;\s*)scm_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
}

/** Headers every call carries: the language for server messages and the CSRF token. */
export function commonHeaders(): Record<string, string> {
  return { 'Accept-Language': currentLanguage(), 'X-CSRF-Token': csrfToken() };
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = commonHeaders();
  // A FormData body (a file upload) sets its own multipart content type with the boundary.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  return fetch(`${apiBase()}${path}`, {
    method,
    headers,
    credentials: 'include',
    body:
      options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** The generic handling of a failed response (SPEC.md §8): 401 signs out, 403 signs out or goes to login, else the dialog. */
export function handleFailure(status: number, message: string, options: RequestOptions): void {
  if (status === 401) {
    if (!window.location.pathname.startsWith('/login')) authFailureHandlers.signOut();
    return;
  }
  if (status === 403) {
    if (/please login again/i.test(message)) authFailureHandlers.signOut();
    else {
      if (!options.silent) showError(message);
      // Already on the sign-in page (e.g. an inactive account refused): stay, keeping its redirect.
      if (!window.location.pathname.startsWith('/login')) authFailureHandlers.goToLogin();
    }
    return;
  }
  if (!options.silent) showError(message);
}

async function readEnvelope<T>(response: Response): Promise<ApiEnvelope<T> | null> {
  try {
    return (await response.json()) as ApiEnvelope<T>;
  } catch {
    return null;
  }
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  const stopLoading = options.loading ? startLoading() : undefined;
  try {
    let response: Response;
    try {
      response = await send(method, path, options);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      const message = i18next.t('web:errors.generic');
      if (!options.silent) showError(message);
      throw new ApiError(0, message, undefined, []);
    }
    const body = await readEnvelope<T>(response);
    const status = body?.status ?? response.status;
    if (!body || !isSuccessStatus(status) || !isSuccessStatus(response.status)) {
      const message = failureMessage(body, response.statusText);
      handleFailure(response.status, message, options);
      throw new ApiError(response.status, message, body?.code, body?.errors ?? []);
    }
    if (options.success) {
      showSuccess(
        typeof options.success === 'string' ? options.success : body.message || i18next.t('web:feedback.success'),
      );
    }
    return body;
  } finally {
    stopLoading?.();
  }
}

/** A file download; an error body is read as JSON first (SPEC.md §8). */
export async function download(method: string, path: string, options: RequestOptions = {}): Promise<Blob> {
  const stopLoading = options.loading ? startLoading() : undefined;
  try {
    const response = await send(method, path, options);
    if (!isSuccessStatus(response.status)) {
      const body = await readEnvelope<unknown>(response);
      const message = failureMessage(body, response.statusText);
      handleFailure(response.status, message, options);
      throw new ApiError(response.status, message, body?.code, body?.errors ?? []);
    }
    return await response.blob();
  } finally {
    stopLoading?.();
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** POSTs one file as multipart field `file` (small files; attachments use their XHR upload for progress). */
  upload: <T>(path: string, file: File, options?: RequestOptions) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request<T>('POST', path, { ...options, body: form });
  },
};
