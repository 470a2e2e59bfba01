import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Which records use which (a SKU uses a UOM, a purchase order uses a SKU ...). Archive and delete are
 * refused while a record has a user (SPEC.md §4, §8). Catalog's own features record their references here
 * in the same transaction as the change; other services' references arrive by their events.
 */
@Injectable()
export class RecordUsageRepository {
  async isInUse(manager: EntityManager, targetType: string, targetId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM record_usage WHERE target_type = $1 AND target_id = $2 LIMIT 1`,
      [targetType, targetId],
    );
    return rows.length > 0;
  }

  async add(manager: EntityManager, targetType: string, targetId: string, usedByType: string, usedById: string) {
    await manager.query(
      `INSERT INTO record_usage (target_type, target_id, used_by_type, used_by_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [targetType, targetId, usedByType, usedById],
    );
  }

  async remove(manager: EntityManager, targetType: string, targetId: string, usedByType: string, usedById: string) {
    await manager.query(
      `DELETE FROM record_usage WHERE target_type = $1 AND target_id = $2 AND used_by_type = $3 AND used_by_id = $4`,
      [targetType, targetId, usedByType, usedById],
    );
  }

  /** Forgets every reference a record holds (the record is deleted). */
  async removeAllBy(manager: EntityManager, usedByType: string, usedById: string): Promise<void> {
    await manager.query(`DELETE FROM record_usage WHERE used_by_type = $1 AND used_by_id = $2`, [usedByType, usedById]);
  }

  /** Who uses each of `targetIds` (in order of target, then user id), e.g. to name them in a refusal. */
  async usersOf(
    manager: EntityManager,
    targetType: string,
    targetIds: readonly string[],
  ): Promise<{ target_id: string; used_by_type: string; used_by_id: string }[]> {
    if (targetIds.length === 0) return [];
    return manager.query(
      `SELECT target_id, used_by_type, used_by_id FROM record_usage WHERE target_type = $1 AND target_id = ANY($2)
        ORDER BY target_id, used_by_id, used_by_type`,
      [targetType, targetIds],
    );
  }

  /** The ids among `targetIds` that some record uses. */
  async inUseOf(manager: EntityManager, targetType: string, targetIds: readonly string[]): Promise<Set<string>> {
    if (targetIds.length === 0) return new Set();
    const rows: { target_id: string }[] = await manager.query(
      `SELECT DISTINCT target_id FROM record_usage WHERE target_type = $1 AND target_id = ANY($2)`,
      [targetType, targetIds],
    );
    return new Set(rows.map((row) => row.target_id));
  }
}
