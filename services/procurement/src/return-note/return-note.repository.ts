import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStatusCount, ListQuery, ReturnNoteListRow, ReturnNoteStatus, ReturnReason } from '@scm/contracts';
import { RETURN_NOTE_STATUSES } from '@scm/contracts';
import {
  DATA_SOURCE,
  documentStatusCounts,
  returnedRows,
  runListQuery,
  scopeIds,
  withLocationFilter,
} from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { RETURN_NOTE_LIST } from './return-note.list.js';

/** A return note's header as stored (amounts in the receiving order's currency, total_usd at its rate). */
export interface ReturnNoteRecord {
  id: string;
  doc_no: string;
  status: ReturnNoteStatus;
  revision: number;
  location_id: string;
  receiving_order_id: string;
  supplier_id: string;
  currency: string;
  exchange_rate: string;
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

/** A return line as stored: `quantity` in `uom_name`, the receiving order line's unit. */
export interface ReturnNoteLineRecord {
  line_no: number;
  ro_line_no: number;
  sku_id: string;
  uom_name: string;
  quantity: string;
  unit_price: string;
  line_subtotal: string;
  reason: ReturnReason;
  remark: string;
}

/** A receiving order the return-note form offers. */
export interface ReturnableReceivingOrder {
  id: string;
  doc_no: string;
  location_id: string;
  supplier_id: string;
  supplier_name: string;
  receive_time: Date;
}

export type NewReturnNote = Omit<ReturnNoteRecord, 'created_time' | 'last_updated_time' | 'submitted_time'> & {
  submitted_time: null;
};

type HeaderFields = Partial<Omit<ReturnNoteRecord, 'id' | 'revision' | 'created_time' | 'last_updated_time'>> & {
  last_updated_by: string | null;
};

const HEADER_COLUMNS = `id, doc_no, status, revision, location_id, receiving_order_id, supplier_id, currency,
  exchange_rate::text AS exchange_rate, total_amount::text AS total_amount, total_usd::text AS total_usd, remark,
  created_by, created_by_name, created_time, submitted_by, submitted_by_name, submitted_time, last_updated_time`;

const INSERT_COLUMNS = [
  'id',
  'doc_no',
  'status',
  'revision',
  'location_id',
  'receiving_order_id',
  'supplier_id',
  'currency',
  'exchange_rate',
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
export class ReturnNoteRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  list(query: ListQuery, scope: LocationScope): Promise<ListResult<ReturnNoteListRow>> {
    return runListQuery<ReturnNoteListRow>(this.dataSource.manager, RETURN_NOTE_LIST, withLocationFilter(query), scope);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(
      this.dataSource.manager,
      RETURN_NOTE_LIST,
      RETURN_NOTE_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }

  async find(manager: EntityManager, id: string, lock = false): Promise<ReturnNoteRecord | null> {
    const rows = await manager.query<ReturnNoteRecord[]>(
      `SELECT ${HEADER_COLUMNS} FROM return_note WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  lines(manager: EntityManager, id: string): Promise<ReturnNoteLineRecord[]> {
    return manager.query<ReturnNoteLineRecord[]>(
      `SELECT line_no, ro_line_no, sku_id, uom_name, quantity::text AS quantity, unit_price::text AS unit_price,
              line_subtotal::text AS line_subtotal, reason, remark
         FROM return_note_line WHERE return_note_id = $1 ORDER BY line_no`,
      [id],
    );
  }

  /**
   * What the return notes of a receiving order that are not REJECTED (drafts too: they hold their quantity) take
   * back of each of its lines, in the line's unit — others than `except`.
   */
  async returnedByRoLine(
    manager: EntityManager,
    receivingOrderId: string,
    except?: string,
  ): Promise<Map<number, string>> {
    const rows = await manager.query<{ ro_line_no: number; returned: string }[]>(
      `SELECT x.ro_line_no, sum(x.quantity)::text AS returned
         FROM return_note_line x JOIN return_note n ON n.id = x.return_note_id
        WHERE n.receiving_order_id = $1 AND n.status <> 'REJECTED' AND n.id <> $2
        GROUP BY x.ro_line_no`,
      [receivingOrderId, except ?? '00000000-0000-0000-0000-000000000000'],
    );
    return new Map(rows.map((row) => [row.ro_line_no, row.returned]));
  }

  /** RECEIVED receiving orders of the scope's locations, newest first: what a return note may be made from. */
  returnableReceivingOrders(manager: EntityManager, scope: LocationScope): Promise<ReturnableReceivingOrder[]> {
    const ids = scopeIds(scope);
    return manager.query<ReturnableReceivingOrder[]>(
      `SELECT r.id, r.doc_no, r.location_id, r.supplier_id, COALESCE(s.company_name, r.supplier_id) AS supplier_name,
              r.receive_time
         FROM receiving_order r LEFT JOIN supplier_replica s ON s.supplier_id = r.supplier_id
        WHERE r.status = 'RECEIVED' AND ($1::text[] IS NULL OR r.location_id = ANY($1::text[]))
        ORDER BY r.receive_time DESC, r.id DESC
        LIMIT 500`,
      [ids ? [...ids] : null],
    );
  }

  async insert(manager: EntityManager, header: NewReturnNote, lines: ReturnNoteLineRecord[]): Promise<void> {
    await manager.query(
      `INSERT INTO return_note (${INSERT_COLUMNS.join(', ')}, last_updated_by)
       VALUES (${INSERT_COLUMNS.map((_, index) => `$${index + 1}`).join(', ')}, $${INSERT_COLUMNS.indexOf('created_by') + 1})`,
      INSERT_COLUMNS.map((column) => header[column]),
    );
    await this.insertLines(manager, header.id, lines);
  }

  async replaceLines(manager: EntityManager, id: string, lines: ReturnNoteLineRecord[]): Promise<void> {
    await manager.query(`DELETE FROM return_note_line WHERE return_note_id = $1`, [id]);
    await this.insertLines(manager, id, lines);
  }

  /** The conditional update of the kit: `false` when the revision moved meanwhile. */
  async update(manager: EntityManager, id: string, revision: number, fields: HeaderFields): Promise<boolean> {
    const entries = Object.entries(fields);
    const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE return_note SET ${[...sets, 'revision = revision + 1', 'last_updated_time = now()'].join(', ')}
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [id, revision, ...entries.map(([, value]) => value)],
      ),
    );
    return rows.length === 1;
  }

  private async insertLines(manager: EntityManager, id: string, lines: ReturnNoteLineRecord[]): Promise<void> {
    if (lines.length === 0) return;
    await manager.query(
      `INSERT INTO return_note_line (return_note_id, line_no, ro_line_no, sku_id, uom_name, quantity, unit_price,
         line_subtotal, reason, remark)
       SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::numeric[], $7::numeric[],
         $8::numeric[], $9::text[], $10::text[])`,
      [
        id,
        lines.map((line) => line.line_no),
        lines.map((line) => line.ro_line_no),
        lines.map((line) => line.sku_id),
        lines.map((line) => line.uom_name),
        lines.map((line) => line.quantity),
        lines.map((line) => line.unit_price),
        lines.map((line) => line.line_subtotal),
        lines.map((line) => line.reason),
        lines.map((line) => line.remark),
      ],
    );
  }
}
