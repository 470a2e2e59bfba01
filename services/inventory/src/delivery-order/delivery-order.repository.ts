import { Inject, Injectable } from '@nestjs/common';
import { DELIVERY_ORDER_STATUSES } from '@scm/contracts';
import type {
  DeliveryCourier,
  DeliveryOrderListRow,
  DeliveryOrderReleaseChoice,
  DeliveryOrderStatus,
  DeliveryType,
  DocumentStatusCount,
  ListQuery,
  StockItemType,
  TransferUrgency,
} from '@scm/contracts';
import { DATA_SOURCE, documentStatusCounts, returnedRows, runListQuery, withLocationFilter } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { DELIVERY_ORDER_LIST } from './delivery-order.list.js';

/** A delivery order's header as stored. */
export interface DeliveryOrderRecord {
  id: string;
  doc_no: string;
  status: DeliveryOrderStatus;
  revision: number;
  from_location_id: string;
  delivery_type: DeliveryType;
  to_location_id: string | null;
  customer_name: string;
  to_address: string;
  courier: DeliveryCourier | null;
  official_id: string;
  release_date: string;
  urgency: TransferUrgency;
  invoice_no: string;
  sar_ref_list: string[];
  stock_release_id: string | null;
  internal_remark: string;
  signature: string | null;
  signed_by: string | null;
  signed_by_name: string | null;
  signed_time: Date | null;
  return_reason: string | null;
  created_by: string | null;
  created_by_name: string;
  created_time: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_time: Date | null;
  last_updated_time: Date;
}

/** A line of the stock_release_list as stored: the quantity in `uom_name`. */
export interface DeliveryOrderLineRecord {
  line_no: number;
  item_type: StockItemType;
  item_id: string;
  uom_name: string;
  release_quantity: string;
  remark: string;
}

/** The header fields a user writes (create and edit). */
export type DeliveryOrderHeader = Pick<
  DeliveryOrderRecord,
  | 'delivery_type'
  | 'to_location_id'
  | 'customer_name'
  | 'to_address'
  | 'courier'
  | 'official_id'
  | 'release_date'
  | 'urgency'
  | 'invoice_no'
  | 'sar_ref_list'
  | 'stock_release_id'
  | 'internal_remark'
>;

export type NewDeliveryOrder = DeliveryOrderHeader &
  Pick<
    DeliveryOrderRecord,
    'id' | 'doc_no' | 'status' | 'revision' | 'from_location_id' | 'created_by' | 'created_by_name'
  >;

const HEADER_COLUMNS = `id, doc_no, status, revision, from_location_id, delivery_type, to_location_id, customer_name,
  to_address, courier, official_id, to_char(release_date, 'YYYY-MM-DD') AS release_date, urgency, invoice_no,
  sar_ref_list, stock_release_id, internal_remark, signature, signed_by, signed_by_name, signed_time, return_reason,
  created_by, created_by_name, created_time, submitted_by, submitted_by_name, submitted_time, last_updated_time`;

