import { Inject, Injectable } from '@nestjs/common';
import type {
  DocumentStatusCount,
  ListQuery,
  PurchaseOrderListRow,
  PurchaseOrderStatus,
  PurchaseOrderType,
  PurchaseStockType,
} from '@scm/contracts';
import { PURCHASE_ORDER_STATUSES } from '@scm/contracts';
import { DATA_SOURCE, documentStatusCounts, returnedRows, runListQuery, withLocationFilter } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PURCHASE_ORDER_LIST } from './purchase-order.list.js';

/** The amounts of a PO (native currency, 2 decimals) and its value in USD. */
export interface PurchaseOrderTotals {
  subtotal_amount: string;
  gst_amount: string;
  total_amount: string;
  total_usd: string;
}

/** A purchase order's header as stored. */
export interface PurchaseOrderRecord extends PurchaseOrderTotals {
  id: string;
  doc_no: string;
  status: PurchaseOrderStatus;
  revision: number;
  location_id: string;
  supplier_id: string;
  purchase_date: string;
  delivery_time: Date;
  order_type: PurchaseOrderType;
  stock_type: PurchaseStockType;
  currency: string;
  exchange_rate: string;
  gst_price_type: 'inclusive' | 'exclusive';
  gst_rate: string;
  minimum_order_value: string;
  internal_remark: string;
  external_remark: string;
  /** The store order this PO was split from (null: typed by a buyer). */
  store_order_id: string | null;
  store_order_no: string | null;
  created_by: string | null;
  created_by_name: string;
  created_time: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_time: Date | null;
  last_updated_time: Date;
}

/** A line as stored: quantity in the purchasing unit `uom_name`, price per that unit in the native currency. */
export interface PurchaseOrderLineRecord {
  line_no: number;
  sku_id: string;
  uom_name: string;
  quantity: string;
  unit_price: string;
  line_subtotal: string;
  remark: string;
}

export type NewPurchaseOrder = Omit<PurchaseOrderRecord, 'created_time' | 'last_updated_time' | 'delivery_time'> & {
  delivery_time: string;
};

type HeaderFields = Partial<
  Omit<PurchaseOrderRecord, 'id' | 'revision' | 'created_time' | 'last_updated_time' | 'delivery_time'>
> & { delivery_time?: string; last_updated_by: string | null };

const HEADER_COLUMNS = `id, doc_no, status, revision, location_id, supplier_id,
  to_char(purchase_date, 'YYYY-MM-DD') AS purchase_date, delivery_time, order_type, stock_type, currency,
  exchange_rate::text AS exchange_rate, gst_price_type, gst_rate::text AS gst_rate,
  subtotal_amount::text AS subtotal_amount, gst_amount::text AS gst_amount, total_amount::text AS total_amount,
  total_usd::text AS total_usd, minimum_order_value::text AS minimum_order_value, internal_remark, external_remark,
  store_order_id, store_order_no, created_by, created_by_name, created_time, submitted_by, submitted_by_name, submitted_time, last_updated_time`;

const INSERT_COLUMNS = [
  'id',
  'doc_no',
  'status',
  'revision',
  'location_id',
  'supplier_id',
  'purchase_date',
  'delivery_time',
  'order_type',
  'stock_type',
  'currency',
  'exchange_rate',
  'gst_price_type',
  'gst_rate',
  'subtotal_amount',
  'gst_amount',
  'total_amount',
  'total_usd',
  'minimum_order_value',
  'internal_remark',
  'external_remark',
  'store_order_id',
  'store_order_no',
  'created_by',
  'created_by_name',
  'submitted_by',
  'submitted_by_name',
  'submitted_time',
] as const;

