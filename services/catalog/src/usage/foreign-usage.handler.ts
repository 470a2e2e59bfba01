import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { CatalogUsageSubjects, producerOf } from '@scm/contracts';
import { EventConsumer } from '@scm/platform';
import { ForeignUsageRepository } from './foreign-usage.repository.js';

/**
 * Learns from `<service>.catalog-usage.changed` which catalog records other services use (a SKU on a purchase
 * order, a location holding stock), so their archive and delete are refused with the in-use message.
 */
@Injectable()
export class ForeignUsageHandler implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly foreignUsage: ForeignUsageRepository,
  ) {}

  onModuleInit(): void {
    for (const subject of Object.values(CatalogUsageSubjects)) {
      this.events.on(subject, (event, manager) => this.foreignUsage.apply(manager, producerOf(subject), event.data));
    }
  }
}
