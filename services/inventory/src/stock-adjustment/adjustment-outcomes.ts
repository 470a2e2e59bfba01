import { Injectable } from '@nestjs/common';
import type { AdjustmentSource } from '@scm/contracts';
import type { DocumentActor } from '@scm/platform';
import type { EntityManager } from 'typeorm';

/** What became of an adjustment made for a source document (a stock take). */
export interface AdjustmentOutcome {
  adjustment_id: string;
  adjustment_no: string;
  source_id: string;
  /** approve: it posted; discard / reject: it is withdrawn and the source takes its lines back. */
  action: 'approve' | 'discard' | 'reject';
  remark: string | null;
  actor: DocumentActor;
}

export type AdjustmentOutcomeListener = (manager: EntityManager, outcome: AdjustmentOutcome) => Promise<void>;

/**
 * The in-process interface between an adjustment and the document it was made for (docs/stock-ledger.md): the
 * stock take registers here, and the adjustment's approve / discard / reject calls it INSIDE the adjustment's own
 * transaction — not through an event — so the stock take and its adjustment can never disagree (both change, or
 * neither). Stock adjustment does not import the stock take: the stock take's area registers itself.
 */
@Injectable()
export class AdjustmentOutcomes {
  private readonly listeners = new Map<AdjustmentSource, AdjustmentOutcomeListener>();

  register(source: AdjustmentSource, listener: AdjustmentOutcomeListener): void {
    if (this.listeners.has(source)) throw new Error(`AdjustmentOutcomes: ${source} already has a listener`);
    this.listeners.set(source, listener);
  }

  async settle(manager: EntityManager, source: AdjustmentSource, outcome: AdjustmentOutcome): Promise<void> {
    await this.listeners.get(source)?.(manager, outcome);
  }
}
