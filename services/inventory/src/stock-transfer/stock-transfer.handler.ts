import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { CatalogSubjects, ProcurementSubjects } from '@scm/contracts';
import { EventConsumer } from '@scm/platform';
import { ReleaseCustomerRepository } from './release-customer.repository.js';
import { StockTransferService } from './stock-transfer.service.js';

/**
 * A store order's internal lines become a DRAFT transfer at the central kitchen (SPEC.md §3). The consumer's
 * inbox makes a redelivered event a no-op; a re-published copy (a new event id) finds the store order's transfer
 * and makes none. Catalog's customers feed the release's customer replica (`alsoOn`: another area of the service
 * may keep customers too).
 */
@Injectable()
export class StockTransferEventsHandler implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly transfers: StockTransferService,
    private readonly customers: ReleaseCustomerRepository,
  ) {}

  onModuleInit(): void {
    this.events.on(ProcurementSubjects.StoreOrderTransferRequested, (event, manager) =>
      this.transfers.createFromStoreOrder(manager, event.data),
    );
    this.events.alsoOn(CatalogSubjects.CustomerUpserted, (event, manager) =>
      this.customers.upsert(manager, event.data),
    );
    this.events.alsoOn(CatalogSubjects.CustomerDeleted, (event, manager) =>
      this.customers.markDeleted(manager, event.data),
    );
  }
}
