import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export type TokenPurpose = 'invite' | 'reset';

/** Invitations last a week; a reset link an hour (ASVS 2.5). */
export const TOKEN_LIFETIME_MINUTES: Record<TokenPurpose, number> = { invite: 7 * 24 * 60, reset: 60 };

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * One-time links for invitations and password resets. Only a hash is stored; issuing a new link of a
 * purpose voids the user's earlier ones, and using a link marks it used.
 */
@Injectable()
export class PasswordTokenRepository {
  async issue(manager: EntityManager, userId: string, purpose: TokenPurpose): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await manager.query(
      `UPDATE password_token SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [userId, purpose],
    );
    await manager.query(
      `INSERT INTO password_token (token_hash, user_id, purpose, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
      [hash(token), userId, purpose, TOKEN_LIFETIME_MINUTES[purpose]],
    );
    return token;
  }

  /** Marks a live link used and returns its user, or undefined for an unknown, used or expired one. */
  async consume(manager: EntityManager, token: string, purpose: TokenPurpose): Promise<string | undefined> {
    // As a SELECT over the UPDATE: TypeORM answers a bare UPDATE with [rows, count] rather than rows.
    const rows = await manager.query<{ user_id: string }[]>(
      `WITH used AS (
         UPDATE password_token SET used_at = now()
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
         RETURNING user_id
       )
       SELECT user_id FROM used`,
      [hash(token), purpose],
    );
    return rows[0]?.user_id;
  }
}
