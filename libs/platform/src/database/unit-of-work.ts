import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * The transaction a batch of changes shares. A service method opens its own transaction with `inTransaction`;
 * when it runs inside `joinUnitOfWork` (an Excel import applying every row, all or nothing), it joins the
 * enclosing transaction instead, so the batch commits or rolls back as one without the service knowing.
 */
const enclosing = new AsyncLocalStorage<EntityManager>();

/** Runs `work` in the enclosing unit of work when there is one, otherwise in a new transaction. */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const outer = enclosing.getStore();
  if (outer) return work(outer);
  return dataSource.transaction((manager) => enclosing.run(manager, () => work(manager)));
}

/** Makes every `inTransaction` call inside `work` use `manager` (an open transaction) instead of its own. */
export function joinUnitOfWork<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
  return enclosing.run(manager, work);
}

/** Whether the caller runs inside a unit of work (`retryOnConflict` refuses to: it cannot retry part of one). */
export function hasOpenUnitOfWork(): boolean {
  return enclosing.getStore() !== undefined;
}
