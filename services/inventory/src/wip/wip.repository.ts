import { Inject, Injectable } from '@nestjs/common';
import { WIP_STATUSES } from '@scm/contracts';
import type { DocumentStatusCount, ListQuery, WipListRow, WipStatus } from '@scm/contracts';
import { DATA_SOURCE, documentStatusCounts, returnedRows, runListQuery, withLocationFilter } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { WIP_LIST } from './wip.list.js';

/** A WIP's header as stored. */
export interface WipRecord {
  id: string;
  doc_no: string;
  status: WipStatus;
  revision: number;
  location_id: string;
  wip_date: string;
  remark: string;
  ingredient_value: string | null;
  output_value: string | null;
  by_product_value: string | null;
  posting_id: string | null;
  posted_by_name: string | null;
  posted_time: Date | null;
  created_by: string | null;
  created_by_name: string;
  created_time: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_time: Date | null;
  last_updated_time: Date;
}

/** An output as stored: quantities in the BOM's output unit. */
export interface WipOutputRecord {
  line_no: number;
  bom_id: string;
  bom_name: string;
  sku_id: string;
  uom_name: string;
  planned_quantity: string;
  produce_quantity: string | null;
  output_value: string | null;
  unit_cost: string | null;
}

/** An ingredient as stored: quantities in the SKU's primary unit. */
export interface WipConsumptionRecord {
  line_no: number;
  sku_id: string;
  uom_name: string;
  planned_quantity: string;
  expected_quantity: string | null;
  actual_quantity: string | null;
  issued_value: string | null;
}

export interface WipByProductRecord {
  line_no: number;
  item_type: 'sku';
  item_id: string;
  uom_name: string;
  quantity: string;
  cost_share_percentage: string;
  value: string | null;
  unit_cost: string | null;
}

export interface WipLines {
  outputs: WipOutputRecord[];
  consumption: WipConsumptionRecord[];
  by_products: WipByProductRecord[];
}

export type NewWip = Pick<
  WipRecord,
  'id' | 'doc_no' | 'status' | 'revision' | 'location_id' | 'wip_date' | 'remark' | 'created_by' | 'created_by_name'
>;

const HEADER_COLUMNS = `id, doc_no, status, revision, location_id, to_char(wip_date, 'YYYY-MM-DD') AS wip_date, remark,
  ingredient_value::text AS ingredient_value, output_value::text AS output_value,
  by_product_value::text AS by_product_value, posting_id, posted_by_name, posted_time, created_by, created_by_name,
  created_time, submitted_by, submitted_by_name, submitted_time, last_updated_time`;

