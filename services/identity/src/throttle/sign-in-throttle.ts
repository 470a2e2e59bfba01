import { Inject, Injectable } from '@nestjs/common';
import { CommonErrorCode, IdentityErrorCode } from '@scm/contracts';
import { AppException, DATA_SOURCE, createLogger } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { IdentityException } from '../identity.exception.js';

const logger = createLogger('identity.throttle');

/** Failures counted over this window; an account or address over its limit waits until they age out. */
export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/**
 * Sign-in throttling per account and per client address (brute force and password spraying), kept in the
 * database so that every identity replica sees the same counts.
 */
@Injectable()
export class SignInThrottle {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Refuses the attempt before the password is checked when either limit is reached. */
  async assertAllowed(login: string, ip: string | null): Promise<void> {
    const account = await this.recent(accountSubject(login), MAX_FAILURES_PER_ACCOUNT);
    if (account.count >= MAX_FAILURES_PER_ACCOUNT) {
      logger.warn({ login }, 'sign-in refused: account throttled');
      throw new IdentityException(IdentityErrorCode.ACCOUNT_LOCKED, { minutes: minutesLeft(account.oldest) });
    }
    if (ip) {
      const address = await this.recent(addressSubject(ip), MAX_FAILURES_PER_ADDRESS);
      if (address.count >= MAX_FAILURES_PER_ADDRESS) {
        logger.warn({ ip }, 'sign-in refused: address throttled');
        throw new AppException(CommonErrorCode.RATE_LIMITED);
      }
    }
  }

  async recordFailure(login: string, ip: string | null): Promise<void> {
    const subjects = [accountSubject(login), ...(ip ? [addressSubject(ip)] : [])];
    await this.dataSource.query(`INSERT INTO sign_in_failure (subject) SELECT unnest($1::text[])`, [subjects]);
    await this.dataSource.query(`DELETE FROM sign_in_failure WHERE failed_at < now() - interval '1 day'`);
  }

  async clear(login: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM sign_in_failure WHERE subject = $1`, [accountSubject(login)]);
  }

  /**
   * The most recent `limit` failures within the window: their count, and the oldest of them, which is the
   * one whose ageing out lifts the limit.
   */
  private async recent(subject: string, limit: number): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await this.dataSource.query<{ count: number; oldest: Date | null }[]>(
      `SELECT count(*)::int AS count, min(failed_at) AS oldest FROM (
         SELECT failed_at FROM sign_in_failure
         WHERE subject = $1 AND failed_at > now() - make_interval(mins => $2)
         ORDER BY failed_at DESC LIMIT $3
       ) recent`,
      [subject, THROTTLE_WINDOW_MINUTES, limit],
    );
    return row ?? { count: 0, oldest: null };
  }
}

function accountSubject(login: string): string {
  return `account:${login.trim().toLowerCase()}`;
}

function addressSubject(ip: string): string {
  return `ip:${ip}`;
}

function minutesLeft(oldest: Date | null): number {
  if (!oldest) return THROTTLE_WINDOW_MINUTES;
  const until = new Date(oldest).getTime() + THROTTLE_WINDOW_MINUTES * 60_000;
  return Math.max(1, Math.ceil((until - Date.now()) / 60_000));
}
