import { Injectable } from '@nestjs/common';
import type { CatalogUsageChanged } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { RecordUsageRepository } from './record-usage.repository.js';

/**
 * Catalog's replica of which of its records other services' records use, kept as record_usage rows whose
 * `used_by_type` is namespaced by the producing service (`procurement.purchase_order`), so the same archive and
 * delete checks cover catalog's own references and everybody else's.
 */
@Injectable()
export class ForeignUsageRepository {
  constructor(private readonly usage: RecordUsageRepository) {}

  /** Replaces the referencing record's usage with the event's set, unless a newer revision was applied. */
  async apply(manager: EntityManager, producer: string, change: CatalogUsageChanged): Promise<void> {
    const usedByType = `${producer}.${change.used_by_type}`;
    // Claims the revision (and locks the row, so two events of one record serialise); nothing returned means
    // this set is not newer than the one applied.
    const claimed: unknown[] = await manager.query(
      `INSERT INTO foreign_usage_revision (used_by_type, used_by_id, revision) VALUES ($1, $2, $3)
       ON CONFLICT (used_by_type, used_by_id) DO UPDATE SET revision = EXCLUDED.revision
       WHERE foreign_usage_revision.revision < EXCLUDED.revision
       RETURNING used_by_id`,
      [usedByType, change.used_by_id, change.revision],
    );
    if (claimed.length === 0) return;
    await this.usage.removeAllBy(manager, usedByType, change.used_by_id);
    for (const target of change.targets) {
      await this.usage.add(manager, target.target_type, target.target_id, usedByType, change.used_by_id);
    }
  }
}