/** A `date` column read by the driver is a local-midnight Date: back to the date it was. */
function isoDay(value: unknown): string {
  if (!(value instanceof Date)) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * Stock releases that have left their source (approved and on): a DO may be made from one of them. Drafts, those
 * waiting for or refused approval, those whose goods went back, and a split release (its deliveries are) are not.
 */
const RELEASED_EXCLUDED = ['DRAFT', 'PENDING APPROVAL', 'REJECTED', 'CANCELLED', 'DENIED', 'RETURN', 'SPLIT'];

@Injectable()
export class DeliveryOrderRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  async list(query: ListQuery, scope: LocationScope): Promise<ListResult<DeliveryOrderListRow>> {
    const page = await runListQuery<DeliveryOrderListRow>(
      this.dataSource.manager,
      DELIVERY_ORDER_LIST,
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
      DELIVERY_ORDER_LIST,
      DELIVERY_ORDER_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }

  /** The header; `lock` holds it until the transaction ends, so actions on one DO run one at a time. */
  async find(manager: EntityManager, id: string, lock = false): Promise<DeliveryOrderRecord | null> {
    const rows = await manager.query<DeliveryOrderRecord[]>(
      `SELECT ${HEADER_COLUMNS} FROM delivery_order WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  lines(manager: EntityManager, id: string): Promise<DeliveryOrderLineRecord[]> {
    return manager.query<DeliveryOrderLineRecord[]>(
      `SELECT line_no, item_type, item_id, uom_name, release_quantity::text AS release_quantity, remark
         FROM delivery_order_line WHERE delivery_order_id = $1 ORDER BY line_no`,
      [id],
    );
  }

  async insert(manager: EntityManager, header: NewDeliveryOrder, lines: DeliveryOrderLineRecord[]): Promise<void> {
    await manager.query(
      `INSERT INTO delivery_order (id, doc_no, status, revision, from_location_id, delivery_type, to_location_id,
         customer_name, to_address, courier, official_id, release_date, urgency, invoice_no, sar_ref_list,
         stock_release_id, internal_remark, created_by, created_by_name, last_updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $18)`,
      [
        header.id,
        header.doc_no,
        header.status,
        header.revision,
        header.from_location_id,
        header.delivery_type,
        header.to_location_id,
        header.customer_name,
        header.to_address,
        header.courier,
        header.official_id,
        header.release_date,
        header.urgency,
        header.invoice_no,
        header.sar_ref_list,
        header.stock_release_id,
        header.internal_remark,
        header.created_by,
        header.created_by_name,
      ],
    );
    await this.insertLines(manager, header.id, lines);
  }

  async replaceLines(manager: EntityManager, id: string, lines: DeliveryOrderLineRecord[]): Promise<void> {
    await manager.query(`DELETE FROM delivery_order_line WHERE delivery_order_id = $1`, [id]);
    await this.insertLines(manager, id, lines);
  }

  /**
   * Changes the header when it is still at `revision` and bumps the revision; `false` when someone else changed
   * it meanwhile (the caller answers DOCUMENT_STALE_REVISION).
   */
  async update(
    manager: EntityManager,
    id: string,
    revision: number,
    fields: Partial<DeliveryOrderHeader> & { last_updated_by: string | null },
  ): Promise<boolean> {
    const entries = Object.entries(fields);
    const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE delivery_order SET ${[...sets, 'revision = revision + 1', 'last_updated_time = now()'].join(', ')}
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [id, revision, ...entries.map(([, value]) => value)],
      ),
    );
    return rows.length === 1;
  }

  /**
   * The stock releases of `fromLocationId` a DO may be made from (see RELEASED_EXCLUDED), newest first. Read from
   * the stock transfer's own table (this service's): the release itself is read by StockTransferRepository.
   */
  releaseChoices(fromLocationId: string): Promise<DeliveryOrderReleaseChoice[]> {
    return this.dataSource.manager.query<DeliveryOrderReleaseChoice[]>(
      `SELECT t.id, t.doc_no AS sr_no, t.status, t.to_location_id,
              CASE WHEN t.to_location_id IS NULL THEN NULL
                   ELSE COALESCE(l.location_name, t.to_location_id) END AS to_location_name,
              to_char(t.release_date, 'YYYY-MM-DD') AS release_date, t.urgency
         FROM stock_transfer t LEFT JOIN location_replica l ON l.location_id = t.to_location_id
        WHERE t.from_location_id = $1 AND NOT (t.status = ANY($2::text[]))
        ORDER BY t.release_date DESC, t.doc_no DESC
        LIMIT 200`,
      [fromLocationId, RELEASED_EXCLUDED],
    );
  }

  private async insertLines(manager: EntityManager, id: string, lines: DeliveryOrderLineRecord[]): Promise<void> {
    for (const line of lines) {
      await manager.query(
        `INSERT INTO delivery_order_line (delivery_order_id, line_no, item_type, item_id, uom_name, release_quantity,
           remark)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, line.line_no, line.item_type, line.item_id, line.uom_name, line.release_quantity, line.remark],
      );
    }
  }
}

/** Whether a stock release in `status` has left its source (a DO may be made from it). */
export function isReleased(status: string): boolean {
  return !RELEASED_EXCLUDED.includes(status);
}