/** A `date` column read by the driver is a local-midnight Date: back to the date it was. */
function isoDay(value: unknown): string {
  if (!(value instanceof Date)) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

@Injectable()
export class WipRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  async list(query: ListQuery, scope: LocationScope): Promise<ListResult<WipListRow>> {
    const page = await runListQuery<WipListRow>(this.dataSource.manager, WIP_LIST, withLocationFilter(query), scope);
    return {
      recordsTotal: page.recordsTotal,
      data: page.data.map((row) => ({
        ...row,
        ...(row.wip_date !== undefined && { wip_date: isoDay(row.wip_date) }),
      })),
    };
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(this.dataSource.manager, WIP_LIST, WIP_STATUSES, withLocationFilter(query), scope);
  }

  /** The header; `lock` holds it until the transaction ends, so actions on one WIP run one at a time. */
  async find(manager: EntityManager, id: string, lock = false): Promise<WipRecord | null> {
    const rows = await manager.query<WipRecord[]>(
      `SELECT ${HEADER_COLUMNS} FROM wip WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async lines(manager: EntityManager, id: string): Promise<WipLines> {
    const outputs = await manager.query<WipOutputRecord[]>(
      `SELECT line_no, bom_id, bom_name, sku_id, uom_name, planned_quantity::text AS planned_quantity,
              produce_quantity::text AS produce_quantity, output_value::text AS output_value,
              unit_cost::text AS unit_cost
         FROM wip_output WHERE wip_id = $1 ORDER BY line_no`,
      [id],
    );
    const consumption = await manager.query<WipConsumptionRecord[]>(
      `SELECT line_no, sku_id, uom_name, planned_quantity::text AS planned_quantity,
              expected_quantity::text AS expected_quantity, actual_quantity::text AS actual_quantity,
              issued_value::text AS issued_value
         FROM wip_consumption WHERE wip_id = $1 ORDER BY line_no`,
      [id],
    );
    const byProducts = await manager.query<WipByProductRecord[]>(
      `SELECT line_no, item_type, item_id, uom_name, quantity::text AS quantity,
              cost_share_percentage::text AS cost_share_percentage, value::text AS value, unit_cost::text AS unit_cost
         FROM wip_by_product WHERE wip_id = $1 ORDER BY line_no`,
      [id],
    );
    return { outputs, consumption, by_products: byProducts };
  }

  async insert(manager: EntityManager, header: NewWip, lines: WipLines): Promise<void> {
    await manager.query(
      `INSERT INTO wip (id, doc_no, status, revision, location_id, wip_date, remark, created_by, created_by_name,
         last_updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8)`,
      [
        header.id,
        header.doc_no,
        header.status,
        header.revision,
        header.location_id,
        header.wip_date,
        header.remark,
        header.created_by,
        header.created_by_name,
      ],
    );
    await this.insertLines(manager, header.id, lines);
  }

  /** Changes the header when it is still at `revision` and bumps the revision; `false` when someone else did. */
  async update(
    manager: EntityManager,
    id: string,
    revision: number,
    fields: { wip_date: string; remark: string; last_updated_by: string | null },
  ): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE wip SET wip_date = $3, remark = $4, last_updated_by = $5, revision = revision + 1,
                last_updated_time = now()
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [id, revision, fields.wip_date, fields.remark, fields.last_updated_by],
      ),
    );
    return rows.length === 1;
  }

  async replaceLines(manager: EntityManager, id: string, lines: WipLines): Promise<void> {
    await manager.query(`DELETE FROM wip_output WHERE wip_id = $1`, [id]);
    await manager.query(`DELETE FROM wip_consumption WHERE wip_id = $1`, [id]);
    await manager.query(`DELETE FROM wip_by_product WHERE wip_id = $1`, [id]);
    await this.insertLines(manager, id, lines);
  }

  /** On hand now (primary unit) of SKUs at a location, by sku id. */
  async onHand(manager: EntityManager, locationId: string, skuIds: readonly string[]): Promise<Map<string, string>> {
    if (skuIds.length === 0) return new Map();
    const rows = await manager.query<{ item_id: string; on_hand: string }[]>(
      `SELECT item_id, on_hand::text AS on_hand FROM stock_balance
        WHERE item_type = 'sku' AND location_id = $1 AND item_id = ANY($2::text[])`,
      [locationId, [...skuIds]],
    );
    return new Map(rows.map((row) => [row.item_id, row.on_hand]));
  }

  /** The automatic adjustment made for the WIP's discrepancy, if any. */
  async adjustmentOf(manager: EntityManager, id: string): Promise<{ id: string; doc_no: string } | null> {
    const rows = await manager.query<{ id: string; doc_no: string }[]>(
      `SELECT id, doc_no FROM stock_adjustment WHERE source = 'wip' AND source_id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  private async insertLines(manager: EntityManager, id: string, lines: WipLines): Promise<void> {
    for (const line of lines.outputs) {
      await manager.query(
        `INSERT INTO wip_output (wip_id, line_no, bom_id, bom_name, sku_id, uom_name, planned_quantity,
           produce_quantity, output_value, unit_cost)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          line.line_no,
          line.bom_id,
          line.bom_name,
          line.sku_id,
          line.uom_name,
          line.planned_quantity,
          line.produce_quantity,
          line.output_value,
          line.unit_cost,
        ],
      );
    }
    for (const line of lines.consumption) {
      await manager.query(
        `INSERT INTO wip_consumption (wip_id, line_no, sku_id, uom_name, planned_quantity, expected_quantity,
           actual_quantity, issued_value)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          line.line_no,
          line.sku_id,
          line.uom_name,
          line.planned_quantity,
          line.expected_quantity,
          line.actual_quantity,
          line.issued_value,
        ],
      );
    }
    for (const line of lines.by_products) {
      await manager.query(
        `INSERT INTO wip_by_product (wip_id, line_no, item_type, item_id, uom_name, quantity, cost_share_percentage,
           value, unit_cost)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          line.line_no,
          line.item_type,
          line.item_id,
          line.uom_name,
          line.quantity,
          line.cost_share_percentage,
          line.value,
          line.unit_cost,
        ],
      );
    }
  }
}
