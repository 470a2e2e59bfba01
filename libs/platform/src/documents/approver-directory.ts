import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { IdentitySubjects, hasPermission } from '@scm/contracts';
import type { PermissionEntry, RoleSnapshot, UserSnapshot } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { EventConsumer } from '../events/event-consumer.js';
import { ALL_LOCATIONS } from '../auth/access.js';

/** What the no-self-approval rule asks the directory. */
export interface OtherApproversQuery {
  /** The machine's permission key: approvers hold `approval` on it. */
  permissionKey: string;
  /** The document's location: approvers hold it (or every location). */
  locationId: string;
  /** The document's value in USD (exact text, as a magnitude): approvers' limit covers it. */
  valueUsd: string;
  /** The submitter, who does not count. */
  excludingUserId: string;
}

/**
 * The service's replica of identity's roles and users (tables `approver_role`, `approver_user`), fed by
 * identity's events and rebuildable by replay (docs/architecture.md, "Data ownership and replicas": a service
 * never reads identity's schema). It answers one question: how many people other than a document's submitter
 * could decide on it — the no-self-approval rule of DocumentActions.
 *
 * Snapshots carry a revision; one applies only when it is newer than the one kept, so a redelivered or late
 * older snapshot never moves the replica backwards; a deleted role stays as a tombstone for the same reason.
 *
 * Identity publishes its seeded administrator and director role too, so the directory knows them from the start.
 */
@Injectable()
export class ApproverDirectory {
  async applyRole(manager: EntityManager, role: RoleSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO approver_role (role_id, role_name, permission_list, approval_limit, deleted, revision)
       VALUES ($1, $2, $3::jsonb, $4, false, $5)
       ON CONFLICT (role_id) DO UPDATE SET
         role_name = EXCLUDED.role_name, permission_list = EXCLUDED.permission_list,
         approval_limit = EXCLUDED.approval_limit, deleted = false, revision = EXCLUDED.revision,
         replicated_at = now()
       WHERE approver_role.revision < EXCLUDED.revision`,
      [role.role_id, role.role_name, JSON.stringify(role.permission_list), role.approval_limit, role.revision],
    );
  }

  async deleteRole(manager: EntityManager, deleted: { role_id: string; revision: number }): Promise<void> {
    await manager.query(
      `INSERT INTO approver_role (role_id, role_name, permission_list, approval_limit, deleted, revision)
       VALUES ($1, '', '[]'::jsonb, NULL, true, $2)
       ON CONFLICT (role_id) DO UPDATE SET
         deleted = true, permission_list = '[]'::jsonb, revision = EXCLUDED.revision, replicated_at = now()
       WHERE approver_role.revision < EXCLUDED.revision`,
      [deleted.role_id, deleted.revision],
    );
  }

  /** Every user event carries the whole snapshot (invited, activated, deactivated, updated alike). */
  async applyUser(manager: EntityManager, user: UserSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO approver_user (user_id, employee_name, role_id, status, location_list, revision)
       VALUES ($1, $2, $3, $4, $5::text[], $6)
       ON CONFLICT (user_id) DO UPDATE SET
         employee_name = EXCLUDED.employee_name, role_id = EXCLUDED.role_id, status = EXCLUDED.status,
         location_list = EXCLUDED.location_list, revision = EXCLUDED.revision, replicated_at = now()
       WHERE approver_user.revision < EXCLUDED.revision`,
      [user.user_id, user.employee_name, user.role_id, user.status, user.location_list, user.revision],
    );
  }

  /** Empties the replica, before a replay rebuilds it. */
  async clear(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM approver_user');
    await manager.query('DELETE FROM approver_role');
  }

  /**
   * The Active users holding the location (or every location) whose role grants `check` on the key (SPEC.md §5
   * rule, `hasPermission`); for `approval` with a value, only those whose approval_limit covers it (No Limit,
   * or at least the value; an unknown value (null) is covered by No Limit only). Who a notification goes to.
   */
  async holders(
    manager: EntityManager,
    query: { permissionKey: string; check: 'view' | 'approval'; locationId: string; valueUsd?: string | null },
  ): Promise<string[]> {
    const limited = query.check === 'approval';
    const rows = await manager.query<{ permission_list: PermissionEntry[]; users: string[] }[]>(
      `SELECT r.permission_list, array_agg(u.user_id ORDER BY u.user_id) AS users
         FROM approver_user u
         JOIN approver_role r ON r.role_id = u.role_id AND NOT r.deleted
        WHERE u.status = 'Active'
          AND u.location_list && ARRAY[$1, $2]::text[]
          AND (NOT $3::boolean OR r.approval_limit IS NULL OR r.approval_limit >= $4::numeric)
        GROUP BY r.role_id`,
      [query.locationId, ALL_LOCATIONS, limited, limited ? (query.valueUsd ?? null) : null],
    );
    return rows
      .filter((row) => hasPermission(row.permission_list, query.permissionKey, query.check))
      .flatMap((row) => row.users);
  }

  /**
   * How many users other than `excludingUserId` could decide on the document: Active, holding the document's
   * location (or every location), their role granting `approval` on the key (SPEC.md §5 rule, `hasPermission`)
   * with an approval_limit of No Limit or at least the value. The limit and location are filtered in SQL (exact
   * numeric comparison); the permission rule runs here, the one implementation of it, over the few roles left.
   */
  async otherApprovers(manager: EntityManager, query: OtherApproversQuery): Promise<number> {
    const rows = await manager.query<{ permission_list: PermissionEntry[]; users: number }[]>(
      `SELECT r.permission_list, count(*)::int AS users
         FROM approver_user u
         JOIN approver_role r ON r.role_id = u.role_id AND NOT r.deleted
        WHERE u.status = 'Active'
          AND u.user_id <> $1
          AND u.location_list && ARRAY[$2, $3]::text[]
          AND (r.approval_limit IS NULL OR r.approval_limit >= $4::numeric)
        GROUP BY r.role_id`,
      [query.excludingUserId, query.locationId, ALL_LOCATIONS, query.valueUsd],
    );
    return rows
      .filter((row) => hasPermission(row.permission_list, query.permissionKey, 'approval'))
      .reduce((sum, row) => sum + row.users, 0);
  }
}

/** Keeps the ApproverDirectory in step with identity's `identity.role.*` and `identity.user.*` events. */
@Injectable()
export class ApproverDirectoryHandler implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly directory: ApproverDirectory,
  ) {}

  onModuleInit(): void {
    this.events.on(IdentitySubjects.RoleUpserted, (event, manager) => this.directory.applyRole(manager, event.data));
    this.events.on(IdentitySubjects.RoleDeleted, (event, manager) => this.directory.deleteRole(manager, event.data));
    for (const subject of [
      IdentitySubjects.UserInvited,
      IdentitySubjects.UserActivated,
      IdentitySubjects.UserDeactivated,
      IdentitySubjects.UserUpdated,
    ] as const) {
      this.events.on(subject, (event, manager) => this.directory.applyUser(manager, event.data));
    }
  }

  /** Rebuilds the directory from nothing by replaying identity's events (atomically: EventConsumer.rebuild). */
  rebuild(): Promise<void> {
    return this.events.rebuild((manager) => this.directory.clear(manager));
  }
}
