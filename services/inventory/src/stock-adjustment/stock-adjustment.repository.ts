import { Inject, Injectable } from '@nestjs/common';
import type {
  AdjustmentReason,
  AdjustmentSource,
  DocumentStatusCount,
  ListQuery,
  StockAdjustmentListRow,
  StockAdjustmentStatus,
  StockItemType,
} from '@scm/contracts';
import { STOCK_ADJUSTMENT_STATUSES } from '@scm/contracts';
import { DATA_SOURCE, documentStatusCounts, returnedRows, runListQuery, withLocationFilter } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { STOCK_ADJUSTMENT_LIST } from './stock-adjustment.list.js';

/** A stock adjustment's header as stored. */
export interface AdjustmentRecord {
  id: string;
  doc_no: string;
  status: StockAdjustmentStatus;
  revision: number;
  location_id: string;
  value_date: string;
  remark: string;
  source: AdjustmentSource;
  source_id: string | null;
  source_no: string | null;
  positive_value: string;
  negative_value: string;
  posting_id: string | null;
  created_by: string | null;
  created_by_name: string;
  created_time: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_time: Date | null;
  last_updated_time: Date;
}

/** A line as stored: quantities in `uom_name`, batches in `uom_name` too. */
export interface AdjustmentLineRecord {
  line_no: number;
  item_type: StockItemType;
  item_id: string;
  uom_name: string;
  adjustment_quantity: string;
  reason: AdjustmentReason;
  unit_cost: string | null;
  adjustment_value: string | null;
  remark: string;
  batches: { batch_id: string; quantity: string }[];
}

/** A FIFO layer of the ledger, as the adjustment needs it (stock_batch; unit cost per primary unit). */
export interface LedgerBatch {
  batch_id: string;
  item_type: StockItemType;
  item_id: string;
  location_id: string;
  remaining_quantity: string;
  unit_cost: string;
  received_at: Date;
}

export type NewAdjustment = Omit<
  AdjustmentRecord,
  'created_time' | 'last_updated_time' | 'submitted_time' | 'posting_id'
> & { submitted_time: Date | null };

const HEADER_COLUMNS = `id, doc_no, status, revision, location_id, to_char(value_date, 'YYYY-MM-DD') AS value_date,
  remark, source, source_id, source_no, positive_value::text AS positive_value, negative_value::text AS negative_value,
  posting_id, created_by, created_by_name, created_time, submitted_by, submitted_by_name, submitted_time,
  last_updated_time`;

