import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * The transaction a batch of changes shares (docs/architecture.md, "Unit of work"). A service method opens its
 * own transaction with `inTransaction`; when it runs inside a unit of work — an Excel import applying every row
 * all or nothing, or an event handler whose effect must commit with the consumer's inbox row — it joins the
 * enclosing transaction instead, so the batch commits or rolls back as one without the service knowing.
 */
const enclosing = new AsyncLocalStorage<EntityManager>();

/**
 * Runs `work` in the enclosing unit of work when there is one, otherwise in a new transaction. An enclosing
 * transaction of another data source is refused: in embedded mode every service shares this process, and
 * joining it would commit one service's change in another's transaction (or not at all).
 */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const outer = enclosing.getStore();
  if (outer) {
    if (outer.connection !== dataSource) {
      return Promise.reject(
        new Error(
          `inTransaction: the enclosing unit of work belongs to another data source (${describe(outer.connection)}, not ${describe(dataSource)})`,
        ),
      );
    }
    return work(outer);
  }
  return startUnitOfWork(dataSource, work);
}

/**
 * Always opens a new transaction and makes it the unit of work of everything `work` calls, whatever encloses
 * the caller (an event delivery is its own unit, even when the in-process transport runs it from inside
 * another service's code).
 */
export function startUnitOfWork<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return dataSource.transaction((manager) => enclosing.run(manager, () => work(manager)));
}

/** Makes every `inTransaction` call inside `work` use `manager` (an open transaction) instead of its own. */
export function joinUnitOfWork<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
  return enclosing.run(manager, work);
}

function describe(dataSource: DataSource): string {
  const schema = (dataSource.options as { schema?: string }).schema;
  return schema ? `schema ${schema}` : 'default schema';
}

/** Whether the caller runs inside a unit of work (`retryOnConflict` refuses to: it cannot retry part of one). */
export function hasOpenUnitOfWork(): boolean {
  return enclosing.getStore() !== undefined;
}
