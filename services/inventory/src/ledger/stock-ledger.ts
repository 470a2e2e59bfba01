import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  InventorySubjects,
  pricePerPrimary,
  stockPostingRequestSchema,
  toPrimary,
  unitKey,
  V,
  ExactDecimal,
  exact,
  roundTo,
  LEDGER_VALUE_SCALE,
  roundQuantity,
  roundUnitCost,
} from '@scm/contracts';
import type {
  PostedMovement,
  StockItemType,
  StockTransitLeg,
  StockPosted,
  StockPostingRequest,
  StockPostingResult,
  ValidStockPostingRequest,
} from '@scm/contracts';
import {
  EventPublisher,
  announceDocumentUsage,
  lockRowsInOrder,
  nextDocumentNumber,
  parseOrThrow,
} from '@scm/platform';
import type { EntityManager } from 'typeorm';
import type { ItemReplicaRow } from '../replicas/item-replica.repository.js';
import { ItemReplicaRepository, itemKey } from '../replicas/item-replica.repository.js';
import type { LocationReplicaRow } from '../replicas/location-replica.repository.js';
import { LocationReplicaRepository } from '../replicas/location-replica.repository.js';
import { InventorySettingsService } from './inventory-settings.service.js';
import { StockLedgerException } from './stock-ledger.exception.js';

/** Who posts: the document's actor (a user, or the service that sent the posting request). */
export interface PostingActor {
  id: string | null;
  name: string;
}

/** A request line resolved against the replicas, in the item's primary unit. */
interface ResolvedLine {
  index: number;
  line_no: number;
  item: ItemReplicaRow;
  location: LocationReplicaRow;
  balanceKey: string;
  /** Signed, primary unit. */
  quantity: ExactDecimal;
  /** Receipts: cost of one primary unit. */
  unitCost: ExactDecimal | null;
  /** Issues naming batches: how much of each, primary unit. */
  batches: { batch_id: string; quantity: ExactDecimal }[] | null;
  /** A transfer leg, or null for an ordinary receipt / issue. */
  transit: StockTransitLeg | null;
  /** An arrival: the balance of the location the line was dispatched from (its in_transit goes down). */
  transitSourceKey: string | null;
}

/** A locked balance row and what this posting has done to it so far. */
interface BalanceState {
  item_type: StockItemType;
  item_id: string;
  location_id: string;
  onHand: ExactDecimal;
  reserved: ExactDecimal;
  value: ExactDecimal;
  backOrdered: ExactDecimal;
  /** What left this location on transfers and has not arrived yet (quantity, value at the issued costs). */
  inTransit: ExactDecimal;
  inTransitValue: ExactDecimal;
  /** Created by this posting: the item and location are in use from now on. */
  created: boolean;
  moved: boolean;
}

interface BalanceRow {
  item_type: StockItemType;
  item_id: string;
  location_id: string;
  on_hand: string;
  reserved: string;
  stock_value: string;
  back_order_quantity: string;
  in_transit: string;
  in_transit_value: string;
  created_posting_id: string | null;
}

interface MovementToWrite extends PostedMovement {
  document_type: string;
  document_id: string;
  document_no: string;
}

/** A layer a dispatch puts in transit: written with the other rows at the end. */
interface NewTransit {
  transit_id: string;
  line: ResolvedLine;
  batch_id: string;
  quantity: ExactDecimal;
  unitCost: ExactDecimal;
}

/** A stored in-transit layer. */
interface TransitRow {
  transit_id: string;
  item_type: string;
  item_id: string;
  from_location_id: string;
  remaining_quantity: string;
  unit_cost: string;
}

/** A FIFO layer this posting creates: written with the other rows at the end, in creation order. */
interface NewBatch {
  batch_id: string;
  line: ResolvedLine;
  received: ExactDecimal;
  remaining: ExactDecimal;
  unitCost: ExactDecimal;
}

/**
 * What a posting has done so far. Batch changes are kept here and written once at the end (a few statements per
 * posting instead of one per line and layer): later lines of the same posting read the stored layers through
 * `remaining` and take this posting's new layers after them, as they are the newest.
 */
interface PostingContext {
  request: ValidStockPostingRequest;
  postingId: string;
  actor: PostingActor;
  balances: Map<string, BalanceState>;
  movements: MovementToWrite[];
  backOrderIds: string[];
  newBatches: NewBatch[];
  /** Remaining quantity of stored layers this posting has taken from, by batch id. */
  remaining: Map<string, ExactDecimal>;
  newTransits: NewTransit[];
  /** Remaining quantity of stored in-transit layers this posting has taken from, by transit id. */
  transitRemaining: Map<string, ExactDecimal>;
}

/** FIFO layers are read this many at a time (most issues need one or two). */
const BATCH_PAGE = 20;

/**
 * THE ONE POSTING FUNCTION (docs/stock-ledger.md, "Posting"). Every document that moves stock calls `post` inside
 * its own transaction: inventory's documents directly, other services through their posting-request events,
 * whose handler calls it in the consumer's transaction. Perpetual FIFO in posting order, exact decimals.
 *
 * Invariant, for every (item, location), after any interleaving of postings:
 *   on_hand = Σ movement.quantity = Σ batch.remaining_quantity and
 *   stock_value = Σ movement.cost_value = Σ batch.remaining_quantity × batch.unit_cost.
 * It holds because every change of a batch's remaining quantity is written as a movement of exactly that
 * quantity at exactly that batch's cost, and the balance is changed by the same figures, under its row lock.
 */
