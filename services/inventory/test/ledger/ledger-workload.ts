import { randomUUID } from 'node:crypto';
import { InventoryErrorCode, StockPostingSubjects } from '@scm/contracts';
import type { EventEnvelope, StockPostingRequest } from '@scm/contracts';
import type { DataSource } from 'typeorm';
import { ledgerTotals } from './ledger-fixture.js';

type PostingSubject = (typeof StockPostingSubjects)[keyof typeof StockPostingSubjects];
type Line = StockPostingRequest['lines'][number];

/** A document posted through an event, and what it must have moved once (primary unit, signed). */
export interface EventDocument {
  document_type: string;
  document_id: string;
  quantity: string;
  receipt: boolean;
}

export interface WorkloadOptions {
  posters: number;
  postingsPerPoster: number;
  seed: number;
  /** One posting in a transaction of its own (retried on conflicts); rejects with the ledger's refusal. */
  direct(request: StockPostingRequest): Promise<unknown>;
  /** The request as another service's event, delivered more than once. */
  viaEvent(subject: PostingSubject, request: StockPostingRequest): Promise<void>;
  openBatches(itemId: string, locationId: string): Promise<{ batch_id: string; remaining_quantity: string }[]>;
  isRefusal(error: unknown): boolean;
}

export interface WorkloadOutcome {
  posted: number;
  refused: number;
  unexpected: string[];
  eventDocuments: EventDocument[];
}

/** The refusals the workload provokes on purpose (issues beyond the stock, batches emptied meanwhile). */
const EXPECTED_REFUSALS = new Set<string>([InventoryErrorCode.INSUFFICIENT_STOCK, InventoryErrorCode.BATCH_INVALID]);

const ITEMS = [
  { id: 'HOT1', units: ['KG', 'BAG'] },
  { id: 'HOT2', units: ['PCS'] },
  { id: 'HOT3', units: ['L', 'BOTTLE'] },
] as const;
const LOCATIONS = ['L1', 'L2'] as const;

/**
 * Concurrent posters on three hot SKUs at two locations: receipts (some in a bigger unit), FIFO issues,
 * named-batch issues, shortfalls opening back orders, multi-line postings, double-clicked postings and posting
 * requests arriving as events. Deterministic for a seed (the interleaving is not).
 */
export async function ledgerWorkload(options: WorkloadOptions): Promise<WorkloadOutcome> {
  const outcome: WorkloadOutcome = { posted: 0, refused: 0, unexpected: [], eventDocuments: [] };
  const settle = async (work: Promise<unknown>) => {
    try {
      await work;
      outcome.posted += 1;
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (options.isRefusal(error) && EXPECTED_REFUSALS.has(code)) outcome.refused += 1;
      else outcome.unexpected.push(`${code} ${(error as Error).message}`);
    }
  };

  const poster = async (index: number) => {
    const random = mulberry32(options.seed + index);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
    /** A quantity between min and max thousandths, as text with 3 decimals (integers only: no float maths). */
    const thousandths = (min: number, max: number) => {
      const n = min + Math.floor(random() * (max - min + 1));
      return `${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, '0')}`;
    };
    const cost = () => {
      const n = 5_000 + Math.floor(random() * 95_000);
      return `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`;
    };
    const receiptLine = (lineNo: number): Line => {
      const item = pick(ITEMS);
      const unit = pick(item.units);
      const big = unit === 'BAG' || unit === 'BOTTLE';
      return {
        line_no: lineNo,
        item_type: 'sku',
        item_id: item.id,
        location_id: pick(LOCATIONS),
        quantity: big ? thousandths(100, 2_000) : thousandths(1_000, 20_000),
        uom_name: unit,
        unit_cost: cost(),
      };
    };
    const issueLine = (lineNo: number, max = 12_000): Line => ({
      line_no: lineNo,
      item_type: 'sku',
      item_id: pick(ITEMS).id,
      location_id: pick(LOCATIONS),
      quantity: `-${thousandths(500, max)}`,
    });
    const request = (id: string, type: StockPostingRequest['document_type'], lines: Line[], allowNegative = false) => ({
      document_type: type,
      document_id: id,
      document_no: `${type}-${id}`,
      revision: 1,
      value_date: '2026-03-01',
      allow_negative: allowNegative,
      lines,
    });

    for (let k = 0; k < options.postingsPerPoster; k += 1) {
      const id = `P${index}-${k}-${randomUUID().slice(0, 8)}`;
      const roll = random();
      if (roll < 0.25) {
        const lines = Array.from({ length: 1 + Math.floor(random() * 2) }, (_, i) => receiptLine(i + 1));
        const posting = request(id, 'SA', lines);
        // A double click: the same revision twice at once; one posts, the other is a duplicate.
        if (random() < 0.3) await Promise.all([settle(options.direct(posting)), settle(options.direct(posting))]);
        else await settle(options.direct(posting));
      } else if (roll < 0.45) {
        // Several lines in random item order: the balance locks are still taken in one order.
        const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) =>
          i === 1 && random() < 0.5 ? receiptLine(i + 1) : issueLine(i + 1),
        );
        await settle(options.direct(request(id, 'SA', lines)));
      } else if (roll < 0.6) {
        const item = pick(ITEMS);
        const location = pick(LOCATIONS);
        const open = await options.openBatches(item.id, location);
        if (open.length === 0) {
          await settle(options.direct(request(id, 'SA', [receiptLine(1)])));
          continue;
        }
        const named = [pick(open), pick(open)].filter(
          (b, i, all) => all.findIndex((o) => o.batch_id === b.batch_id) === i,
        );
        const batches = named.map((batch) => {
          const wanted = thousandths(100, 3_000);
          const take = Number(wanted) < Number(batch.remaining_quantity) ? wanted : batch.remaining_quantity;
          return { batch_id: batch.batch_id, quantity: take };
        });
        const total = batches.reduce((sum, b) => sum + Math.round(Number(b.quantity) * 1000), 0);
        await settle(
          options.direct(
            request(id, 'SA', [
              {
                line_no: 1,
                item_type: 'sku',
                item_id: item.id,
                location_id: location,
                quantity: `-${Math.floor(total / 1000)}.${String(total % 1000).padStart(3, '0')}`,
                batches,
              },
            ]),
          ),
        );
      } else if (roll < 0.7) {
        const lines = Array.from({ length: 1 + Math.floor(random() * 2) }, (_, i) => issueLine(i + 1, 15_000));
        await settle(options.direct(request(id, 'SU', lines, true)));
      } else if (roll < 0.85) {
        const line = { ...receiptLine(1), uom_name: undefined };
        delete line.uom_name;
        outcome.eventDocuments.push({
          document_type: 'GR',
          document_id: id,
          quantity: String(line.quantity),
          receipt: true,
        });
        await options.viaEvent(StockPostingSubjects.ReceivingOrderPosted, request(id, 'GR', [line]));
      } else {
        const line = issueLine(1, 8_000);
        outcome.eventDocuments.push({
          document_type: 'SR',
          document_id: id,
          quantity: String(line.quantity),
          receipt: false,
        });
        await options.viaEvent(StockPostingSubjects.ReturnNotePosted, request(id, 'SR', [line]));
      }
    }
  };

  await Promise.all(Array.from({ length: options.posters }, (_, index) => poster(index)));
  return outcome;
}

