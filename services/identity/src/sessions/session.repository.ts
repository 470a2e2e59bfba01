import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { SessionEntity } from './session.entity.js';

@Injectable()
export class SessionRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async insert(session: SessionEntity): Promise<void> {
    await this.dataSource.getRepository(SessionEntity).insert(session);
  }

  findById(sessionId: string): Promise<SessionEntity | null> {
    return this.dataSource.getRepository(SessionEntity).findOneBy({ session_id: sessionId });
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