@Injectable()
export class StockLedger {
  constructor(
    private readonly items: ItemReplicaRepository,
    private readonly locations: LocationReplicaRepository,
    private readonly settings: InventorySettingsService,
    private readonly publisher: EventPublisher,
  ) {}

  /** `manager` is the caller's open transaction (inTransaction / an event handler's). */
  async post(manager: EntityManager, request: StockPostingRequest, actor: PostingActor): Promise<StockPostingResult> {
    const valid = parseOrThrow(stockPostingRequestSchema, request);
    const hash = requestHash(valid);
    const postingId = randomUUID();

    // Idempotency first: a revision posted before is a no-op even once its period has been locked since (a
    // redelivered event must not be parked as failed). A concurrent posting of the same revision makes this
    // INSERT wait for its commit, then see it.
    const claimed = await manager.query<{ posting_id: string }[]>(
      `INSERT INTO stock_posting (posting_id, document_type, document_id, revision, document_no, value_date,
         request_hash, actor_id, actor_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (document_type, document_id, revision) DO NOTHING
       RETURNING posting_id`,
      [
        postingId,
        valid.document_type,
        valid.document_id,
        valid.revision,
        valid.document_no,
        valid.value_date,
        hash,
        actor.id,
        actor.name,
      ],
    );
    if (claimed.length === 0) return this.earlierPosting(manager, valid, hash);

    // FOR SHARE, held until this transaction ends: a lock date being changed concurrently is waited for and then
    // seen (a posting dated on or before it cannot slip in under the old date), and a change of it waits for this
    // posting to commit. Without the row lock both could commit: a posting into a period locked at the same moment.
    const lockDate = await this.settings.periodLockDate(manager, { forShare: true });
    if (lockDate !== null && valid.value_date <= lockDate) {
      throw StockLedgerException.periodLocked(lockDate, valid.value_date);
    }

    const lines = await this.resolve(manager, valid);
    const context: PostingContext = {
      request: valid,
      postingId,
      actor,
      balances: await this.lockBalances(manager, lines, postingId),
      movements: [],
      backOrderIds: [],
      newBatches: [],
      remaining: new Map(),
      newTransits: [],
      transitRemaining: new Map(),
    };
    if (valid.allow_negative) await this.lockBackOrderSeries(manager, lines);

    const posted: StockPosted['lines'] = [];
    for (const line of lines) {
      const before = context.movements.length;
      if (line.transit === 'arrive') await this.arrive(manager, context, line);
      else if (line.quantity.greaterThan(0)) await this.receive(manager, context, line, line.quantity, line.unitCost!);
      else await this.issue(manager, context, line);
      if (line.transit === 'dispatch') this.intoTransit(context, line, context.movements.slice(before));
      const written = context.movements.slice(before);
      const balance = context.balances.get(line.balanceKey)!;
      posted.push({
        item_type: line.item.item_type,
        item_id: line.item.item_id,
        location_id: line.location.location_id,
        quantity: roundQuantity(written.reduce((sum, m) => sum.plus(m.quantity), exact(0))),
        cost_value: roundTo(
          written.reduce((sum, m) => sum.plus(m.cost_value), exact(0)),
          LEDGER_VALUE_SCALE,
        ),
        on_hand_after: roundQuantity(balance.onHand),
      });
    }

    await this.writeBatches(manager, context);
    await this.writeTransits(manager, context);
    await this.writeMovements(manager, context);
    await this.writeBalances(manager, context);
    await this.publisher.publish(manager, InventorySubjects.StockPosted, {
      posting_id: postingId,
      document_type: valid.document_type,
      document_id: valid.document_id,
      document_no: valid.document_no,
      revision: valid.revision,
      value_date: valid.value_date,
      lines: posted,
    });
    await this.announceUsage(manager, context);

    return {
      posting_id: postingId,
      duplicate: false,
      movements: context.movements.map(toPostedMovement),
      back_order_ids: context.backOrderIds,
    };
  }

  /**
   * A reverted document's OPEN back orders are CANCELLED (the issue they stood for never happened): each leaves its
   * balance's back_order_quantity, under that balance row's lock (taken in the one order), so no receipt settles it
   * meanwhile. Settled ones stay as they are: the reversal receives their settlement movements back. Answers the
   * cancelled ids. Call it in the reversal's transaction, before the reversal's own posting.
   */
  async cancelBackOrders(
    manager: EntityManager,
    document: { document_type: string; document_id: string },
  ): Promise<string[]> {
    const open = await manager.query<{ item_type: StockItemType; item_id: string; location_id: string }[]>(
      `SELECT DISTINCT item_type, item_id, location_id FROM back_order
        WHERE document_type = $1 AND document_id = $2 AND status = 'OPEN'`,
      [document.document_type, document.document_id],
    );
    if (open.length === 0) return [];
    await lockRowsInOrder(manager, {
      table: 'stock_balance',
      keyColumns: ['item_type', 'item_id', 'location_id'],
      keys: open,
    });
    // Read again under the balance locks: a receipt committed meanwhile may have settled some.
    const cancelled = await manager.query<{ back_order_id: string }[]>(
      `WITH cancelled AS (
         UPDATE back_order SET status = 'CANCELLED', last_updated_time = now()
          WHERE document_type = $1 AND document_id = $2 AND status = 'OPEN'
          RETURNING back_order_id, item_type, item_id, location_id, current_quantity
       ), owed AS (
         SELECT item_type, item_id, location_id, sum(current_quantity) AS quantity FROM cancelled
          GROUP BY item_type, item_id, location_id
       ), balances AS (
         UPDATE stock_balance b SET back_order_quantity = b.back_order_quantity - o.quantity
           FROM owed o
          WHERE b.item_type = o.item_type AND b.item_id = o.item_id AND b.location_id = o.location_id
          RETURNING b.item_id
       )
       SELECT back_order_id FROM cancelled, (SELECT count(*) FROM balances) AS touched`,
      [document.document_type, document.document_id],
    );
    return cancelled.map((row) => row.back_order_id);
  }

