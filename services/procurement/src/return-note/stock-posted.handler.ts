import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { InventorySubjects } from '@scm/contracts';
import { EventConsumer } from '@scm/platform';
import { StockPostingReplicaRepository } from './stock-posting-replica.repository.js';

/**
 * Feeds procurement's replica of the ledger's postings, so a return note knows the location's on-hand quantity
 * (SPEC.md §5: "available quantity must suffice") and whether its own issue has been posted. Procurement never
 * reads inventory's schema: this is the event-carried copy (docs/architecture.md, "Rules of ownership").
 */
@Injectable()
export class StockPostedHandler implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly postings: StockPostingReplicaRepository,
  ) {}

  onModuleInit(): void {
    this.events.on(InventorySubjects.StockPosted, (event, manager) => this.postings.record(manager, event.data));
  }
}
