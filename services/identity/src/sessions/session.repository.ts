import { Inject, Injectable } from '@nestjs/common';
import { DATA_SOURCE } from '@scm/platform';
import type { DataSource } from 'typeorm';
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
    await this.dataSource
      .getRepository(SessionEntity)
      .createQueryBuilder()
      .update()
      .set({ revoked_at: at })
      .where('session_id = :sessionId AND revoked_at IS NULL', { sessionId })
      .execute();
  }
}