  /** The same revision was posted before: the same lines are a duplicate (nothing written), others a bug. */
  private async earlierPosting(
    manager: EntityManager,
    request: ValidStockPostingRequest,
    hash: string,
  ): Promise<StockPostingResult> {
    const [earlier] = await manager.query<{ posting_id: string; request_hash: string }[]>(
      `SELECT posting_id, request_hash FROM stock_posting
        WHERE document_type = $1 AND document_id = $2 AND revision = $3`,
      [request.document_type, request.document_id, request.revision],
    );
    if (!earlier || earlier.request_hash !== hash) throw StockLedgerException.postingConflict();
    const movements = await manager.query<PostedMovement[]>(
      `SELECT movement_id, line_no, item_type, item_id, location_id, batch_id, quantity::text AS quantity,
              unit_cost::text AS unit_cost, cost_value::text AS cost_value
         FROM stock_movement WHERE posting_id = $1 ORDER BY seq`,
      [earlier.posting_id],
    );
    const backOrders = await manager.query<{ back_order_id: string }[]>(
      `SELECT back_order_id FROM back_order WHERE posting_id = $1 ORDER BY seq`,
      [earlier.posting_id],
    );
    return {
      posting_id: earlier.posting_id,
      duplicate: true,
      movements,
      back_order_ids: backOrders.map((row) => row.back_order_id),
    };
  }

  /** Every line's item, location, unit and cost, in the primary unit; refuses what the ledger cannot post. */
  private async resolve(manager: EntityManager, request: ValidStockPostingRequest): Promise<ResolvedLine[]> {
    const items = await this.items.findMany(
      manager,
      request.lines.map((line) => ({ item_type: line.item_type, item_id: line.item_id })),
    );
    const sources = await this.transitSources(manager, request);
    const locations = await this.locations.findMany(manager, [
      ...request.lines.map((line) => line.location_id),
      ...sources.values(),
    ]);
    return request.lines.map((line, index): ResolvedLine => {
      const item = items.get(itemKey(line.item_type, line.item_id));
      if (!item || item.deleted || item.status === 'archived') {
        // An archived item still has its name; a deleted one's tombstone keeps only its id.
        throw StockLedgerException.itemUnknown(item && !item.deleted ? item.item_name : line.item_id);
      }
      if (!item.is_inventorise) throw StockLedgerException.itemNotInventorised(item.item_name);
      const location = locations.get(line.location_id);
      if (!location || location.deleted || location.status === 'archived') {
        throw StockLedgerException.locationUnknown(location?.location_name || line.location_id);
      }
      const factor = factorOf(item, line.uom_name);
      if (factor === null) throw StockLedgerException.unitUnknown(line.uom_name ?? '', item.item_name);

      const asked = exact(line.quantity);
      let quantity = exact(toPrimary(line.quantity, factor));
      let unitCost: ExactDecimal | null = null;
      let batches: ResolvedLine['batches'] = null;
      let transitSourceKey: string | null = null;
      const transit = line.transit ?? null;
      // A dispatch is an issue, an arrival a receipt whose cost is the transit's: anything else is refused.
      if (transit === 'dispatch' && asked.greaterThan(0)) {
        throw StockLedgerException.invalidLine(`lines.${index}.quantity`, V.invalid);
      }
      if (transit === 'arrive') {
        if (asked.lessThan(0)) throw StockLedgerException.invalidLine(`lines.${index}.quantity`, V.invalid);
        if (line.unit_cost !== undefined) throw StockLedgerException.invalidLine(`lines.${index}.unit_cost`, V.invalid);
        if (line.batches !== undefined) throw StockLedgerException.invalidLine(`lines.${index}.batches`, V.invalid);
        const source = sources.get(line.line_no);
        if (source === undefined) {
          throw StockLedgerException.transitShort({
            item: item.item_name,
            document: request.document_no,
            line: line.line_no,
            available: roundQuantity(exact(0)),
            asked: roundQuantity(exact(toPrimary(line.quantity, factor))),
            uom: item.primary_uom_name,
          });
        }
        transitSourceKey = balanceKey(item.item_type, item.item_id, source);
      } else if (asked.greaterThan(0)) {
        if (line.unit_cost === undefined) {
          throw StockLedgerException.invalidLine(`lines.${index}.unit_cost`, V.required);
        }
        if (line.batches !== undefined) throw StockLedgerException.invalidLine(`lines.${index}.batches`, V.invalid);
        unitCost = exact(pricePerPrimary(line.unit_cost, factor, 4));
      } else if (line.batches !== undefined && line.batches.length > 0) {
        // Named batches: their quantities (in the line's unit) must add up to the line's, exactly.
        const sum = line.batches.reduce((total, batch) => total.plus(batch.quantity), exact(0));
        if (!sum.equals(asked.negated())) {
          throw StockLedgerException.batchSumMismatch(item.item_name, sum.toFixed(), asked.negated().toFixed());
        }
        batches = line.batches.map((batch) => ({
          batch_id: batch.batch_id,
          quantity: exact(toPrimary(batch.quantity, factor)),
        }));
        // Converted batch by batch, so the line is exactly what the batches give.
        quantity = batches.reduce((total, batch) => total.minus(batch.quantity), exact(0));
      }
      if (quantity.isZero()) throw StockLedgerException.invalidLine(`lines.${index}.quantity`, V.invalid);
      return {
        index,
        line_no: line.line_no,
        item,
        location,
        balanceKey: balanceKey(item.item_type, item.item_id, location.location_id),
        quantity,
        unitCost,
        batches,
        transit,
        transitSourceKey,
      };
    });
  }

