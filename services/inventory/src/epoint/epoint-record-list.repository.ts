import { Inject, Injectable } from '@nestjs/common';
import { EPOINT_RECORD_STATUSES } from '@scm/contracts';
import type { DocumentStatusCount, EpointRecordListRow, ListQuery } from '@scm/contracts';
import { DATA_SOURCE, documentStatusCounts, runListQuery, withLocationFilter } from '@scm/platform';
import type { ListResult, LocationScope } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { EPOINT_RECORD_LIST } from './epoint-record.list.js';

function isoDay(value: unknown): string {
  if (!(value instanceof Date)) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/**
 * Reads the sales upload area's e-point records for the records page. Read-only: the sales upload area exports
 * no reader of its table, and writing it is PosIngestService's alone.
 */
@Injectable()
export class EpointRecordListRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async list(query: ListQuery, scope: LocationScope): Promise<ListResult<EpointRecordListRow>> {
    const page = await runListQuery<EpointRecordListRow>(
      this.dataSource.manager,
      EPOINT_RECORD_LIST,
      withLocationFilter(query),
      scope,
    );
    return {
      recordsTotal: page.recordsTotal,
      data: page.data.map((row) => ({
        ...row,
        ...(row.epoint_date !== undefined && { epoint_date: isoDay(row.epoint_date) }),
        ...(row.received_time !== undefined && { received_time: new Date(row.received_time).toISOString() }),
        ...(row.last_updated_time !== undefined && {
          last_updated_time: new Date(row.last_updated_time).toISOString(),
        }),
      })),
    };
  }

  /**
   * The (location, day) pairs with AutoSync lines still pending a while after they came: their posting job was not
   * queued (the queue was down when they were pushed) or failed for good. Read-only, like the list.
   */
  async stalePendingDays(olderThanMinutes: number): Promise<{ location_id: string; value_date: string }[]> {
    return this.dataSource.query<{ location_id: string; value_date: string }[]>(
      `SELECT DISTINCT location_id, to_char(epoint_date, 'YYYY-MM-DD') AS value_date
         FROM epoint_record
        WHERE status = 'PENDING' AND source = 'Epoint AutoSync'
          AND received_time < now() - make_interval(mins => $1)
        ORDER BY 1, 2
        LIMIT 500`,
      [olderThanMinutes],
    );
  }

  statusCounts(query: ListQuery, scope: LocationScope): Promise<DocumentStatusCount[]> {
    return documentStatusCounts(
      this.dataSource.manager,
      EPOINT_RECORD_LIST,
      EPOINT_RECORD_STATUSES,
      withLocationFilter(query),
      scope,
    );
  }
}
