import { createStore } from './store';

/** SPEC.md §9: the service worker checks for a new version every hour; a waiting one shows "Update available". */
export const UPDATE_CHECK_INTERVAL_MS = 3_600_000;
export const waitingWorker = createStore<ServiceWorker | null>(null);

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        if (registration.waiting && navigator.serviceWorker.controller) waitingWorker.set(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && navigator.serviceWorker.controller) waitingWorker.set(installing);
          });
        });
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
      })
      .catch(() => undefined);
  });
}

/** Refresh: the waiting worker takes over and the page reloads once it controls it. */
export function applyUpdate(): void {
  const worker = waitingWorker.get();
  if (!worker) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
