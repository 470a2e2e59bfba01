import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { CommonErrorCode } from '@scm/contracts';
import type { FastifyReply } from 'fastify';
import { from, lastValueFrom } from 'rxjs';
import type { Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import type { AuthenticatedRequest } from '../auth/decorators.js';
import { DATA_SOURCE } from '../runtime/tokens.js';
import { AppException } from './app-exception.js';

export const IDEMPOTENCY_TABLE_UP = [
  `CREATE TABLE idempotency_key (
     actor text NOT NULL,
     key text NOT NULL,
     request_hash text NOT NULL,
     state text NOT NULL CHECK (state IN ('processing', 'done')),
     status_code integer,
     response jsonb,
     created_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (actor, key)
   )`,
  `CREATE INDEX idempotency_key_created_at ON idempotency_key (created_at)`,
];
export const IDEMPOTENCY_TABLE_DOWN = ['DROP TABLE idempotency_key'];

interface KeptAnswer {
  request_hash: string;
  state: string;
  status_code: number;
  response: unknown;
}

/**
 * `Idempotency-Key` for creates and actions: the first request with a key runs and its answer is kept; a
 * repeat with the same key and body gets the kept answer without running again (a double-clicked button or a
 * retried request cannot create twice); the same key with a different body is refused. A failed request
 * frees its key so that it can be retried. Keys are per user, in the owning service's schema.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    // Anonymous calls (sign-in) are not replayed: an answer kept for one visitor must never reach another.
    if (!key || request.method === 'GET' || !request.user) return next.handle();
    return from(this.run(context, request, request.user.sub, key.slice(0, 200), next));
  }

  private async run(
    context: ExecutionContext,
    request: AuthenticatedRequest,
    actor: string,
    key: string,
    next: CallHandler,
  ): Promise<unknown> {
    const hash = createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_key (actor, key, request_hash, state) VALUES ($1, $2, $3, 'processing')
       ON CONFLICT DO NOTHING RETURNING key`,
      [actor, key, hash],
    );
    if (inserted.length === 0) {
      const [kept] = await this.dataSource.query<KeptAnswer[]>(
        `SELECT request_hash, state, status_code, response FROM idempotency_key WHERE actor = $1 AND key = $2`,
        [actor, key],
      );
      if (!kept || kept.request_hash !== hash) throw new AppException(CommonErrorCode.IDEMPOTENCY_KEY_REUSED);
      if (kept.state !== 'done') throw new AppException(CommonErrorCode.IDEMPOTENCY_IN_PROGRESS);
      const reply = context.switchToHttp().getResponse<FastifyReply>();
      void reply.status(kept.status_code).header('idempotent-replayed', 'true');
      return kept.response;
    }
    try {
      const result: unknown = await lastValueFrom(next.handle(), { defaultValue: null });
      const reply = context.switchToHttp().getResponse<FastifyReply>();
      await this.dataSource.query(
        `UPDATE idempotency_key SET state = 'done', status_code = $3, response = $4 WHERE actor = $1 AND key = $2`,
        [actor, key, reply.statusCode, JSON.stringify(result ?? null)],
      );
      return result;
    } catch (error) {
      await this.dataSource.query(`DELETE FROM idempotency_key WHERE actor = $1 AND key = $2`, [actor, key]);
      throw error;
    }
  }
}
