import { Inject, Injectable } from '@nestjs/common';
import type {
  DocumentStatusCount,
  ListQuery,
  PurchaseOrderReceipt,
  PurchaseStockType,
  ReceivingLineKind,
  ReceivingOrderListRow,
  ReceivingOrderStatus,
} from '@scm/contracts';
import { RECEIVING_ORDER_STATUSES } from '@scm/contracts';
import { DATA_SOURCE, documentStatusCounts, returnedRows, runListQuery, withLocationFilter } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { RECEIVING_ORDER_LIST } from './receiving-order.list.js';

/** A receiving order's header as stored (amounts in the native currency, total_usd converted). */
export interface ReceivingOrderRecord {
  id: string;
  doc_no: string;
  status: ReceivingOrderStatus;
  revision: number;
  location_id: string;
  purchase_order_id: string | null;
  supplier_id: string;
  delivery_order_no: string;
  receive_time: Date;
  stock_type: PurchaseStockType;
  currency: string;
  exchange_rate: string;
  is_gms: boolean;
  subtotal_amount: string;
  tax_amount: string;
  shipping_amount: string;
  total_amount: string;
  total_usd: string;
  remark: string;
  created_by: string | null;
  created_by_name: string;
  created_time: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_time: Date | null;
  last_updated_time: Date;
}

/** A line as stored: `quantity` in `uom_name`; `po_quantity` the same in the PO line's unit (receive lines). */
export interface ReceivingOrderLineRecord {
  line_no: number;
  kind: ReceivingLineKind;
  po_line_no: number | null;
  sku_id: string;
  uom_name: string;
  quantity: string;
  po_quantity: string | null;
  unit_price: string;
  line_subtotal: string;
  reason: string | null;
  remark: string;
}

export type NewReceivingOrder = Omit<
  ReceivingOrderRecord,
  'created_time' | 'last_updated_time' | 'receive_time' | 'submitted_time'
> & { receive_time: string; submitted_time: null };

type HeaderFields = Partial<
  Omit<ReceivingOrderRecord, 'id' | 'revision' | 'created_time' | 'last_updated_time' | 'receive_time'>
> & { receive_time?: string; last_updated_by: string | null };

const HEADER_COLUMNS = `id, doc_no, status, revision, location_id, purchase_order_id, supplier_id, delivery_order_no,
  receive_time, stock_type, currency, exchange_rate::text AS exchange_rate, is_gms,
  subtotal_amount::text AS subtotal_amount, tax_amount::text AS tax_amount, shipping_amount::text AS shipping_amount,
  total_amount::text AS total_amount, total_usd::text AS total_usd, remark, created_by, created_by_name,
  created_time, submitted_by, submitted_by_name, submitted_time, last_updated_time`;

const INSERT_COLUMNS = [
  'id',
  'doc_no',
  'status',
  'revision',
  'location_id',
  'purchase_order_id',
  'supplier_id',
  'delivery_order_no',
  'receive_time',
  'stock_type',
  'currency',
  'exchange_rate',
  'is_gms',
  'subtotal_amount',
  'tax_amount',
  'shipping_amount',
  'total_amount',
  'total_usd',
  'remark',
  'created_by',
  'created_by_name',
  'submitted_by',
  'submitted_by_name',
  'submitted_time',
] as const;

@Injectable()
export class ReceivingOrderRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  list(query: ListQuery, scope: LocationScope): Promise<ListResult<ReceivingOrderListRow>> {
    return runListQuery<ReceivingOrderListRow>(
      this.dataSource.manager,
      RECEIVING_ORDER_LIST,
      withLocationFilter(query),
      scope,
    );
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(
      this.dataSource.manager,
      RECEIVING_ORDER_LIST,
      RECEIVING_ORDER_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }

  async find(manager: EntityManager, id: string, lock = false): Promise<ReceivingOrderRecord | null> {
    const rows = await manager.query<ReceivingOrderRecord[]>(
      `SELECT ${HEADER_COLUMNS} FROM receiving_order WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  lines(manager: EntityManager, id: string): Promise<ReceivingOrderLineRecord[]> {
    return manager.query<ReceivingOrderLineRecord[]>(
      `SELECT line_no, kind, po_line_no, sku_id, uom_name, quantity::text AS quantity, po_quantity::text AS po_quantity,
              unit_price::text AS unit_price, line_subtotal::text AS line_subtotal, reason, remark
         FROM receiving_order_line WHERE receiving_order_id = $1 ORDER BY line_no`,
      [id],
    );
  }

  /** The receiving orders of a PO (any status), oldest first. */
  byPurchaseOrder(manager: EntityManager, purchaseOrderId: string): Promise<PurchaseOrderReceipt[]> {
    return manager.query<PurchaseOrderReceipt[]>(
      `SELECT id, doc_no, status, to_char(receive_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS receive_time
         FROM receiving_order WHERE purchase_order_id = $1 ORDER BY created_time, doc_no`,
      [purchaseOrderId],
    );
  }

  /** What the RECEIVED receiving orders of a PO took of each of its lines, in the line's unit (others than `except`). */
  async receivedByPoLine(
    manager: EntityManager,
    purchaseOrderId: string,
    except?: string,
  ): Promise<Map<number, string>> {
    const rows = await manager.query<{ po_line_no: number; received: string }[]>(
      `SELECT x.po_line_no, sum(x.po_quantity)::text AS received
         FROM receiving_order_line x JOIN receiving_order r ON r.id = x.receiving_order_id
        WHERE r.purchase_order_id = $1 AND r.status = 'RECEIVED' AND x.kind = 'receive' AND r.id <> $2
        GROUP BY x.po_line_no`,
      [purchaseOrderId, except ?? '00000000-0000-0000-0000-000000000000'],
    );
    return new Map(rows.map((row) => [row.po_line_no, row.received]));
  }

  /** The over-receipt tolerance in percent (procurement's settings; 0 when never set). */
  async overReceiptTolerance(manager: EntityManager): Promise<string> {
    const [row] = await manager.query<{ tolerance: string }[]>(
      `SELECT over_receipt_tolerance_percent::text AS tolerance FROM procurement_setting WHERE setting_id = 'procurement'`,
    );
    return row?.tolerance ?? '0';
  }

  async setOverReceiptTolerance(manager: EntityManager, tolerance: string): Promise<void> {
    await manager.query(
      `INSERT INTO procurement_setting (setting_id, over_receipt_tolerance_percent) VALUES ('procurement', $1)
       ON CONFLICT (setting_id) DO UPDATE SET over_receipt_tolerance_percent = EXCLUDED.over_receipt_tolerance_percent`,
      [tolerance],
    );
  }

  async insert(manager: EntityManager, header: NewReceivingOrder, lines: ReceivingOrderLineRecord[]): Promise<void> {
    await manager.query(
      `INSERT INTO receiving_order (${INSERT_COLUMNS.join(', ')}, last_updated_by)
       VALUES (${INSERT_COLUMNS.map((_, index) => `$${index + 1}`).join(', ')}, $${INSERT_COLUMNS.indexOf('created_by') + 1})`,
      INSERT_COLUMNS.map((column) => header[column]),
    );
    await this.insertLines(manager, header.id, lines);
  }

  async replaceLines(manager: EntityManager, id: string, lines: ReceivingOrderLineRecord[]): Promise<void> {
    await manager.query(`DELETE FROM receiving_order_line WHERE receiving_order_id = $1`, [id]);
    await this.insertLines(manager, id, lines);
  }

  /** The conditional update of the kit: `false` when the revision moved meanwhile. */
  async update(manager: EntityManager, id: string, revision: number, fields: HeaderFields): Promise<boolean> {
    const entries = Object.entries(fields);
    const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE receiving_order SET ${[...sets, 'revision = revision + 1', 'last_updated_time = now()'].join(', ')}
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [id, revision, ...entries.map(([, value]) => value)],
      ),
    );
    return rows.length === 1;
  }

  private async insertLines(manager: EntityManager, id: string, lines: ReceivingOrderLineRecord[]): Promise<void> {
    if (lines.length === 0) return;
    await manager.query(
      `INSERT INTO receiving_order_line (receiving_order_id, line_no, kind, po_line_no, sku_id, uom_name, quantity,
         po_quantity, unit_price, line_subtotal, reason, remark)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::numeric[],
         $8::numeric[], $9::numeric[], $10::numeric[], $11::text[], $12::text[])`,
      [
        id,
        lines.map((line) => line.line_no),
        lines.map((line) => line.kind),
        lines.map((line) => line.po_line_no),
        lines.map((line) => line.sku_id),
        lines.map((line) => line.uom_name),
        lines.map((line) => line.quantity),
        lines.map((line) => line.po_quantity),
        lines.map((line) => line.unit_price),
        lines.map((line) => line.line_subtotal),
        lines.map((line) => line.reason),
        lines.map((line) => line.remark),
      ],
    );
  }
}