/** A small seeded PRNG (mulberry32): the same seed gives the same workload. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The envelope another service's relay would send for a posting request. */
export function postingEnvelope(
  subject: (typeof StockPostingSubjects)[keyof typeof StockPostingSubjects],
  request: StockPostingRequest,
): EventEnvelope {
  const entity = subject.split('.').slice(0, 2).join('.');
  return {
    id: randomUUID(),
    subject,
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: 'procurement',
    actor: null,
    correlationId: null,
    causationId: null,
    aggregate: `${entity}:${request.document_id}/${request.revision}`,
    sequence: 1,
    data: { allow_negative: false, ...request },
  } as EventEnvelope;
}

/** The invariants of docs/stock-ledger.md over the whole ledger, and no document posted twice. */
export async function expectLedgerConsistent(
  fixture: { dataSource: DataSource },
  eventDocuments: EventDocument[],
): Promise<void> {
  const totals = await ledgerTotals(fixture.dataSource);
  expect(totals.length).toBeGreaterThan(0);
  for (const row of totals) {
    expect({ key: row, quantity: row.movement_quantity, batches: row.batch_remaining }).toEqual({
      key: row,
      quantity: row.on_hand,
      batches: row.on_hand,
    });
    expect({ key: row, value: row.movement_value, batches: row.batch_value }).toEqual({
      key: row,
      value: row.stock_value,
      batches: row.stock_value,
    });
  }
  const [checks] = await fixture.dataSource.query<Record<string, string>[]>(`
    SELECT (SELECT count(*) FROM stock_batch WHERE remaining_quantity < 0)::text AS negative_batches,
           (SELECT count(*) FROM stock_balance WHERE on_hand < 0)::text AS negative_balances,
           (SELECT count(*) FROM (SELECT 1 FROM stock_posting GROUP BY document_type, document_id, revision
              HAVING count(*) > 1) d)::text AS duplicate_postings,
           (SELECT count(*) FROM stock_posting)::text AS postings,
           (SELECT count(*) FROM outbox WHERE subject = 'inventory.stock.posted')::text AS posted_events,
           (SELECT count(*) FROM stock_balance b WHERE b.back_order_quantity <> COALESCE((SELECT sum(o.current_quantity)
              FROM back_order o WHERE o.status = 'OPEN' AND (o.item_type, o.item_id, o.location_id) =
              (b.item_type, b.item_id, b.location_id)), 0))::text AS back_order_mismatches`);
  expect(checks).toMatchObject({
    negative_batches: '0',
    negative_balances: '0',
    duplicate_postings: '0',
    back_order_mismatches: '0',
  });
  expect(checks.posted_events).toBe(checks.postings);

  // Each event-posted document moved its quantity once, though it arrived three times.
  for (const document of eventDocuments) {
    const [moved] = await fixture.dataSource.query<{ quantity: string | null; postings: string }[]>(
      `SELECT sum(quantity)::numeric(18,3)::text AS quantity,
              (SELECT count(*) FROM stock_posting WHERE document_type = $1 AND document_id = $2)::text AS postings
         FROM stock_movement WHERE document_type = $1 AND document_id = $2`,
      [document.document_type, document.document_id],
    );
    if (moved.postings === '0') {
      // Refused (an issue beyond the stock): nothing at all.
      expect({ document, moved: moved.quantity }).toEqual({ document, moved: null });
      expect(document.receipt).toBe(false);
    } else {
      expect({ document, postings: moved.postings, moved: moved.quantity }).toEqual({
        document,
        postings: '1',
        moved: document.quantity,
      });
    }
  }
}
