import { Inject, Injectable } from '@nestjs/common';
import type {
  AnyTransferStatus,
  ConsignmentItemState,
  DocumentStatusCount,
  ListQuery,
  StockItemType,
  StockReleaseRelative,
  StockTransferListRow,
  TransferRejectReason,
  TransferSource,
  TransferType,
  TransferUrgency,
} from '@scm/contracts';
import { STOCK_TRANSFER_ALL_STATUSES } from '@scm/contracts';
import { DATA_SOURCE, documentStatusCounts, returnedRows, runListQuery, withLocationFilter } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { STOCK_TRANSFER_LIST } from './stock-transfer.list.js';

/** A transfer's header as stored. `location_id` is the side the caller is in scope at (see findInScope). */
export interface TransferRecord {
  id: string;
  doc_no: string;
  status: AnyTransferStatus;
  revision: number;
  transfer_type: TransferType;
  from_location_id: string;
  /** INTERNAL: the destination; a release: null (it goes to `customer_id`). */
  to_location_id: string | null;
  customer_id: string | null;
  contact_no: string;
  contact_email: string;
  delivery_address: string;
  invoice_no: string;
  /** A delivery of a split release: the release it was split from. */
  parent_id: string | null;
  /** A consignment: the summary of its lines' item states once consigned out. */
  item_state: ConsignmentItemState | null;
  urgency: TransferUrgency;
  release_date: string;
  contact: string;
  remark: string;
  source: TransferSource;
  source_id: string | null;
  source_no: string | null;
  transfer_value: string;
  created_by: string | null;
  created_by_name: string;
  created_time: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_time: Date | null;
  received_by: string | null;
  received_by_name: string | null;
  received_time: Date | null;
  last_updated_time: Date;
}

/** A line as stored: quantities in `uom_name`. */
export interface TransferLineRecord {
  line_no: number;
  item_type: StockItemType;
  item_id: string;
  uom_name: string;
  release_quantity: string;
  received_quantity: string | null;
  rejected_quantity: string | null;
  reject_reason: TransferRejectReason | null;
  line_value: string | null;
  rejected_value: string | null;
  remark: string;
}

export type NewTransfer = Omit<
  TransferRecord,
  'created_time' | 'last_updated_time' | 'submitted_time' | 'received_by' | 'received_by_name' | 'received_time'
>;

const HEADER_COLUMNS = `id, doc_no, status, revision, transfer_type, from_location_id, to_location_id, customer_id,
  contact_no, contact_email, delivery_address, invoice_no, parent_id, item_state, urgency,
  to_char(release_date, 'YYYY-MM-DD') AS release_date, contact, remark, source, source_id, source_no,
  transfer_value::text AS transfer_value, created_by, created_by_name, created_time, submitted_by, submitted_by_name,
  submitted_time, received_by, received_by_name, received_time, last_updated_time`;

