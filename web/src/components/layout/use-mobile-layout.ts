import { useSyncExternalStore } from 'react';

/** SPEC.md §9: narrower than 992 px is the mobile layout. */
export const MOBILE_QUERY = '(max-width: 991.98px)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const snapshot = () => window.matchMedia(MOBILE_QUERY).matches;

export function useMobileLayout(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