  /**
   * Where the arriving lines were dispatched from, by line number: the location whose in_transit they leave. A line
   * is dispatched from one location (its layers are read again, locked, once the balances are).
   */
  private async transitSources(
    manager: EntityManager,
    request: ValidStockPostingRequest,
  ): Promise<Map<number, string>> {
    const arriving = request.lines.filter((line) => line.transit === 'arrive').map((line) => line.line_no);
    if (arriving.length === 0) return new Map();
    const rows = await manager.query<{ line_no: number; from_location_id: string }[]>(
      `SELECT DISTINCT line_no, from_location_id FROM stock_transit
        WHERE document_type = $1 AND document_id = $2 AND line_no = ANY($3::int[])`,
      [request.document_type, request.document_id, arriving],
    );
    return new Map(rows.map((row) => [row.line_no, row.from_location_id]));
  }

  /**
   * Locks the balance row of every (item, location) the posting touches, in one fixed order (creating the missing
   * ones), so two postings of the same items never deadlock nor lose an update.
   */
  private async lockBalances(
    manager: EntityManager,
    lines: readonly ResolvedLine[],
    postingId: string,
  ): Promise<Map<string, BalanceState>> {
    const rows = await lockRowsInOrder<BalanceRow>(manager, {
      table: 'stock_balance',
      keyColumns: ['item_type', 'item_id', 'location_id'],
      // An arrival also changes the in_transit of the location its line left: locked in the same one order.
      keys: lines.flatMap((line) => [
        { item_type: line.item.item_type, item_id: line.item.item_id, location_id: line.location.location_id },
        ...(line.transitSourceKey === null ? [] : [keyOfBalance(line.transitSourceKey)]),
      ]),
      createMissing: { values: { created_posting_id: postingId } },
    });
    const balances = new Map<string, BalanceState>();
    for (const row of rows) {
      balances.set(balanceKey(row.item_type, row.item_id, row.location_id), {
        item_type: row.item_type,
        item_id: row.item_id,
        location_id: row.location_id,
        onHand: exact(row.on_hand),
        reserved: exact(row.reserved),
        value: exact(row.stock_value),
        backOrdered: exact(row.back_order_quantity),
        inTransit: exact(row.in_transit),
        inTransitValue: exact(row.in_transit_value),
        created: row.created_posting_id === postingId,
        moved: false,
      });
    }
    return balances;
  }

  /**
   * A posting that may fall short numbers its back orders from the SO series of its issue locations
   * (nextDocumentNumber). The series rows that exist are locked up front, after the balances and in location
   * order: taken lazily, two postings short at two locations could each hold one series and wait for the other.
   * (A location's very first back order creates its row lazily; that rare race is a deadlock PostgreSQL breaks
   * and the caller's retry — retryOnConflict, or the event's redelivery — absorbs.)
   */
  private async lockBackOrderSeries(manager: EntityManager, lines: readonly ResolvedLine[]): Promise<void> {
    const issueLocations = [
      ...new Set(lines.filter((line) => line.quantity.lessThan(0)).map((line) => line.location.location_id)),
    ];
    if (issueLocations.length === 0) return;
    await manager.query(
      `SELECT location_id FROM document_number_series
        WHERE document_type = 'SO' AND location_id = ANY($1::text[])
        ORDER BY location_id FOR UPDATE`,
      [issueLocations],
    );
  }

