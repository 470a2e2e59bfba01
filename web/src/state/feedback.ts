import { createStore } from '../lib/store';

/**
 * The fullscreen loader, success messages and the warning dialog (SPEC.md §7, §8, §9 timings). Requests
 * report here; GlobalFeedback renders it.
 */
export const LOADER_CLOSE_DELAY_MS = 200;
export const SUCCESS_MESSAGE_MS = 2000;
export const DUPLICATE_ERROR_WINDOW_MS = 500;

export const loadingCount = createStore(0);
export const loaderVisible = createStore(false);
let closeTimer: ReturnType<typeof setTimeout> | undefined;

export function startLoading(): () => void {
  loadingCount.set((n) => n + 1);
  clearTimeout(closeTimer);
  loaderVisible.set(true);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    loadingCount.set((n) => Math.max(0, n - 1));
    if (loadingCount.get() === 0) closeTimer = setTimeout(() => loaderVisible.set(false), LOADER_CLOSE_DELAY_MS);
  };
}

export interface Toast {
  id: number;
  message: string;
}
export const toasts = createStore<Toast[]>([]);
let nextToastId = 1;

export function showSuccess(message: string): void {
  const id = nextToastId++;
  toasts.set((list) => [...list, { id, message }]);
  setTimeout(() => toasts.set((list) => list.filter((toast) => toast.id !== id)), SUCCESS_MESSAGE_MS);
}

/** The one warning dialog; the same message is not shown twice within 500 ms. */
export const errorDialog = createStore<string | null>(null);
let lastError: { message: string; at: number } | undefined;

export function showError(message: string): void {
  const now = Date.now();
  if (lastError && lastError.message === message && now - lastError.at < DUPLICATE_ERROR_WINDOW_MS) return;
  lastError = { message, at: now };
  // Loader closes before the dialog shows (SPEC.md §8).
  loadingCount.set(0);
  loaderVisible.set(false);
  errorDialog.set(message);
}

export function closeError(): void {
  errorDialog.set(null);
}
