import { Injectable } from '@nestjs/common';
import type { UserSnapshot } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';

/** record_usage types of a user's hold on a location. */
export const LOCATION_TARGET = 'location';
export const USER_USED_BY = 'user';

/** In a location list, `*` means every location: it names none, so it pins none. */
const ALL_LOCATIONS = '*';

/**
 * Catalog's replica of which locations users hold, kept as record_usage rows (target 'location', used by
 * 'user' / user_id) so location archive and delete refuse a location in some user's list. Fed by identity's
 * user snapshots; `user_location_revision` keeps the newest revision applied per user, so a redelivered or
 * out-of-order older snapshot never undoes a newer one.
 */
@Injectable()
export class UserLocationsRepository {
  constructor(private readonly usage: RecordUsageRepository) {}

  /** Replaces the user's location usage with the snapshot's list, unless a newer revision was applied. */
  async apply(manager: EntityManager, user: UserSnapshot): Promise<void> {
    // Claims the revision (and locks the user's row, so two events of one user serialise); nothing
    // returned means this snapshot is not newer than the one applied.
    const claimed: unknown[] = await manager.query(
      `INSERT INTO user_location_revision (user_id, revision) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET revision = EXCLUDED.revision
       WHERE user_location_revision.revision < EXCLUDED.revision
       RETURNING user_id`,
      [user.user_id, user.revision],
    );
    if (claimed.length === 0) return;
    await manager.query(`DELETE FROM record_usage WHERE target_type = $1 AND used_by_type = $2 AND used_by_id = $3`, [
      LOCATION_TARGET,
      USER_USED_BY,
      user.user_id,
    ]);
    for (const locationId of new Set(user.location_list)) {
      if (locationId === ALL_LOCATIONS) continue;
      await this.usage.add(manager, LOCATION_TARGET, locationId, USER_USED_BY, user.user_id);
    }
  }

  /** Empties the replica (users' location usage and the revisions applied), before a replay rebuilds it. */
  async clear(manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM record_usage WHERE target_type = $1 AND used_by_type = $2`, [
      LOCATION_TARGET,
      USER_USED_BY,
    ]);
    await manager.query(`DELETE FROM user_location_revision`);
  }
}