  /**
   * A receipt of `quantity` at `unitCost` (primary unit): a new FIFO layer, then the open back orders of its
   * (item, location) settled from it.
   */
  private async receive(
    manager: EntityManager,
    context: PostingContext,
    line: ResolvedLine,
    quantity: ExactDecimal,
    unitCost: ExactDecimal,
  ): Promise<void> {
    const { request } = context;
    const balance = context.balances.get(line.balanceKey)!;
    const batch: NewBatch = {
      batch_id: randomUUID(),
      line,
      received: quantity,
      remaining: quantity,
      unitCost,
    };
    context.newBatches.push(batch);
    this.addMovement(context, line, balance, {
      batchId: batch.batch_id,
      quantity,
      unitCost: batch.unitCost,
      document: { type: request.document_type, id: request.document_id, no: request.document_no },
    });

    if (balance.backOrdered.isZero()) return;
    // The balance row lock serialises every change of this (item, location)'s back orders.
    const open = await manager.query<{ back_order_id: string; bo_no: string; current_quantity: string }[]>(
      `SELECT back_order_id, bo_no, current_quantity::text AS current_quantity FROM back_order
        WHERE item_type = $1 AND item_id = $2 AND location_id = $3 AND status = 'OPEN'
        ORDER BY seq`,
      [line.item.item_type, line.item.item_id, line.location.location_id],
    );
    for (const backOrder of open) {
      if (batch.remaining.isZero()) break;
      const owed = exact(backOrder.current_quantity).negated();
      const take = ExactDecimal.min(owed, batch.remaining);
      batch.remaining = batch.remaining.minus(take);
      const current = owed.minus(take).negated();
      await manager.query(
        `UPDATE back_order SET current_quantity = $2, settled_value = settled_value + $3,
           status = CASE WHEN $2::numeric = 0 THEN 'SETTLED' ELSE 'OPEN' END,
           settled_time = CASE WHEN $2::numeric = 0 THEN now() ELSE NULL END, last_updated_time = now()
         WHERE back_order_id = $1`,
        [backOrder.back_order_id, roundQuantity(current), roundTo(take.times(batch.unitCost), LEDGER_VALUE_SCALE)],
      );
      balance.backOrdered = balance.backOrdered.plus(take);
      // The settlement is a movement of the back order (document SO), out of this receipt's batch at its cost.
      this.addMovement(context, line, balance, {
        batchId: batch.batch_id,
        quantity: take.negated(),
        unitCost: batch.unitCost,
        document: { type: 'SO', id: backOrder.back_order_id, no: backOrder.bo_no },
      });
    }
  }

  /** An issue: the named batches, or the oldest layers; a shortfall is refused or becomes a back order. */
  private async issue(manager: EntityManager, context: PostingContext, line: ResolvedLine): Promise<void> {
    const { request } = context;
    const balance = context.balances.get(line.balanceKey)!;
    const asked = line.quantity.negated();
    const available = ExactDecimal.max(balance.onHand.minus(balance.reserved), 0);
    // A dispatch is never short: a back order cannot travel, and the transit must carry what left.
    if (asked.greaterThan(available) && !(request.allow_negative && line.batches === null && line.transit === null)) {
      throw StockLedgerException.insufficientStock({
        item: line.item.item_name,
        location: line.location.location_name,
        available: roundQuantity(available),
        asked: roundQuantity(asked),
        uom: line.item.primary_uom_name,
      });
    }
    const document = { type: request.document_type, id: request.document_id, no: request.document_no };

    if (line.batches !== null) {
      for (const named of line.batches) {
        const [batch] = await manager.query<BatchRow[]>(
          `SELECT batch_id, seq::text AS seq, item_type, item_id, location_id,
                  remaining_quantity::text AS remaining_quantity, unit_cost::text AS unit_cost
             FROM stock_batch WHERE batch_id = $1`,
          [named.batch_id],
        );
        const remaining = batch ? (context.remaining.get(batch.batch_id) ?? exact(batch.remaining_quantity)) : exact(0);
        if (
          !batch ||
          batch.item_type !== line.item.item_type ||
          batch.item_id !== line.item.item_id ||
          batch.location_id !== line.location.location_id ||
          remaining.lessThan(named.quantity)
        ) {
          throw StockLedgerException.batchInvalid(line.item.item_name, line.location.location_name);
        }
        this.takeFromStored(context, line, balance, batch, remaining, named.quantity, document);
      }
      return;
    }

    const issued = ExactDecimal.min(asked, available);
    let left = issued;
    // The stored layers first, oldest first (a page at a time, past the last one seen)...
    let after = '0';
    while (left.greaterThan(0)) {
      const layers = await manager.query<BatchRow[]>(
        `SELECT batch_id, seq::text AS seq, item_type, item_id, location_id,
                remaining_quantity::text AS remaining_quantity, unit_cost::text AS unit_cost
           FROM stock_batch
          WHERE item_type = $1 AND item_id = $2 AND location_id = $3 AND remaining_quantity > 0 AND seq > $4
          -- The column, not the text alias above: ordered as text, layer 10 would come before layer 9.
          ORDER BY stock_batch.seq LIMIT ${BATCH_PAGE}`,
        [line.item.item_type, line.item.item_id, line.location.location_id, after],
      );
      for (const layer of layers) {
        after = layer.seq;
        if (left.isZero()) break;
        const remaining = context.remaining.get(layer.batch_id) ?? exact(layer.remaining_quantity);
        if (remaining.isZero()) continue;
        const take = ExactDecimal.min(remaining, left);
        left = left.minus(take);
        this.takeFromStored(context, line, balance, layer, remaining, take, document);
      }
      if (layers.length < BATCH_PAGE) break;
    }
    // ...then the layers this posting received, the newest.
    for (const batch of context.newBatches) {
      if (left.isZero()) break;
      if (batch.line.balanceKey !== line.balanceKey || batch.remaining.isZero()) continue;
      const take = ExactDecimal.min(batch.remaining, left);
      left = left.minus(take);
      batch.remaining = batch.remaining.minus(take);
      this.addMovement(context, line, balance, {
        batchId: batch.batch_id,
        quantity: take.negated(),
        unitCost: batch.unitCost,
        document,
      });
    }
    // on_hand = Σ remaining: running out of layers before the balance is a broken invariant, never a shortfall.
    if (left.greaterThan(0)) throw new Error(`stock_batch of ${line.balanceKey} hold less than its on_hand`);

    const shortfall = asked.minus(issued);
    if (shortfall.greaterThan(0)) await this.openBackOrder(manager, context, line, balance, shortfall);
  }