/** A `date` column read by the driver is a local-midnight Date: back to the date it was. */
function isoDay(value: unknown): string {
  if (!(value instanceof Date)) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

@Injectable()
export class StockAdjustmentRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  async list(query: ListQuery, scope: LocationScope): Promise<ListResult<StockAdjustmentListRow>> {
    const page = await runListQuery<StockAdjustmentListRow>(
      this.dataSource.manager,
      STOCK_ADJUSTMENT_LIST,
      withLocationFilter(query),
      scope,
    );
    return {
      recordsTotal: page.recordsTotal,
      data: page.data.map((row) => ({
        ...row,
        ...(row.value_date !== undefined && { value_date: isoDay(row.value_date) }),
      })),
    };
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(
      this.dataSource.manager,
      STOCK_ADJUSTMENT_LIST,
      STOCK_ADJUSTMENT_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }

  /** The header; `lock` holds it until the transaction ends, so actions on one adjustment run one at a time. */
  async find(manager: EntityManager, id: string, lock = false): Promise<AdjustmentRecord | null> {
    const rows = await manager.query<AdjustmentRecord[]>(
      `SELECT ${HEADER_COLUMNS} FROM stock_adjustment WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findBySource(
    manager: EntityManager,
    source: AdjustmentSource,
    sourceId: string,
  ): Promise<AdjustmentRecord | null> {
    const rows = await manager.query<AdjustmentRecord[]>(
      `SELECT ${HEADER_COLUMNS} FROM stock_adjustment WHERE source = $1 AND source_id = $2
        ORDER BY created_time DESC LIMIT 1`,
      [source, sourceId],
    );
    return rows[0] ?? null;
  }

  async lines(manager: EntityManager, id: string): Promise<AdjustmentLineRecord[]> {
    const lines = await manager.query<Omit<AdjustmentLineRecord, 'batches'>[]>(
      `SELECT line_no, item_type, item_id, uom_name, adjustment_quantity::text AS adjustment_quantity, reason,
              unit_cost::text AS unit_cost, adjustment_value::text AS adjustment_value, remark
         FROM stock_adjustment_line WHERE adjustment_id = $1 ORDER BY line_no`,
      [id],
    );
    const batches = await manager.query<{ line_no: number; batch_id: string; quantity: string }[]>(
      `SELECT line_no, batch_id, quantity::text AS quantity FROM stock_adjustment_line_batch
        WHERE adjustment_id = $1 ORDER BY line_no, position`,
      [id],
    );
    return lines.map((line) => ({
      ...line,
      batches: batches
        .filter((batch) => batch.line_no === line.line_no)
        .map(({ batch_id, quantity }) => ({ batch_id, quantity })),
    }));
  }

  /**
   * Inserts a new adjustment. An automatic one whose source (transfer / WIP) has one already hits the partial
   * unique index: `false`, and nothing is written (ON CONFLICT DO NOTHING keeps the transaction usable).
   */
  async insert(manager: EntityManager, header: NewAdjustment, lines: AdjustmentLineRecord[]): Promise<boolean> {
    const conflict =
      header.source === 'transfer' || header.source === 'wip'
        ? ` ON CONFLICT (source, source_id) WHERE source IN ('transfer', 'wip') DO NOTHING`
        : '';
    const inserted = returnedRows<{ id: string }>(
      await manager.query(
        `INSERT INTO stock_adjustment (id, doc_no, status, revision, location_id, value_date, remark, source, source_id,
           source_no, positive_value, negative_value, created_by, created_by_name, submitted_by, submitted_by_name,
           submitted_time, last_updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $13)${conflict}
         RETURNING id`,
        [
          header.id,
          header.doc_no,
          header.status,
          header.revision,
          header.location_id,
          header.value_date,
          header.remark,
          header.source,
          header.source_id,
          header.source_no,
          header.positive_value,
          header.negative_value,
          header.created_by,
          header.created_by_name,
          header.submitted_by,
          header.submitted_by_name,
          header.submitted_time,
        ],
      ),
    );
    if (inserted.length === 0) return false;
    await this.insertLines(manager, header.id, lines);
    return true;
  }

  async replaceLines(manager: EntityManager, id: string, lines: AdjustmentLineRecord[]): Promise<void> {
    await manager.query(`DELETE FROM stock_adjustment_line WHERE adjustment_id = $1`, [id]);
    await this.insertLines(manager, id, lines);
  }

  /** Line values as last known: the batches' costs before posting, the ledger's movements once approved. */
  async setLineValues(manager: EntityManager, id: string, values: Map<number, string | null>): Promise<void> {
    for (const [lineNo, value] of values) {
      await manager.query(
        `UPDATE stock_adjustment_line SET adjustment_value = $3 WHERE adjustment_id = $1 AND line_no = $2`,
        [id, lineNo, value],
      );
    }
  }

  /**
   * Changes the header when it is still at `revision` and bumps the revision; `false` when someone else changed
   * it meanwhile (the caller answers DOCUMENT_STALE_REVISION).
   */
  async update(
    manager: EntityManager,
    id: string,
    revision: number,
    fields: Partial<Omit<AdjustmentRecord, 'id' | 'revision' | 'created_time' | 'last_updated_time'>> & {
      last_updated_by: string | null;
    },
  ): Promise<boolean> {
    const entries = Object.entries(fields);
    const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE stock_adjustment SET ${[...sets, 'revision = revision + 1', 'last_updated_time = now()'].join(', ')}
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [id, revision, ...entries.map(([, value]) => value)],
      ),
    );
    return rows.length === 1;
  }

  /** The ledger's layers by id (any remaining quantity). */
  async batches(manager: EntityManager, batchIds: readonly string[]): Promise<Map<string, LedgerBatch>> {
    if (batchIds.length === 0) return new Map();
    const rows = await manager.query<LedgerBatch[]>(
      `SELECT batch_id, item_type, item_id, location_id, remaining_quantity::text AS remaining_quantity,
              unit_cost::text AS unit_cost, received_at
         FROM stock_batch WHERE batch_id = ANY($1::uuid[])`,
      [[...new Set(batchIds)]],
    );
    return new Map(rows.map((row) => [row.batch_id, row]));
  }

  /**
   * On hand now (primary unit) of some items at a location, by `${item_type}:${item_id}` (absent: nothing ever
   * posted there): one read of the ledger's balances for a whole document's preview.
   */
  async onHand(
    manager: EntityManager,
    locationId: string,
    items: readonly { item_type: StockItemType; item_id: string }[],
  ): Promise<Map<string, string>> {
    if (items.length === 0) return new Map();
    const rows = await manager.query<{ item_type: string; item_id: string; on_hand: string }[]>(
      `SELECT b.item_type, b.item_id, b.on_hand::text AS on_hand
         FROM stock_balance b
         JOIN unnest($2::text[], $3::text[]) AS asked(item_type, item_id)
           ON b.item_type = asked.item_type AND b.item_id = asked.item_id
        WHERE b.location_id = $1`,
      [locationId, items.map((item) => item.item_type), items.map((item) => item.item_id)],
    );
    return new Map(rows.map((row) => [`${row.item_type}:${row.item_id}`, row.on_hand]));
  }

  /** The cost per primary unit of the item's newest layer at the location (any remaining), or null. */
  async lastBatchCost(
    manager: EntityManager,
    locationId: string,
    itemType: StockItemType,
    itemId: string,
  ): Promise<string | null> {
    const rows = await manager.query<{ unit_cost: string }[]>(
      `SELECT unit_cost::text AS unit_cost FROM stock_batch
        WHERE location_id = $1 AND item_type = $2 AND item_id = $3 ORDER BY seq DESC LIMIT 1`,
      [locationId, itemType, itemId],
    );
    return rows[0]?.unit_cost ?? null;
  }

  private async insertLines(manager: EntityManager, id: string, lines: AdjustmentLineRecord[]): Promise<void> {
    for (const line of lines) {
      await manager.query(
        `INSERT INTO stock_adjustment_line (adjustment_id, line_no, item_type, item_id, uom_name, adjustment_quantity,
           reason, unit_cost, adjustment_value, remark)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          line.line_no,
          line.item_type,
          line.item_id,
          line.uom_name,
          line.adjustment_quantity,
          line.reason,
          line.unit_cost,
          line.adjustment_value,
          line.remark,
        ],
      );
      for (const [position, batch] of line.batches.entries()) {
        await manager.query(
          `INSERT INTO stock_adjustment_line_batch (adjustment_id, line_no, position, batch_id, quantity)
           VALUES ($1, $2, $3, $4, $5)`,
          [id, line.line_no, position + 1, batch.batch_id, batch.quantity],
        );
      }
    }
  }
}
