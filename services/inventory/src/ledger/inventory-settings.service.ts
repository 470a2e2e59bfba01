import { Inject, Injectable } from '@nestjs/common';
import type { InventorySettingsView, InventorySettingsInput } from '@scm/contracts';
import { DATA_SOURCE, inTransaction } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { StockLedgerException } from './stock-ledger.exception.js';

/**
 * Inventory's settings (SETTING): the period lock date. Postings dated on or before it are refused, so a
 * closed period's figures cannot change. Edits carry the revision they were made on (optimistic concurrency).
 */
@Injectable()
export class InventorySettingsService {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** The lock date as YYYY-MM-DD, or null when no period is locked. */
  async periodLockDate(manager: EntityManager): Promise<string | null> {
    const [row] = await manager.query<{ period_lock_date: string | null }[]>(
      `SELECT period_lock_date::text AS period_lock_date FROM inventory_settings WHERE id = 1`,
    );
    return row?.period_lock_date ?? null;
  }

  async get(): Promise<InventorySettingsView> {
    return this.read(this.dataSource.manager);
  }

  /** Sets the lock date if `input.revision` is still the current one; otherwise "changed by someone else". */
  update(input: InventorySettingsInput, actor: string | null): Promise<InventorySettingsView> {
    return inTransaction(this.dataSource, async (manager) => {
      const updated = await manager.query<unknown[]>(
        `UPDATE inventory_settings
            SET period_lock_date = $1::date, revision = revision + 1, last_updated_time = now(), last_updated_by = $2
          WHERE id = 1 AND revision = $3
          RETURNING id`,
        [input.period_lock_date, actor, input.revision],
      );
      // TypeORM answers an UPDATE ... RETURNING with [rows, count].
      const rows = Array.isArray(updated[0]) ? (updated[0] as unknown[]) : updated;
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
