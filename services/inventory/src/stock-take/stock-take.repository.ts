import { Inject, Injectable } from '@nestjs/common';
import { STOCK_TAKE_STATUSES } from '@scm/contracts';
import type { DocumentStatusCount, ListQuery, StockItemType, StockTakeListRow, StockTakeStatus } from '@scm/contracts';
import { DATA_SOURCE, documentStatusCounts, returnedRows, runListQuery, withLocationFilter } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { STOCK_TAKE_LIST } from './stock-take.list.js';

export interface StockTakeRecord {
  id: string;
  doc_no: string;
  status: StockTakeStatus;
  revision: number;
  location_id: string;
  effective_time: Date;
  blind_count: boolean;
  remark: string;
  adjustment_id: string | null;
  adjustment_no: string | null;
  created_by: string | null;
  created_by_name: string;
  created_time: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_time: Date | null;
  last_updated_time: Date;
}

/** A count line: quantities in the counting unit `uom_name` (factor: primary units in one), system also in primary. */
export interface StockTakeLineRecord {
  line_no: number;
  item_type: StockItemType;
  item_id: string;
  uom_name: string;
  factor: string;
  primary_uom_name: string;
  system_quantity_primary: string;
  system_quantity: string;
  counted_quantity: string | null;
  remark: string;
}

export type NewStockTake = Omit<
  StockTakeRecord,
  | 'created_time'
  | 'last_updated_time'
  | 'submitted_by'
  | 'submitted_by_name'
  | 'submitted_time'
  | 'adjustment_id'
  | 'adjustment_no'
>;

const HEADER_COLUMNS = `id, doc_no, status, revision, location_id, effective_time, blind_count, remark, adjustment_id,
  adjustment_no, created_by, created_by_name, created_time, submitted_by, submitted_by_name, submitted_time,
  last_updated_time`;

@Injectable()
export class StockTakeRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  async list(query: ListQuery, scope: LocationScope): Promise<ListResult<StockTakeListRow>> {
    const page = await runListQuery<Omit<StockTakeListRow, 'effective_time'> & { effective_time: unknown }>(
      this.dataSource.manager,
      STOCK_TAKE_LIST,
      withLocationFilter(query),
      scope,
    );
    return {
      recordsTotal: page.recordsTotal,
      data: page.data.map((row) => ({
        ...row,
        ...(row.effective_time instanceof Date && { effective_time: row.effective_time.toISOString() }),
      })) as StockTakeListRow[],
    };
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(
      this.dataSource.manager,
      STOCK_TAKE_LIST,
      STOCK_TAKE_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }

