import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { JOB_QUEUE, scheduleRecurringJob } from '@scm/platform';
import type { JobQueue } from '@scm/platform';
import { SupplierPriceService } from './supplier-price.service.js';

/**
 * Makes future prices current on their date: every 15 minutes (and shortly after start) `promoteDue` runs as a
 * job, so a price dated today is current at most 15 minutes after midnight. The promotion is idempotent.
 */
@Injectable()
export class PricePromotionScheduler implements OnModuleInit, OnModuleDestroy {
  private stop: (() => void) | undefined;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly prices: SupplierPriceService,
  ) {}

  onModuleInit(): void {
    this.stop = scheduleRecurringJob(this.jobs, {
      queue: 'catalog',
      name: 'promote-due-prices',
      everyMs: 15 * 60_000,
      firstRunMs: 5_000,
      run: async () => ({ promoted: await this.prices.promoteDue() }),
    });
  }

  onModuleDestroy(): void {
    this.stop?.();
  }
}
