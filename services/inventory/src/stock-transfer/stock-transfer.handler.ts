import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { ProcurementSubjects } from '@scm/contracts';
import { EventConsumer } from '@scm/platform';
import { StockTransferService } from './stock-transfer.service.js';

/**
 * A store order's internal lines become a DRAFT transfer at the central kitchen (SPEC.md §3). The consumer's
 * inbox makes a redelivered event a no-op; a re-published copy (a new event id) finds the store order's transfer
 * and makes none.
 */
@Injectable()
export class StockTransferEventsHandler implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly transfers: StockTransferService,
  ) {}

  onModuleInit(): void {
    this.events.on(ProcurementSubjects.StoreOrderTransferRequested, (event, manager) =>
      this.transfers.createFromStoreOrder(manager, event.data),
    );
  }
}
