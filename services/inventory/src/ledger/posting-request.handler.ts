import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { StockPostingSubjects } from '@scm/contracts';
import type { EventEnvelope } from '@scm/contracts';
import { EventConsumer } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { StockLedger } from './stock-ledger.js';

type PostingSubject = (typeof StockPostingSubjects)[keyof typeof StockPostingSubjects];

/**
 * Other services' documents post through their `<service>.<document>.posted` events: this handler calls the one
 * posting function in the consumer's transaction, so the posting commits with the inbox row. Embedded mode
 * delivers the same events in-process through the same handler: there is one path. A redelivery is skipped by
 * the inbox, and a copy of the request under another event id by the ledger's own idempotency.
 */
@Injectable()
export class PostingRequestHandler implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly ledger: StockLedger,
  ) {}

  onModuleInit(): void {
    for (const subject of Object.values(StockPostingSubjects)) {
      this.events.on(subject, (event, manager) => this.handle(event, manager));
    }
  }

  async handle(event: EventEnvelope<PostingSubject>, manager: EntityManager): Promise<void> {
    await this.ledger.post(manager, event.data, { id: event.actor, name: event.actor ?? event.producer });
  }
}
