import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What a request (or an event handler, or a job) is doing on whose behalf. Carried through async calls so
 * that log lines, published events and audit columns all name the same actor and correlation id.
 */
export interface RequestContext {
  correlationId: string;
  /** Id of the signed-in user, or null for system work. */
  actor: string | null;
  /** Id of the event being handled, when the work was caused by one. */
  causationId: string | null;
  /** The caller's language for messages: `en` or `zh-CN`. */
  language: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runInContext<T>(context: Partial<RequestContext>, fn: () => T): T {
  const full: RequestContext = {
    correlationId: context.correlationId ?? randomUUID(),
    actor: context.actor ?? null,
    causationId: context.causationId ?? null,
    language: context.language ?? 'en',
  };
  return storage.run(full, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Updates the current context in place (e.g. the auth guard sets the actor once the token is verified). */
export function updateContext(patch: Partial<RequestContext>): void {
  const context = storage.getStore();
  if (context) Object.assign(context, patch);
}