/** A `date` column read by the driver is a local-midnight Date: back to the date it was. */
function isoDay(value: unknown): string {
  if (!(value instanceof Date)) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

@Injectable()
export class PurchaseOrderRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  async list(query: ListQuery, scope: LocationScope): Promise<ListResult<PurchaseOrderListRow>> {
    const page = await runListQuery<PurchaseOrderListRow>(
      this.dataSource.manager,
      PURCHASE_ORDER_LIST,
      withLocationFilter(query),
      scope,
    );
    return {
      recordsTotal: page.recordsTotal,
      data: page.data.map((row) => ({
        ...row,
        ...(row.purchase_date !== undefined && { purchase_date: isoDay(row.purchase_date) }),
      })),
    };
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(
      this.dataSource.manager,
      PURCHASE_ORDER_LIST,
      PURCHASE_ORDER_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }

  /** The header; `lock` holds it until the transaction ends, so actions on one PO run one at a time. */
  async find(manager: EntityManager, id: string, lock = false): Promise<PurchaseOrderRecord | null> {
    const rows = await manager.query<PurchaseOrderRecord[]>(
      `SELECT ${HEADER_COLUMNS} FROM purchase_order WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  lines(manager: EntityManager, id: string): Promise<PurchaseOrderLineRecord[]> {
    return manager.query<PurchaseOrderLineRecord[]>(
      `SELECT line_no, sku_id, uom_name, quantity::text AS quantity, unit_price::text AS unit_price,
              line_subtotal::text AS line_subtotal, remark
         FROM purchase_order_line WHERE purchase_order_id = $1 ORDER BY line_no`,
      [id],
    );
  }

  /** What the supplier said it can deliver of each line when it confirmed (lines it gave no quantity for: none). */
  async supplierAvailable(manager: EntityManager, id: string): Promise<Map<number, string>> {
    const rows = await manager.query<{ line_no: number; available: string }[]>(
      `SELECT line_no, supplier_available_quantity::text AS available
         FROM purchase_order_line WHERE purchase_order_id = $1 AND supplier_available_quantity IS NOT NULL`,
      [id],
    );
    return new Map(rows.map((row) => [row.line_no, row.available]));
  }

  async insert(manager: EntityManager, header: NewPurchaseOrder, lines: PurchaseOrderLineRecord[]): Promise<void> {
    await manager.query(
      `INSERT INTO purchase_order (${INSERT_COLUMNS.join(', ')}, last_updated_by)
       VALUES (${INSERT_COLUMNS.map((_, index) => `$${index + 1}`).join(', ')}, $${INSERT_COLUMNS.indexOf('created_by') + 1})`,
      INSERT_COLUMNS.map((column) => header[column]),
    );
    await this.insertLines(manager, header.id, lines);
  }

  async replaceLines(manager: EntityManager, id: string, lines: PurchaseOrderLineRecord[]): Promise<void> {
    await manager.query(`DELETE FROM purchase_order_line WHERE purchase_order_id = $1`, [id]);
    await this.insertLines(manager, id, lines);
  }

  /**
   * Changes the header when it is still at `revision` and bumps the revision; `false` when someone else changed
   * it meanwhile (the caller answers DOCUMENT_STALE_REVISION).
   */
  async update(manager: EntityManager, id: string, revision: number, fields: HeaderFields): Promise<boolean> {
    const entries = Object.entries(fields);
    const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE purchase_order SET ${[...sets, 'revision = revision + 1', 'last_updated_time = now()'].join(', ')}
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [id, revision, ...entries.map(([, value]) => value)],
      ),
    );
    return rows.length === 1;
  }

  private async insertLines(manager: EntityManager, id: string, lines: PurchaseOrderLineRecord[]): Promise<void> {
    if (lines.length === 0) return;
    await manager.query(
      `INSERT INTO purchase_order_line (purchase_order_id, line_no, sku_id, uom_name, quantity, unit_price,
         line_subtotal, remark)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[],
         $8::text[])`,
      [
        id,
        lines.map((line) => line.line_no),
        lines.map((line) => line.sku_id),
        lines.map((line) => line.uom_name),
        lines.map((line) => line.quantity),
        lines.map((line) => line.unit_price),
        lines.map((line) => line.line_subtotal),
        lines.map((line) => line.remark),
      ],
    );
  }
}