/** A `date` column read by the driver is a local-midnight Date: back to the date it was. */
function isoDay(value: unknown): string {
  if (!(value instanceof Date)) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

@Injectable()
export class StockTransferRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  async list(query: ListQuery, scope: LocationScope): Promise<ListResult<StockTransferListRow>> {
    const page = await runListQuery<StockTransferListRow>(
      this.dataSource.manager,
      STOCK_TRANSFER_LIST,
      withLocationFilter(query),
      scope,
    );
    return {
      recordsTotal: page.recordsTotal,
      data: page.data.map((row) => ({
        ...row,
        ...(row.release_date !== undefined && { release_date: isoDay(row.release_date) }),
      })),
    };
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(
      this.dataSource.manager,
      STOCK_TRANSFER_LIST,
      STOCK_TRANSFER_ALL_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }

  /** The header; `lock` holds it until the transaction ends, so actions on one transfer run one at a time. */
  async find(manager: EntityManager, id: string, lock = false): Promise<TransferRecord | null> {
    const rows = await manager.query<TransferRecord[]>(
      `SELECT ${HEADER_COLUMNS} FROM stock_transfer WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async lines(manager: EntityManager, id: string): Promise<TransferLineRecord[]> {
    return manager.query<TransferLineRecord[]>(
      `SELECT line_no, item_type, item_id, uom_name, release_quantity::text AS release_quantity,
              received_quantity::text AS received_quantity, rejected_quantity::text AS rejected_quantity,
              reject_reason, line_value::text AS line_value, rejected_value::text AS rejected_value, remark
         FROM stock_transfer_line WHERE transfer_id = $1 ORDER BY line_no`,
      [id],
    );
  }

  /**
   * Inserts a new transfer. One made for a store order that has one already hits the partial unique index:
   * `false`, nothing written (ON CONFLICT DO NOTHING keeps the transaction usable).
   */
  async insert(manager: EntityManager, header: NewTransfer, lines: TransferLineRecord[]): Promise<boolean> {
    const conflict =
      header.source === 'store_order' ? ` ON CONFLICT (source_id) WHERE source = 'store_order' DO NOTHING` : '';
    const inserted = returnedRows<{ id: string }>(
      await manager.query(
        `INSERT INTO stock_transfer (id, doc_no, status, revision, from_location_id, to_location_id, urgency,
           release_date, contact, remark, source, source_id, source_no, transfer_value, created_by, created_by_name,
           submitted_by, submitted_by_name, last_updated_by, transfer_type, customer_id, contact_no, contact_email,
           delivery_address, invoice_no, parent_id, item_state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $15, $19, $20, $21,
           $22, $23, $24, $25, $26)${conflict}
         RETURNING id`,
        [
          header.id,
          header.doc_no,
          header.status,
          header.revision,
          header.from_location_id,
          header.to_location_id,
          header.urgency,
          header.release_date,
          header.contact,
          header.remark,
          header.source,
          header.source_id,
          header.source_no,
          header.transfer_value,
          header.created_by,
          header.created_by_name,
          header.submitted_by,
          header.submitted_by_name,
          header.transfer_type,
          header.customer_id,
          header.contact_no,
          header.contact_email,
          header.delivery_address,
          header.invoice_no,
          header.parent_id,
          header.item_state,
        ],
      ),
    );
    if (inserted.length === 0) return false;
    await this.insertLines(manager, header.id, lines);
    return true;
  }

  async replaceLines(manager: EntityManager, id: string, lines: TransferLineRecord[]): Promise<void> {
    await manager.query(`DELETE FROM stock_transfer_line WHERE transfer_id = $1`, [id]);
    await this.insertLines(manager, id, lines);
  }

  /** Sets some fields of the lines (by line number): values once dispatched, the receipt once received. */
  async setLines(
    manager: EntityManager,
    id: string,
    changes: readonly (Pick<TransferLineRecord, 'line_no'> & Partial<TransferLineRecord>)[],
  ): Promise<void> {
    for (const { line_no, ...fields } of changes) {
      const entries = Object.entries(fields);
      if (entries.length === 0) continue;
      await manager.query(
        `UPDATE stock_transfer_line SET ${entries.map(([column], index) => `${column} = $${index + 3}`).join(', ')}
          WHERE transfer_id = $1 AND line_no = $2`,
        [id, line_no, ...entries.map(([, value]) => value)],
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
    fields: Partial<Omit<TransferRecord, 'id' | 'revision' | 'created_time' | 'last_updated_time'>> & {
      last_updated_by: string | null;
      dispatch_posting_id?: string;
      arrival_posting_id?: string;
    },
  ): Promise<boolean> {
    const entries = Object.entries(fields);
    const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE stock_transfer SET ${[...sets, 'revision = revision + 1', 'last_updated_time = now()'].join(', ')}
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [id, revision, ...entries.map(([, value]) => value)],
      ),
    );
    return rows.length === 1;
  }

  /** On hand and stock value now (primary unit) of some items at a location, by `${item_type}:${item_id}`. */
  async balances(
    manager: EntityManager,
    locationId: string,
    items: readonly { item_type: StockItemType; item_id: string }[],
  ): Promise<Map<string, { on_hand: string; stock_value: string }>> {
    if (items.length === 0) return new Map();
    const rows = await manager.query<{ item_type: string; item_id: string; on_hand: string; stock_value: string }[]>(
      `SELECT b.item_type, b.item_id, b.on_hand::text AS on_hand, b.stock_value::text AS stock_value
         FROM stock_balance b
         JOIN unnest($2::text[], $3::text[]) AS asked(item_type, item_id)
           ON b.item_type = asked.item_type AND b.item_id = asked.item_id
        WHERE b.location_id = $1`,
      [locationId, items.map((item) => item.item_type), items.map((item) => item.item_id)],
    );
    return new Map(rows.map((row) => [`${row.item_type}:${row.item_id}`, row]));
  }

  /** Every active location but `fromLocationId`, by name: where a transfer from it may go. */
  async destinations(fromLocationId: string): Promise<{ location_id: string; location_name: string }[]> {
    return this.dataSource.manager.query(
      `SELECT location_id, location_name FROM location_replica
        WHERE location_id <> $1 AND NOT deleted AND status <> 'archived'
        ORDER BY location_name, location_id`,
      [fromLocationId],
    );
  }

  /** The deliveries a release was split into, in number order. */
  async children(manager: EntityManager, id: string): Promise<StockReleaseRelative[]> {
    return manager.query<StockReleaseRelative[]>(
      `SELECT id, doc_no, status FROM stock_transfer WHERE parent_id = $1 ORDER BY doc_no`,
      [id],
    );
  }

  async relative(manager: EntityManager, id: string): Promise<StockReleaseRelative | null> {
    const rows = await manager.query<StockReleaseRelative[]>(
      `SELECT id, doc_no, status FROM stock_transfer WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The FIFO layers a posting received at a location, by line (oldest first) and what is left in each. */
  async postedBatches(
    manager: EntityManager,
    postingId: string,
  ): Promise<{ batch_id: string; line_no: number; remaining_quantity: string }[]> {
    return manager.query(
      `SELECT batch_id, line_no, remaining_quantity::text AS remaining_quantity FROM stock_batch
        WHERE posting_id = $1 ORDER BY seq`,
      [postingId],
    );
  }

  /** The automatic adjustment made for the transfer's rejects, if any. */
  async adjustmentOf(manager: EntityManager, id: string): Promise<{ id: string; doc_no: string } | null> {
    const rows = await manager.query<{ id: string; doc_no: string }[]>(
      `SELECT id, doc_no FROM stock_adjustment WHERE source = 'transfer' AND source_id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  private async insertLines(manager: EntityManager, id: string, lines: TransferLineRecord[]): Promise<void> {
    for (const line of lines) {
      await manager.query(
        `INSERT INTO stock_transfer_line (transfer_id, line_no, item_type, item_id, uom_name, release_quantity,
           received_quantity, rejected_quantity, reject_reason, line_value, rejected_value, remark)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          id,
          line.line_no,
          line.item_type,
          line.item_id,
          line.uom_name,
          line.release_quantity,
          line.received_quantity,
          line.rejected_quantity,
          line.reject_reason,
          line.line_value,
          line.rejected_value,
          line.remark,
        ],
      );
    }
  }
}
