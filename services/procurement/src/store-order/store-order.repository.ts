import { Inject, Injectable } from '@nestjs/common';
import { STORE_ORDER_STATUSES } from '@scm/contracts';
import type {
  DocumentStatusCount,
  ListQuery,
  PurchaseOrderStatus,
  StoreOrderListRow,
  StoreOrderParLevelRow,
  StoreOrderSource,
  StoreOrderStatus,
  StoreOrderType,
} from '@scm/contracts';
import { DATA_SOURCE, documentStatusCounts, returnedRows, runListQuery, withLocationFilter } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { STORE_ORDER_LIST, STORE_ORDER_PAR_LEVEL_LIST } from './store-order.list.js';

/** A store order's header as stored. */
export interface StoreOrderRecord {
  id: string;
  doc_no: string;
  status: StoreOrderStatus;
  revision: number;
  location_id: string;
  delivery_time: Date;
  order_type: StoreOrderType;
  internal_remark: string;
  supplier_remark: string;
  transfer_from_location_id: string | null;
  transfer_line_count: number | null;
  transfer_requested_time: Date | null;
  created_by: string | null;
  created_by_name: string;
  created_time: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_time: Date | null;
  last_updated_time: Date;
}

/** A line as stored: `supplier_id` resolved (the default supplier filled in) for a supplier line. */
export interface StoreOrderLineRecord {
  line_no: number;
  sku_id: string;
  uom_name: string;
  quantity: string;
  source: StoreOrderSource;
  supplier_id: string | null;
  remark: string;
}

export type NewStoreOrder = Pick<
  StoreOrderRecord,
  | 'id'
  | 'doc_no'
  | 'status'
  | 'revision'
  | 'location_id'
  | 'order_type'
  | 'internal_remark'
  | 'supplier_remark'
  | 'created_by'
  | 'created_by_name'
> & { delivery_time: string };

type HeaderFields = Partial<
  Omit<StoreOrderRecord, 'id' | 'revision' | 'created_time' | 'last_updated_time' | 'delivery_time'>
> & { delivery_time?: string; last_updated_by: string | null };

const HEADER_COLUMNS = `id, doc_no, status, revision, location_id, delivery_time, order_type, internal_remark,
  supplier_remark, transfer_from_location_id, transfer_line_count, transfer_requested_time, created_by,
  created_by_name, created_time, submitted_by, submitted_by_name, submitted_time, last_updated_time`;

/** A PO split from a store order, as the store order's page lists it. */
export interface SplitPurchaseOrderRow {
  id: string;
  doc_no: string;
  supplier_id: string;
  supplier_name: string;
  status: PurchaseOrderStatus;
}

@Injectable()
export class StoreOrderRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  list(query: ListQuery, scope: LocationScope): Promise<ListResult<StoreOrderListRow>> {
    return runListQuery<StoreOrderListRow>(this.dataSource.manager, STORE_ORDER_LIST, withLocationFilter(query), scope);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(
      this.dataSource.manager,
      STORE_ORDER_LIST,
      STORE_ORDER_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }

