import { Inject, Injectable } from '@nestjs/common';
import { IdentityErrorCode } from '@scm/contracts';
import { DATA_SOURCE, createLogger } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { IdentityException } from '../identity.exception.js';

const logger = createLogger('identity.throttle');

/** Failures count for this long after they happened; older ones no longer slow anyone down. */
export const THROTTLE_WINDOW_MINUTES = 60;

/**
 * How a run of failures slows the next attempt: none for the first `free` failures, then a delay after the
 * latest failure that doubles with each further failure, from `baseSeconds` up to `maxSeconds`.
 */
export interface DelayPolicy {
  free: number;
  baseSeconds: number;
  maxSeconds: number;
}

/**
 * Throttling instead of lock-out (OWASP ASVS 2.2.1), so that nobody can lock a user out by guessing:
 * - one client guessing one account (account + address) is slowed fast, up to 15 minutes between guesses;
 * - one client guessing many accounts (password spraying, per address) likewise, after more failures;
 * - one account guessed from many clients (per account alone) is slowed slowly and never more than 30 s, so
 *   the real user, from their own client, signs in after at most a short wait whatever an attacker does.
 * An attempt refused by the throttle is not a failure (the password is not even checked), so waiting is the
 * only way on: the right password from a throttled client is refused too, until its delay has passed.
 */
export const PER_ACCOUNT_AND_ADDRESS: DelayPolicy = { free: 3, baseSeconds: 2, maxSeconds: 15 * 60 };
export const PER_ADDRESS: DelayPolicy = { free: 20, baseSeconds: 2, maxSeconds: 15 * 60 };
export const PER_ACCOUNT: DelayPolicy = { free: 10, baseSeconds: 1, maxSeconds: 30 };

/** Seconds to wait after the latest of `failures` failures. */
export function delayAfter(failures: number, policy: DelayPolicy): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** Math.min(failures - policy.free, 30));
}

/** Whole seconds until an attempt is allowed again (0: now), given each subject's failures and latest one. */
export function secondsToWait(
  subjects: readonly { failures: number; latest: Date | null; policy: DelayPolicy }[],
  now: Date,
): number {
  let wait = 0;
  for (const { failures, latest, policy } of subjects) {
    if (!latest) continue;
    const until = latest.getTime() + delayAfter(failures, policy) * 1000;
    wait = Math.max(wait, Math.ceil((until - now.getTime()) / 1000));
  }
  return wait;
}

/**
 * Sign-in throttling per (account, client address), per address and per account, kept in the database so that
 * every identity replica sees the same counts. Refusals answer 429 with Retry-After.
 */
@Injectable()
export class SignInThrottle {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** Refuses the attempt, before the password is checked, while any of its subjects must still wait. */
  async assertAllowed(login: string, ip: string | null): Promise<void> {
    const subjects = subjectsOf(login, ip);
    const rows = await this.dataSource.query<{ subject: string; failures: number; latest: Date | null }[]>(
      `SELECT subject, count(*)::int AS failures, max(failed_at) AS latest FROM sign_in_failure
       WHERE subject = ANY($1::text[]) AND failed_at > now() - make_interval(mins => $2)
       GROUP BY subject`,
      [subjects.map((subject) => subject.key), THROTTLE_WINDOW_MINUTES],
    );
    const now = new Date((await this.dataSource.query<{ now: Date }[]>(`SELECT now() AS now`))[0].now);
    const seconds = secondsToWait(
      subjects.map(({ key, policy }) => {
        const row = rows.find((candidate) => candidate.subject === key);
        return { failures: row?.failures ?? 0, latest: row?.latest ? new Date(row.latest) : null, policy };
      }),
      now,
    );
    if (seconds > 0) {
      logger.warn({ login, ip, seconds }, 'sign-in refused: throttled');
      throw new IdentityException(IdentityErrorCode.SIGN_IN_THROTTLED, { seconds }).withRetryAfter(seconds);
    }
  }

  async recordFailure(login: string, ip: string | null): Promise<void> {
    const keys = subjectsOf(login, ip).map((subject) => subject.key);
    await this.dataSource.query(`INSERT INTO sign_in_failure (subject) SELECT unnest($1::text[])`, [keys]);
    await this.dataSource.query(`DELETE FROM sign_in_failure WHERE failed_at < now() - interval '1 day'`);
  }

  /** A successful sign-in forgets the account's failures (the address's count against other accounts stays). */
  async clear(login: string, ip: string | null): Promise<void> {
    const keys = subjectsOf(login, ip)
      .filter((subject) => subject.policy !== PER_ADDRESS)
      .map((subject) => subject.key);
    await this.dataSource.query(`DELETE FROM sign_in_failure WHERE subject = ANY($1::text[])`, [keys]);
  }
}

function subjectsOf(login: string, ip: string | null): { key: string; policy: DelayPolicy }[] {
  const account = login.trim().toLowerCase();
  return [
    { key: `account:${account}`, policy: PER_ACCOUNT },
    ...(ip
      ? [
          { key: `account-ip:${account}|${ip}`, policy: PER_ACCOUNT_AND_ADDRESS },
          { key: `ip:${ip}`, policy: PER_ADDRESS },
        ]
      : []),
  ];
}
