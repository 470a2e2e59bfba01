import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { ClaimsRole, ClaimsUser } from '../auth/auth.service.js';
import type { UserStatus } from '@scm/contracts';
import { SessionEntity } from './session.entity.js';

export interface SessionAccess {
  revokedAt: Date | null;
  expiresAt: Date;
  user: (ClaimsUser & { status: UserStatus }) | null;
  role: ClaimsRole | null;
}

type SessionAccessRow = {
  revoked_at: Date | null;
  expires_at: Date;
  user_id: string | null;
  status: UserStatus | null;
  role_id: string | null;
  role_name: string | null;
} & Omit<ClaimsUser, 'user_id'> &
  Omit<ClaimsRole, 'role_name'>;

@Injectable()
export class SessionRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async insert(session: SessionEntity, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.getRepository(SessionEntity).insert(session);
  }

  findById(sessionId: string): Promise<SessionEntity | null> {
    return this.dataSource.getRepository(SessionEntity).findOneBy({ session_id: sessionId });
  }

  /**
   * A session with what its claims are made of, in one primary-key read (it runs for every signed-in
   * request, see SessionCheckService); null when identity never issued it.
   */
  async findAccess(sessionId: string): Promise<SessionAccess | null> {
    const rows = await this.dataSource.query<SessionAccessRow[]>(
      `SELECT s.revoked_at, s.expires_at, u.user_id, u.status, u.employee_name, u.location_list, u.language,
              r.role_id, r.role_name, r.permission_list, r.can_see_cost, r.approval_limit
       FROM session s
       LEFT JOIN app_user u ON u.user_id = s.user_id
       LEFT JOIN role r ON r.role_id = u.role_id
       WHERE s.session_id = $1`,
      [sessionId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      revokedAt: row.revoked_at,
      expiresAt: new Date(row.expires_at),
      user: row.user_id === null ? null : { ...row, user_id: row.user_id, status: row.status! },
      role: row.role_id === null ? null : { ...row, role_name: row.role_name! },
    };
  }

  async touch(sessionId: string, at: Date): Promise<void> {
    await this.dataSource.getRepository(SessionEntity).update({ session_id: sessionId }, { last_seen_at: at });
  }

  async revoke(sessionId: string, at: Date): Promise<void> {
    await this.dataSource.query(`UPDATE session SET revoked_at = $2 WHERE session_id = $1 AND revoked_at IS NULL`, [
      sessionId,
      at,
    ]);
  }

  /** Ends every live session of a user (deactivation, password change, role change). */
  async revokeAllForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`UPDATE session SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
  }

  async hasEverSignedIn(manager: EntityManager, userId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM session WHERE user_id = $1 LIMIT 1`, [userId]);
    return rows.length > 0;
  }
}