  async find(manager: EntityManager, id: string, lock = false): Promise<StockTakeRecord | null> {
    const rows = await manager.query<StockTakeRecord[]>(
      `SELECT ${HEADER_COLUMNS} FROM stock_take WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async lines(manager: EntityManager, id: string): Promise<StockTakeLineRecord[]> {
    return manager.query<StockTakeLineRecord[]>(
      `SELECT line_no, item_type, item_id, uom_name, factor::text AS factor, primary_uom_name,
              system_quantity_primary::text AS system_quantity_primary, system_quantity::text AS system_quantity,
              counted_quantity::text AS counted_quantity, remark
         FROM stock_take_line WHERE stock_take_id = $1 ORDER BY line_no`,
      [id],
    );
  }

  /** Category names of the lines' items, by `${item_type}:${category_id}`. */
  async categoryNames(manager: EntityManager, id: string): Promise<Map<string, string>> {
    const rows = await manager.query<{ item_type: string; item_id: string; category_name: string }[]>(
      `SELECT x.item_type, x.item_id, c.category_name
         FROM stock_take_line x
         JOIN item_replica i ON i.item_type = x.item_type AND i.item_id = x.item_id
         JOIN item_category_replica c ON c.item_type = i.item_type AND c.category_id = i.category_id
        WHERE x.stock_take_id = $1`,
      [id],
    );
    return new Map(rows.map((row) => [`${row.item_type}:${row.item_id}`, row.category_name]));
  }

  async insert(manager: EntityManager, header: NewStockTake, lines: StockTakeLineRecord[]): Promise<void> {
    await manager.query(
      `INSERT INTO stock_take (id, doc_no, status, revision, location_id, effective_time, blind_count, remark,
         created_by, created_by_name, last_updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9)`,
      [
        header.id,
        header.doc_no,
        header.status,
        header.revision,
        header.location_id,
        header.effective_time,
        header.blind_count,
        header.remark,
        header.created_by,
        header.created_by_name,
      ],
    );
    // One statement per 500 lines: a sheet of thousands of items stays a few round trips.
    for (let start = 0; start < lines.length; start += 500) {
      const chunk = lines.slice(start, start + 500);
      const values: unknown[] = [];
      const rows = chunk.map((line) => {
        const fields = [
          header.id,
          line.line_no,
          line.item_type,
          line.item_id,
          line.uom_name,
          line.factor,
          line.primary_uom_name,
          line.system_quantity_primary,
          line.system_quantity,
          line.counted_quantity,
          line.remark,
        ];
        return `(${fields.map((field) => `$${values.push(field)}`).join(', ')})`;
      });
      await manager.query(
        `INSERT INTO stock_take_line (stock_take_id, line_no, item_type, item_id, uom_name, factor, primary_uom_name,
           system_quantity_primary, system_quantity, counted_quantity, remark)
         VALUES ${rows.join(', ')}`,
        values,
      );
    }
  }

  /** Counts of many lines in one statement; a line named twice keeps its last count. */
  async setCounts(
    manager: EntityManager,
    id: string,
    counts: readonly { line_no: number; counted_quantity: string | null; remark?: string }[],
  ): Promise<void> {
    const last = [...new Map(counts.map((count) => [count.line_no, count])).values()];
    if (last.length === 0) return;
    await manager.query(
      `UPDATE stock_take_line x SET counted_quantity = q.counted, remark = COALESCE(q.remark, x.remark)
         FROM unnest($2::int[], $3::numeric[], $4::text[]) AS q(line_no, counted, remark)
        WHERE x.stock_take_id = $1 AND x.line_no = q.line_no`,
      [
        id,
        last.map((count) => count.line_no),
        last.map((count) => count.counted_quantity),
        last.map((count) => count.remark ?? null),
      ],
    );
  }

  /** The system quantities of many lines in one statement (a sheet may hold thousands). */
  async setSystemQuantities(
    manager: EntityManager,
    id: string,
    quantities: readonly { line_no: number; primary: string; counting: string }[],
  ): Promise<void> {
    if (quantities.length === 0) return;
    await manager.query(
      `UPDATE stock_take_line x SET system_quantity_primary = q.primary_quantity, system_quantity = q.counting_quantity
         FROM unnest($2::int[], $3::numeric[], $4::numeric[]) AS q(line_no, primary_quantity, counting_quantity)
        WHERE x.stock_take_id = $1 AND x.line_no = q.line_no`,
      [
        id,
        quantities.map((entry) => entry.line_no),
        quantities.map((entry) => entry.primary),
        quantities.map((entry) => entry.counting),
      ],
    );
  }

  /** Changes the header at `revision` and bumps it; false when someone else changed it meanwhile. */
  async update(
    manager: EntityManager,
    id: string,
    revision: number,
    fields: Partial<
      Pick<
        StockTakeRecord,
        | 'status'
        | 'remark'
        | 'adjustment_id'
        | 'adjustment_no'
        | 'submitted_by'
        | 'submitted_by_name'
        | 'submitted_time'
      >
    > & {
      last_updated_by: string | null;
    },
  ): Promise<boolean> {
    const entries = Object.entries(fields);
    const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE stock_take SET ${[...sets, 'revision = revision + 1', 'last_updated_time = now()'].join(', ')}
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [id, revision, ...entries.map(([, value]) => value)],
      ),
    );
    return rows.length === 1;
  }
}
