import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { JOB_QUEUE, createLogger } from '@scm/platform';
import type { JobQueue } from '@scm/platform';
import { SupplierPriceService } from './supplier-price.service.js';

const QUEUE = 'catalog';
const JOB = 'promote-due-prices';
/** How often due future prices are looked for; a price dated today is current at most this long after midnight. */
const EVERY_MS = 15 * 60_000;
const FIRST_RUN_MS = 5_000;

/**
 * Makes future prices current on their date: every 15 minutes (and shortly after start) a job runs
 * `promoteDue`. The job id is the time slot, so several catalog replicas enqueue it once per slot (BullMQ
 * de-duplicates by id); the promotion itself is idempotent.
 */
@Injectable()
export class PricePromotionScheduler implements OnModuleInit, OnModuleDestroy {
  private readonly log = createLogger('catalog.price-promotion');
  private timers: NodeJS.Timeout[] = [];

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly prices: SupplierPriceService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(QUEUE, JOB, async () => ({ promoted: await this.prices.promoteDue() }));
    this.timers = [setTimeout(() => this.enqueue(), FIRST_RUN_MS), setInterval(() => this.enqueue(), EVERY_MS)];
    for (const timer of this.timers) timer.unref();
  }

  onModuleDestroy(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  private enqueue(): void {
    const slot = Math.floor(Date.now() / EVERY_MS);
    this.jobs.add(QUEUE, JOB, {}, { jobId: `${JOB}-${slot}`, attempts: 3 }).catch((error: unknown) => {
      this.log.warn({ err: error }, 'could not enqueue the price promotion');
    });
  }
}