  /**
   * A dispatch's issue movements become in-transit layers of the line, each at the cost of the layer it left, and
   * count in the source balance's in_transit: what left on hand is still owned, at the same value.
   */
  private intoTransit(context: PostingContext, line: ResolvedLine, movements: MovementToWrite[]): void {
    const balance = context.balances.get(line.balanceKey)!;
    for (const movement of movements) {
      const quantity = exact(movement.quantity).negated();
      const unitCost = exact(movement.unit_cost);
      context.newTransits.push({
        transit_id: randomUUID(),
        line,
        batch_id: movement.batch_id!,
        quantity,
        unitCost,
      });
      balance.inTransit = balance.inTransit.plus(quantity);
      balance.inTransitValue = balance.inTransitValue.plus(quantity.times(unitCost));
      balance.moved = true;
    }
  }

  /**
   * An arrival: the line's in-transit layers, oldest first, each received at `location_id` as a new FIFO layer at
   * its own cost (so the value that left the source arrives, to the last digit), out of the source's in_transit.
   * The layers are read under the source balance's lock, which every leg of the line holds.
   */
  private async arrive(manager: EntityManager, context: PostingContext, line: ResolvedLine): Promise<void> {
    const { request } = context;
    const source = context.balances.get(line.transitSourceKey!)!;
    const layers = await manager.query<TransitRow[]>(
      `SELECT transit_id, item_type, item_id, from_location_id, remaining_quantity::text AS remaining_quantity,
              unit_cost::text AS unit_cost
         FROM stock_transit
        WHERE document_type = $1 AND document_id = $2 AND line_no = $3 AND remaining_quantity > 0
        ORDER BY seq`,
      [request.document_type, request.document_id, line.line_no],
    );
    const open = layers
      .filter((layer) => layer.item_type === line.item.item_type && layer.item_id === line.item.item_id)
      .map((layer) => ({
        layer,
        remaining: context.transitRemaining.get(layer.transit_id) ?? exact(layer.remaining_quantity),
      }));
    const available = open.reduce((sum, entry) => sum.plus(entry.remaining), exact(0));
    if (line.quantity.greaterThan(available)) {
      throw StockLedgerException.transitShort({
        item: line.item.item_name,
        document: request.document_no,
        line: line.line_no,
        available: roundQuantity(available),
        asked: roundQuantity(line.quantity),
        uom: line.item.primary_uom_name,
      });
    }
    let left = line.quantity;
    for (const { layer, remaining } of open) {
      if (left.isZero()) break;
      if (remaining.isZero()) continue;
      const take = ExactDecimal.min(remaining, left);
      left = left.minus(take);
      const unitCost = exact(layer.unit_cost);
      context.transitRemaining.set(layer.transit_id, remaining.minus(take));
      source.inTransit = source.inTransit.minus(take);
      source.inTransitValue = source.inTransitValue.minus(take.times(unitCost));
      source.moved = true;
      await this.receive(manager, context, line, take, unitCost);
    }
  }

  /** Takes from a stored layer: its new remaining quantity is written at the end, with a movement for the take. */
  private takeFromStored(
    context: PostingContext,
    line: ResolvedLine,
    balance: BalanceState,
    batch: BatchRow,
    remaining: ExactDecimal,
    take: ExactDecimal,
    document: { type: string; id: string; no: string },
  ): void {
    context.remaining.set(batch.batch_id, remaining.minus(take));
    this.addMovement(context, line, balance, {
      batchId: batch.batch_id,
      quantity: take.negated(),
      unitCost: exact(batch.unit_cost),
      document,
    });
  }

  /** What could not be issued: no movement (stock never goes below zero), a back order the next receipts settle. */
  private async openBackOrder(
    manager: EntityManager,
    context: PostingContext,
    line: ResolvedLine,
    balance: BalanceState,
    shortfall: ExactDecimal,
  ): Promise<void> {
    const { request } = context;
    const boNo = await nextDocumentNumber(manager, 'SO', line.location.location_id);
    const backOrderId = randomUUID();
    await manager.query(
      `INSERT INTO back_order (back_order_id, bo_no, status, item_type, item_id, location_id, initial_quantity,
         current_quantity, document_type, document_id, document_no, line_no, posting_id)
       VALUES ($1, $2, 'OPEN', $3, $4, $5, $6, $6, $7, $8, $9, $10, $11)`,
      [
        backOrderId,
        boNo,
        line.item.item_type,
        line.item.item_id,
        line.location.location_id,
        roundQuantity(shortfall.negated()),
        request.document_type,
        request.document_id,
        request.document_no,
        line.line_no,
        context.postingId,
      ],
    );
    balance.backOrdered = balance.backOrdered.minus(shortfall);
    balance.moved = true;
    context.backOrderIds.push(backOrderId);
  }

