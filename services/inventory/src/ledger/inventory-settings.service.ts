import { Inject, Injectable } from '@nestjs/common';
import type { InventorySettingsView, InventorySettingsInput } from '@scm/contracts';
import { DATA_SOURCE, inTransaction, returnedRows } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { StockLedgerException } from './stock-ledger.exception.js';

/**
 * Inventory's settings (SETTING): the period lock date. Postings dated on or before it are refused, so a
 * closed period's figures cannot change. Edits carry the revision they were made on (optimistic concurrency).
 */
@Injectable()
export class InventorySettingsService {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * The lock date as YYYY-MM-DD, or null when no period is locked. `forShare` (the ledger's postings) reads the row
   * FOR SHARE in the caller's transaction: a change of the lock date being made meanwhile is waited for and then
   * seen (READ COMMITTED re-reads a locked row once its updater committed), and a change made later waits until
   * the caller's transaction ends. So a posting dated on or before a lock date committed concurrently cannot slip
   * in, and the lock date cannot move over a posting still in flight.
   */
  async periodLockDate(manager: EntityManager, options: { forShare?: boolean } = {}): Promise<string | null> {
    const [row] = await manager.query<{ period_lock_date: string | null }[]>(
      `SELECT period_lock_date::text AS period_lock_date FROM inventory_settings WHERE id = 1${
        options.forShare ? ' FOR SHARE' : ''
      }`,
    );
    return row?.period_lock_date ?? null;
  }

  async get(): Promise<InventorySettingsView> {
    return this.read(this.dataSource.manager);
  }

  /** Sets the lock date if `input.revision` is still the current one; otherwise "changed by someone else". */
  update(input: InventorySettingsInput, actor: string | null): Promise<InventorySettingsView> {
    return inTransaction(this.dataSource, async (manager) => {
      // The UPDATE takes the row's lock (FOR NO KEY UPDATE), which conflicts with the FOR SHARE every posting holds
      // on this row until it commits (StockLedger.post): a new lock date waits for the postings in flight and every
      // later posting waits for it, then sees it.
      const rows = returnedRows<{ id: number }>(
        await manager.query(
          `UPDATE inventory_settings
              SET period_lock_date = $1::date, revision = revision + 1, last_updated_time = now(), last_updated_by = $2
            WHERE id = 1 AND revision = $3
            RETURNING id`,
          [input.period_lock_date, actor, input.revision],
        ),
      );
      if (rows.length === 0) throw StockLedgerException.settingsStale();
      return this.read(manager);
    });
  }

  private async read(manager: EntityManager): Promise<InventorySettingsView> {
    const [row] = await manager.query<InventorySettingsView[]>(
      `SELECT period_lock_date::text AS period_lock_date, revision FROM inventory_settings WHERE id = 1`,
    );
    return { period_lock_date: row?.period_lock_date ?? null, revision: row?.revision ?? 0 };
  }
}
