import { createStore } from '../lib/store';

/** Client errors captured for the director's error-log button (SPEC.md §2). */
export interface ClientError {
  at: string;
  message: string;
  source: string;
  url: string;
}

const MAX_ENTRIES = 100;
export const errorLog = createStore<ClientError[]>([]);

function record(message: string, source: string): void {
  const entry = { at: new Date().toISOString(), message, source, url: window.location.pathname };
  errorLog.set((list) => [entry, ...list].slice(0, MAX_ENTRIES));
}

export function captureClientErrors(): void {
  window.addEventListener('error', (event) => record(event.message, `${event.filename}:${event.lineno}`));
  window.addEventListener('unhandledrejection', (event) =>
    record(event.reason instanceof Error ? event.reason.message : String(event.reason), 'promise'),
  );
}