  /** Records a movement and applies it to the balance: the two always change by the same figures. */
  private addMovement(
    context: PostingContext,
    line: ResolvedLine,
    balance: BalanceState,
    movement: {
      batchId: string;
      quantity: ExactDecimal;
      unitCost: ExactDecimal;
      document: { type: string; id: string; no: string };
    },
  ): void {
    const costValue = movement.quantity.times(movement.unitCost);
    balance.onHand = balance.onHand.plus(movement.quantity);
    balance.value = balance.value.plus(costValue);
    balance.moved = true;
    context.movements.push({
      movement_id: randomUUID(),
      // A settlement movement keeps the receipt's line number: the line whose batch it came out of.
      line_no: line.line_no,
      item_type: line.item.item_type,
      item_id: line.item.item_id,
      location_id: line.location.location_id,
      batch_id: movement.batchId,
      quantity: roundQuantity(movement.quantity),
      unit_cost: roundUnitCost(movement.unitCost),
      cost_value: roundTo(costValue, LEDGER_VALUE_SCALE),
      document_type: movement.document.type,
      document_id: movement.document.id,
      document_no: movement.document.no,
    });
  }

  /** The new layers in one statement, in creation order (their seq is the FIFO order); then the stored ones taken from. */
  private async writeBatches(manager: EntityManager, context: PostingContext): Promise<void> {
    const { newBatches, request } = context;
    if (newBatches.length > 0) {
      await manager.query(
        `INSERT INTO stock_batch (batch_id, item_type, item_id, location_id, received_quantity, remaining_quantity,
           unit_cost, value_date, posting_id, document_type, document_id, document_no, line_no)
         SELECT b.batch_id, b.item_type, b.item_id, b.location_id, b.received, b.remaining, b.unit_cost, $1::date, $2,
                $3, $4, $5, b.line_no
           FROM unnest($6::uuid[], $7::text[], $8::text[], $9::text[], $10::numeric[], $11::numeric[], $12::numeric[],
                       $13::int[])
                WITH ORDINALITY AS b(batch_id, item_type, item_id, location_id, received, remaining, unit_cost, line_no,
                                     position)
          ORDER BY b.position`,
        [
          request.value_date,
          context.postingId,
          request.document_type,
          request.document_id,
          request.document_no,
          newBatches.map((b) => b.batch_id),
          newBatches.map((b) => b.line.item.item_type),
          newBatches.map((b) => b.line.item.item_id),
          newBatches.map((b) => b.line.location.location_id),
          newBatches.map((b) => roundQuantity(b.received)),
          newBatches.map((b) => roundQuantity(b.remaining)),
          newBatches.map((b) => roundUnitCost(b.unitCost)),
          newBatches.map((b) => b.line.line_no),
        ],
      );
    }
    if (context.remaining.size > 0) {
      // Only layers of balances this posting holds locked: no other transaction changes them meanwhile.
      const taken = [...context.remaining.entries()];
      await manager.query(
        `UPDATE stock_batch s SET remaining_quantity = t.remaining
           FROM unnest($1::uuid[], $2::numeric[]) AS t(batch_id, remaining)
          WHERE s.batch_id = t.batch_id`,
        [taken.map(([batchId]) => batchId), taken.map(([, remaining]) => roundQuantity(remaining))],
      );
    }
  }

  /** The dispatched layers in one statement, in dispatch order; then the stored ones that arrived. */
  private async writeTransits(manager: EntityManager, context: PostingContext): Promise<void> {
    const { newTransits, request } = context;
    if (newTransits.length > 0) {
      await manager.query(
        `INSERT INTO stock_transit (transit_id, document_type, document_id, line_no, item_type, item_id,
           from_location_id, batch_id, dispatched_quantity, remaining_quantity, unit_cost, posting_id, value_date)
         SELECT t.transit_id, $1, $2, t.line_no, t.item_type, t.item_id, t.location_id, t.batch_id, t.quantity,
                t.quantity, t.unit_cost, $3, $4::date
           FROM unnest($5::uuid[], $6::int[], $7::text[], $8::text[], $9::text[], $10::uuid[], $11::numeric[],
                       $12::numeric[])
                WITH ORDINALITY AS t(transit_id, line_no, item_type, item_id, location_id, batch_id, quantity,
                                     unit_cost, position)
          ORDER BY t.position`,
        [
          request.document_type,
          request.document_id,
          context.postingId,
          request.value_date,
          newTransits.map((t) => t.transit_id),
          newTransits.map((t) => t.line.line_no),
          newTransits.map((t) => t.line.item.item_type),
          newTransits.map((t) => t.line.item.item_id),
          newTransits.map((t) => t.line.location.location_id),
          newTransits.map((t) => t.batch_id),
          newTransits.map((t) => roundQuantity(t.quantity)),
          newTransits.map((t) => roundUnitCost(t.unitCost)),
        ],
      );
    }
    if (context.transitRemaining.size > 0) {
      const taken = [...context.transitRemaining.entries()];
      await manager.query(
        `UPDATE stock_transit s SET remaining_quantity = t.remaining
           FROM unnest($1::uuid[], $2::numeric[]) AS t(transit_id, remaining)
          WHERE s.transit_id = t.transit_id`,
        [taken.map(([transitId]) => transitId), taken.map(([, remaining]) => roundQuantity(remaining))],
      );
    }
  }

