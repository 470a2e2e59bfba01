import { useMemo, useRef } from 'react';
import { uuid } from './uuid';

/**
 * Idempotency-Key per submit attempt (docs/architecture.md, "HTTP conventions"): the same action with the same
 * body reuses its key until it succeeds, so a double click or a retry cannot create twice; a changed body gets a new key
 * (the server refuses a key reused with another body).
 */
export function useIdempotencyKeys() {
  const kept = useRef(new Map<string, { body: string; key: string }>());
  return useMemo(
    () => ({
      keyFor(action: string, body: unknown): string {
        const text = JSON.stringify(body ?? null);
        const current = kept.current.get(action);
        if (current && current.body === text) return current.key;
        const key = uuid();
        kept.current.set(action, { body: text, key });
        return key;
      },
      /** After success: the next attempt is a new one. */
      done(action: string): void {
        kept.current.delete(action);
      },
    }),
    [],
  );
}
