import { Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { StockPostingSubjects } from '@scm/contracts';
import type { EventEnvelope } from '@scm/contracts';
import { EventConsumer, currentContext } from '@scm/platform';
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
    // A replica rebuild replays history through every handler of the consumer. A posting request that was refused
    // and parked (an issue beyond the stock) must not post silently then, just because stock has arrived since:
    // it stays parked until the director replays it. Live and replayed deliveries run in the event's own context
    // (causation = the event); a history read does not.
    if (currentContext()?.causationId !== event.id && (await this.isParkedAsFailed(manager, event.id))) {
      throw new Error(
        `posting request ${event.subject} ${event.id} was refused and parked: replay it from the error log to post it`,
      );
    }
    await this.ledger.post(manager, event.data, { id: event.actor, name: event.actor ?? event.producer });
  }

  private async isParkedAsFailed(manager: EntityManager, eventId: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM dead_letter WHERE consumer = $1 AND event_id = $2 AND reason = 'failed'`,
      [this.events.name, eventId],
    );
    return rows.length > 0;
  }
}
