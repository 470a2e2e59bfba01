import { Inject, Injectable } from '@nestjs/common';
import type {
  DocumentStatusCount,
  ListQuery,
  PettyCashCategory,
  PettyCashGstType,
  PettyCashLineKind,
  PettyCashListRow,
  PettyCashStatus,
} from '@scm/contracts';
import { PETTY_CASH_STATUSES } from '@scm/contracts';
import { DATA_SOURCE, documentStatusCounts, returnedRows, runListQuery, withLocationFilter } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PETTY_CASH_LIST } from './petty-cash.list.js';

/** A claim's header as stored (amounts in its currency, total_usd converted at exchange_rate). */
export interface PettyCashRecord {
  id: string;
  doc_no: string;
  status: PettyCashStatus;
  revision: number;
  location_id: string;
  claim_date: string;
  applicant_name: string;
  currency: string;
  exchange_rate: string;
  gst_rate: string;
  business_total: string;
  non_business_total: string;
  gst_amount: string;
  claimable_gst_amount: string;
  subtotal_amount: string;
  total_amount: string;
  total_usd: string;
  remark: string;
  applicant_signature: string | null;
  applicant_signed_time: Date | null;
  receipt_signature: string | null;
  receipt_signed_by: string | null;
  receipt_signed_by_name: string | null;
  receipt_signed_time: Date | null;
  refunded_time: Date | null;
  created_by: string | null;
  created_by_name: string;
  created_time: Date;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_time: Date | null;
  last_updated_time: Date;
}

export interface PettyCashLineRecord {
  line_no: number;
  kind: PettyCashLineKind;
  receipt_date: string;
  receipt_no: string;
  description: string;
  category: PettyCashCategory;
  gst_type: PettyCashGstType;
  claim_amount: string;
  gst_amount: string;
  line_total: string;
}

export type NewPettyCash = Omit<
  PettyCashRecord,
  | 'created_time'
  | 'last_updated_time'
  | 'submitted_time'
  | 'receipt_signature'
  | 'receipt_signed_by'
  | 'receipt_signed_by_name'
  | 'receipt_signed_time'
  | 'refunded_time'
  | 'applicant_signed_time'
> & { submitted_time: null; applicant_signed_time: Date | null };

type HeaderFields = Partial<Omit<PettyCashRecord, 'id' | 'revision' | 'created_time' | 'last_updated_time'>> & {
  last_updated_by: string | null;
};

const HEADER_COLUMNS = `id, doc_no, status, revision, location_id, to_char(claim_date, 'YYYY-MM-DD') AS claim_date,
  applicant_name, currency, exchange_rate::text AS exchange_rate, gst_rate::text AS gst_rate,
  business_total::text AS business_total, non_business_total::text AS non_business_total,
  gst_amount::text AS gst_amount, claimable_gst_amount::text AS claimable_gst_amount,
  subtotal_amount::text AS subtotal_amount, total_amount::text AS total_amount, total_usd::text AS total_usd, remark,
  applicant_signature, applicant_signed_time, receipt_signature, receipt_signed_by, receipt_signed_by_name,
  receipt_signed_time, refunded_time, created_by, created_by_name, created_time, submitted_by, submitted_by_name,
  submitted_time, last_updated_time`;

const INSERT_COLUMNS = [
  'id',
  'doc_no',
  'status',
  'revision',
  'location_id',
  'claim_date',
  'applicant_name',
  'currency',
  'exchange_rate',
  'gst_rate',
  'business_total',
  'non_business_total',
  'gst_amount',
  'claimable_gst_amount',
  'subtotal_amount',
  'total_amount',
  'total_usd',
  'remark',
  'applicant_signature',
  'applicant_signed_time',
  'created_by',
  'created_by_name',
  'submitted_by',
  'submitted_by_name',
  'submitted_time',
] as const;

@Injectable()
export class PettyCashRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  list(query: ListQuery, scope: LocationScope): Promise<ListResult<PettyCashListRow>> {
    return runListQuery<PettyCashListRow>(this.dataSource.manager, PETTY_CASH_LIST, withLocationFilter(query), scope);
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(
      this.dataSource.manager,
      PETTY_CASH_LIST,
      PETTY_CASH_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }

  /** The currencies a claim may be in: those with an exchange rate (USD is the reference, always offered). */
  async currencies(manager: EntityManager): Promise<string[]> {
    const rows = await manager.query<{ currency: string }[]>(
      `SELECT DISTINCT currency FROM exchange_rate_replica WHERE NOT deleted ORDER BY currency`,
    );
    return rows.map((row) => row.currency);
  }

  async find(manager: EntityManager, id: string, lock = false): Promise<PettyCashRecord | null> {
    const rows = await manager.query<PettyCashRecord[]>(
      `SELECT ${HEADER_COLUMNS} FROM petty_cash WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  lines(manager: EntityManager, id: string): Promise<PettyCashLineRecord[]> {
    return manager.query<PettyCashLineRecord[]>(
      `SELECT line_no, kind, to_char(receipt_date, 'YYYY-MM-DD') AS receipt_date, receipt_no, description, category,
              gst_type, claim_amount::text AS claim_amount, gst_amount::text AS gst_amount,
              line_total::text AS line_total
         FROM petty_cash_line WHERE petty_cash_id = $1 ORDER BY line_no`,
      [id],
    );
  }

  async insert(manager: EntityManager, header: NewPettyCash, lines: PettyCashLineRecord[]): Promise<void> {
    await manager.query(
      `INSERT INTO petty_cash (${INSERT_COLUMNS.join(', ')}, last_updated_by)
       VALUES (${INSERT_COLUMNS.map((_, index) => `$${index + 1}`).join(', ')}, $${INSERT_COLUMNS.indexOf('created_by') + 1})`,
      INSERT_COLUMNS.map((column) => header[column]),
    );
    await this.insertLines(manager, header.id, lines);
  }

  async replaceLines(manager: EntityManager, id: string, lines: PettyCashLineRecord[]): Promise<void> {
    await manager.query(`DELETE FROM petty_cash_line WHERE petty_cash_id = $1`, [id]);
    await this.insertLines(manager, id, lines);
  }

  /** The conditional update of the kit: `false` when the revision moved meanwhile. */
  async update(manager: EntityManager, id: string, revision: number, fields: HeaderFields): Promise<boolean> {
    const entries = Object.entries(fields);
    const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE petty_cash SET ${[...sets, 'revision = revision + 1', 'last_updated_time = now()'].join(', ')}
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [id, revision, ...entries.map(([, value]) => value)],
      ),
    );
    return rows.length === 1;
  }

  private async insertLines(manager: EntityManager, id: string, lines: PettyCashLineRecord[]): Promise<void> {
    if (lines.length === 0) return;
    await manager.query(
      `INSERT INTO petty_cash_line (petty_cash_id, line_no, kind, receipt_date, receipt_no, description, category,
         gst_type, claim_amount, gst_amount, line_total)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::date[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::numeric[], $10::numeric[], $11::numeric[])`,
      [
        id,
        lines.map((line) => line.line_no),
        lines.map((line) => line.kind),
        lines.map((line) => line.receipt_date),
        lines.map((line) => line.receipt_no),
        lines.map((line) => line.description),
        lines.map((line) => line.category),
        lines.map((line) => line.gst_type),
        lines.map((line) => line.claim_amount),
        lines.map((line) => line.gst_amount),
        lines.map((line) => line.line_total),
      ],
    );
  }
}