  /** The header; `lock` holds it until the transaction ends, so a submission runs once. */
  async find(manager: EntityManager, id: string, lock = false): Promise<StoreOrderRecord | null> {
    const rows = await manager.query<StoreOrderRecord[]>(
      `SELECT ${HEADER_COLUMNS} FROM store_order WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  lines(manager: EntityManager, id: string): Promise<StoreOrderLineRecord[]> {
    return manager.query<StoreOrderLineRecord[]>(
      `SELECT line_no, sku_id, uom_name, quantity::text AS quantity, source, supplier_id, remark
         FROM store_order_line WHERE store_order_id = $1 ORDER BY line_no`,
      [id],
    );
  }

  async insert(manager: EntityManager, header: NewStoreOrder, lines: StoreOrderLineRecord[]): Promise<void> {
    await manager.query(
      `INSERT INTO store_order (id, doc_no, status, revision, location_id, delivery_time, order_type, internal_remark,
         supplier_remark, created_by, created_by_name, last_updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10)`,
      [
        header.id,
        header.doc_no,
        header.status,
        header.revision,
        header.location_id,
        header.delivery_time,
        header.order_type,
        header.internal_remark,
        header.supplier_remark,
        header.created_by,
        header.created_by_name,
      ],
    );
    await this.insertLines(manager, header.id, lines);
  }

  async replaceLines(manager: EntityManager, id: string, lines: StoreOrderLineRecord[]): Promise<void> {
    await manager.query(`DELETE FROM store_order_line WHERE store_order_id = $1`, [id]);
    await this.insertLines(manager, id, lines);
  }

  /** Changes the header when it is still at `revision` and bumps the revision; `false` when someone else did. */
  async update(manager: EntityManager, id: string, revision: number, fields: HeaderFields): Promise<boolean> {
    const entries = Object.entries(fields);
    const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE store_order SET ${[...sets, 'revision = revision + 1', 'last_updated_time = now()'].join(', ')}
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [id, revision, ...entries.map(([, value]) => value)],
      ),
    );
    return rows.length === 1;
  }

  /** The POs split from the store order (the PO's `store_order_id`), in their number's order. */
  purchaseOrders(manager: EntityManager, id: string): Promise<SplitPurchaseOrderRow[]> {
    return manager.query<SplitPurchaseOrderRow[]>(
      `SELECT p.id, p.doc_no, p.supplier_id, COALESCE(s.company_name, p.supplier_id) AS supplier_name, p.status
         FROM purchase_order p LEFT JOIN supplier_replica s ON s.supplier_id = p.supplier_id
        WHERE p.store_order_id = $1 ORDER BY p.doc_no`,
      [id],
    );
  }

  // --- par levels -------------------------------------------------------------------------------------------

  listParLevels(query: ListQuery, scope: LocationScope): Promise<ListResult<StoreOrderParLevelRow>> {
    return runListQuery<StoreOrderParLevelRow>(
      this.dataSource.manager,
      STORE_ORDER_PAR_LEVEL_LIST,
      withLocationFilter(query),
      scope,
    );
  }

  async parLevels(manager: EntityManager, locationId: string, skuIds: readonly string[]): Promise<Map<string, string>> {
    if (skuIds.length === 0) return new Map();
    const rows = await manager.query<{ sku_id: string; par_level: string }[]>(
      `SELECT sku_id, par_level::text AS par_level FROM store_order_par_level
        WHERE location_id = $1 AND sku_id = ANY($2::text[])`,
      [locationId, [...new Set(skuIds)]],
    );
    return new Map(rows.map((row) => [row.sku_id, row.par_level]));
  }

  /** Sets a par level; 0 removes it (no par level: nothing is suggested). */
  async setParLevel(
    manager: EntityManager,
    row: { location_id: string; sku_id: string; par_level: string },
    actor: { id: string; name: string },
  ): Promise<void> {
    if (Number(row.par_level) === 0) {
      await manager.query(`DELETE FROM store_order_par_level WHERE location_id = $1 AND sku_id = $2`, [
        row.location_id,
        row.sku_id,
      ]);
      return;
    }
    await manager.query(
      `INSERT INTO store_order_par_level (location_id, sku_id, par_level, last_updated_by, last_updated_by_name)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (location_id, sku_id) DO UPDATE SET par_level = EXCLUDED.par_level,
         last_updated_by = EXCLUDED.last_updated_by, last_updated_by_name = EXCLUDED.last_updated_by_name,
         last_updated_time = now()`,
      [row.location_id, row.sku_id, row.par_level, actor.id, actor.name],
    );
  }

  // --- stock (procurement's replica of the ledger's postings) ----------------------------------------------

  /** On hand of SKUs at a location (primary unit): the sum of every posted line. */
  async onHand(manager: EntityManager, locationId: string, skuIds: readonly string[]): Promise<Map<string, string>> {
    if (skuIds.length === 0) return new Map();
    const rows = await manager.query<{ item_id: string; on_hand: string }[]>(
      `SELECT item_id, sum(quantity)::text AS on_hand FROM stock_posting_replica
        WHERE item_type = 'sku' AND location_id = $1 AND item_id = ANY($2::text[])
        GROUP BY item_id`,
      [locationId, [...new Set(skuIds)]],
    );
    return new Map(rows.map((row) => [row.item_id, row.on_hand]));
  }

  /**
   * Usage of SKUs at a location from `fromDay` to `toDay` (inclusive, YYYY-MM-DD), primary unit, positive: every
   * issue but transfers out (SR: the stock moves, it is not used) and returns to suppliers (GR).
   */
  async usage(
    manager: EntityManager,
    locationId: string,
    skuIds: readonly string[],
    fromDay: string,
    toDay: string,
  ): Promise<Map<string, string>> {
    if (skuIds.length === 0) return new Map();
    const rows = await manager.query<{ item_id: string; used: string }[]>(
      `SELECT item_id, (-sum(quantity))::text AS used FROM stock_posting_replica
        WHERE item_type = 'sku' AND location_id = $1 AND item_id = ANY($2::text[]) AND quantity < 0
          AND document_type NOT IN ('SR', 'GR') AND value_date BETWEEN $3::date AND $4::date
        GROUP BY item_id`,
      [locationId, [...new Set(skuIds)], fromDay, toDay],
    );
    return new Map(rows.map((row) => [row.item_id, row.used]));
  }

  // --- settings and categories ------------------------------------------------------------------------------

  async centralKitchen(manager: EntityManager): Promise<string | null> {
    const [row] = await manager.query<{ id: string | null }[]>(
      `SELECT central_kitchen_location_id AS id FROM procurement_setting WHERE setting_id = 'procurement'`,
    );
    return row?.id ?? null;
  }

  async setCentralKitchen(manager: EntityManager, locationId: string | null): Promise<void> {
    await manager.query(
      `INSERT INTO procurement_setting (setting_id, central_kitchen_location_id) VALUES ('procurement', $1)
       ON CONFLICT (setting_id) DO UPDATE SET central_kitchen_location_id = EXCLUDED.central_kitchen_location_id`,
      [locationId],
    );
  }

  async categoryNames(manager: EntityManager, ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const known = [...new Set(ids.filter((id): id is string => id !== null))];
    if (known.length === 0) return new Map();
    const rows = await manager.query<{ category_id: string; category_name: string }[]>(
      `SELECT category_id, category_name FROM sku_category_replica
        WHERE category_id = ANY($1::uuid[]) AND NOT deleted`,
      [known],
    );
    return new Map(rows.map((row) => [row.category_id, row.category_name]));
  }

  private async insertLines(manager: EntityManager, id: string, lines: StoreOrderLineRecord[]): Promise<void> {
    if (lines.length === 0) return;
    await manager.query(
      `INSERT INTO store_order_line (store_order_id, line_no, sku_id, uom_name, quantity, source, supplier_id, remark)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::numeric[], $6::text[], $7::text[], $8::text[])`,
      [
        id,
        lines.map((line) => line.line_no),
        lines.map((line) => line.sku_id),
        lines.map((line) => line.uom_name),
        lines.map((line) => line.quantity),
        lines.map((line) => line.source),
        lines.map((line) => line.supplier_id),
        lines.map((line) => line.remark),
      ],
    );
  }
}
