import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { IdentitySubjects } from '@scm/contracts';
import { DATA_SOURCE, EventPublisher, RUNTIME, createLogger } from '@scm/platform';
import type { AccessDenial, AccessDenialSink, Runtime } from '@scm/platform';
import type { DataSource } from 'typeorm';

const logger = createLogger('identity.access-denials');

/** How long denials are gathered before they are published: one event per user, key and check per window. */
export const DENIAL_WINDOW_MS = 60_000;
/** At most this many distinct (user, key, check) reports per window; the rest are only counted in the log line. */
export const DENIAL_MAX_REPORTS = 100;

interface Gathered {
  userId: string;
  name: string;
  permissionKey: string;
  check: string;
  count: number;
  first: Date;
  last: Date;
}

/**
 * Publishes the auth guard's permission denials for the activity log (`identity.access.denied`), aggregated.
 *
 * Why aggregated in memory rather than one outbox row per refusal: the guard runs before any transaction of the
 * request, a refusal must not wait for a database write, and a caller repeating a forbidden request thousands
 * of times must not write thousands of log entries. So the guard only counts (`record` is a Map update); every
 * window the counts leave as one event per (user, key, check) with how many there were and when, in one
 * transaction, and past DENIAL_MAX_REPORTS distinct reports a window's further ones are dropped and counted in a
 * warning (the server log still names every refusal). A crash loses at most one window's counts, which is
 * acceptable for an audit aid whose every refusal is also in the server log.
 *
 * Registered on the runtime like the session check: the guard of the process that hosts identity reports here
 * (the embedded mode: every route; the distributed mode: identity's own routes).
 */
@Injectable()
export class AccessDenialReporter implements AccessDenialSink, OnModuleInit, OnModuleDestroy {
  private gathered = new Map<string, Gathered>();
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly events: EventPublisher,
  ) {}

  onModuleInit(): void {
    this.runtime.accessDenials = this;
    this.timer = setInterval(() => void this.flush(), DENIAL_WINDOW_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.runtime.accessDenials === this) this.runtime.accessDenials = undefined;
    await this.flush();
  }

  record(denial: AccessDenial): void {
    const key = `${denial.userId}\u0000${denial.permissionKey}\u0000${denial.check}`;
    const known = this.gathered.get(key);
    if (known) {
      known.count += 1;
      known.last = denial.at;
      return;
    }
    if (this.gathered.size >= DENIAL_MAX_REPORTS) {
      this.dropped += 1;
      return;
    }
    this.gathered.set(key, { ...denial, count: 1, first: denial.at, last: denial.at });
  }

  /** Publishes what was gathered since the last flush (the timer's job; tests call it directly). */
  async flush(): Promise<void> {
    if (this.gathered.size === 0 && this.dropped === 0) return;
    const reports = [...this.gathered.values()];
    const dropped = this.dropped;
    this.gathered = new Map();
    this.dropped = 0;
    if (dropped > 0) logger.warn({ dropped }, 'permission denials beyond the per-window report limit not published');
    if (reports.length === 0) return;
    try {
      await this.dataSource.transaction(async (manager) => {
        for (const report of reports) {
          await this.events.publish(manager, IdentitySubjects.AccessDenied, {
            report_id: randomUUID(),
            user_id: report.userId,
            employee_name: report.name,
            permission_key: report.permissionKey,
            check: report.check,
            count: report.count,
            first_time: report.first.toISOString(),
            last_time: report.last.toISOString(),
          });
        }
      });
    } catch (error) {
      // Never thrown into a timer: the refusals stand and are in the server log.
      logger.error({ err: error, reports: reports.length }, 'permission denials could not be published');
    }
  }
}