  /** All the posting's movements in one statement, in the order they were made (their seq keeps it). */
  private async writeMovements(manager: EntityManager, context: PostingContext): Promise<void> {
    const { movements, request } = context;
    if (movements.length === 0) return;
    const column = <K extends keyof MovementToWrite>(key: K) => movements.map((m) => m[key]);
    await manager.query(
      `INSERT INTO stock_movement (movement_id, posting_id, item_type, item_id, location_id, quantity, unit_cost,
         cost_value, batch_id, document_type, document_id, document_no, line_no, value_date, actor_id, actor_name)
       SELECT m.movement_id, $1, m.item_type, m.item_id, m.location_id, m.quantity, m.unit_cost, m.cost_value,
              m.batch_id, m.document_type, m.document_id, m.document_no, m.line_no, $2::date, $3, $4
         FROM unnest($5::uuid[], $6::text[], $7::text[], $8::text[], $9::numeric[], $10::numeric[], $11::numeric[],
                     $12::uuid[], $13::text[], $14::text[], $15::text[], $16::int[])
              WITH ORDINALITY AS m(movement_id, item_type, item_id, location_id, quantity, unit_cost, cost_value,
                                   batch_id, document_type, document_id, document_no, line_no, position)
        ORDER BY m.position`,
      [
        context.postingId,
        request.value_date,
        context.actor.id,
        context.actor.name,
        column('movement_id'),
        column('item_type'),
        column('item_id'),
        column('location_id'),
        column('quantity'),
        column('unit_cost'),
        column('cost_value'),
        column('batch_id'),
        column('document_type'),
        column('document_id'),
        column('document_no'),
        column('line_no'),
      ],
    );
  }

  private async writeBalances(manager: EntityManager, context: PostingContext): Promise<void> {
    const changed = [...context.balances.values()].filter((balance) => balance.moved);
    if (changed.length === 0) return;
    await manager.query(
      `UPDATE stock_balance b
          SET on_hand = c.on_hand, stock_value = c.stock_value, back_order_quantity = c.back_order_quantity,
              in_transit = c.in_transit, in_transit_value = c.in_transit_value, last_movement_time = now()
         FROM unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[],
                     $8::numeric[])
              AS c(item_type, item_id, location_id, on_hand, stock_value, back_order_quantity, in_transit,
                   in_transit_value)
        WHERE b.item_type = c.item_type AND b.item_id = c.item_id AND b.location_id = c.location_id`,
      [
        changed.map((b) => b.item_type),
        changed.map((b) => b.item_id),
        changed.map((b) => b.location_id),
        changed.map((b) => roundQuantity(b.onHand)),
        changed.map((b) => roundTo(b.value, LEDGER_VALUE_SCALE)),
        changed.map((b) => roundQuantity(b.backOrdered)),
        changed.map((b) => roundQuantity(b.inTransit)),
        changed.map((b) => roundTo(b.inTransitValue, LEDGER_VALUE_SCALE)),
      ],
    );
  }

  /**
   * The balance rows this posting created put their items and locations in use for good (history never goes away),
   * so catalog refuses to archive or delete them. ONE event per posting names them all (the posting is the record
   * that uses them): a new outlet's first 200-line receipt used to queue 200 events ahead of everything else the
   * ledger publishes. The set never changes: revision 1 for ever.
   */
  private async announceUsage(manager: EntityManager, context: PostingContext): Promise<void> {
    const created = [...context.balances.values()].filter((balance) => balance.created);
    if (created.length === 0) return;
    await announceDocumentUsage(this.publisher, manager, {
      service: 'inventory',
      used_by_type: 'stock_posting',
      used_by_id: context.postingId,
      revision: 1,
      targets: created.flatMap((balance) => [
        { target_type: balance.item_type, target_id: balance.item_id },
        { target_type: 'location' as const, target_id: balance.location_id },
      ]),
    });
  }
}

interface BatchRow {
  batch_id: string;
  seq: string;
  item_type: string;
  item_id: string;
  location_id: string;
  remaining_quantity: string;
  unit_cost: string;
}

function balanceKey(itemType: string, itemId: string, locationId: string): string {
  return JSON.stringify([itemType, itemId, locationId]);
}

function keyOfBalance(key: string): { item_type: string; item_id: string; location_id: string } {
  const [item_type, item_id, location_id] = JSON.parse(key) as [string, string, string];
  return { item_type, item_id, location_id };
}

/** The factor of `uomName` on the item (absent: the primary unit), or null when it is not one of its units. */
function factorOf(item: ItemReplicaRow, uomName: string | undefined): string | null {
  if (uomName === undefined || unitKey(uomName) === unitKey(item.primary_uom_name)) return '1';
  const unit = item.uom_list.find((candidate) => unitKey(candidate.uom_name) === unitKey(uomName));
  return unit ? unit.factor : null;
}

/**
 * What identifies a posting's content: its validated request with every decimal written the one way ("10" and
 * "10.000" are the same quantity), so a redelivery hashes the same and a changed line does not.
 */
function requestHash(request: ValidStockPostingRequest): string {
  const canonical = {
    ...request,
    lines: request.lines.map((line) => ({
      ...line,
      quantity: exact(line.quantity).toFixed(),
      uom_name: line.uom_name === undefined ? undefined : unitKey(line.uom_name),
      unit_cost: line.unit_cost === undefined ? undefined : exact(line.unit_cost).toFixed(),
      batches: line.batches?.map((batch) => ({ batch_id: batch.batch_id, quantity: exact(batch.quantity).toFixed() })),
    })),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

function toPostedMovement(movement: MovementToWrite): PostedMovement {
  return {
    movement_id: movement.movement_id,
    line_no: movement.line_no,
    item_type: movement.item_type,
    item_id: movement.item_id,
    location_id: movement.location_id,
    batch_id: movement.batch_id,
    quantity: movement.quantity,
    unit_cost: movement.unit_cost,
    cost_value: movement.cost_value,
  };
}
