import type { ListResource } from '@scm/platform';

/** The petty cash list (PettyCashListRow): filters status, locations, currency, claim_date range. */
export const PETTY_CASH_LIST: ListResource = {
  from: `petty_cash c LEFT JOIN location_replica l ON l.location_id = c.location_id`,
  columns: {
    id: { sql: 'c.id' },
    doc_no: { sql: 'c.doc_no', sortable: true, searchable: true, filter: 'text' },
    status: { sql: 'c.status', sortable: true, filter: 'status' },
    location_id: { sql: 'c.location_id', sortable: true, searchable: true, filter: 'in' },
    location_name: { sql: `COALESCE(l.location_name, c.location_id)`, sortable: true, searchable: true },
    // The date itself (a date_range filter compares dates); answered as its ISO instant at midnight UTC.
    claim_date: { sql: 'c.claim_date', sortable: true, filter: 'date_range' },
    applicant_name: { sql: 'c.applicant_name', sortable: true, searchable: true },
    currency: { sql: 'c.currency', sortable: true, filter: 'in' },
    total_amount: { sql: `c.total_amount::text`, sortable: true },
    total_usd: { sql: `c.total_usd::text`, sortable: true },
    created_by_name: { sql: 'c.created_by_name', sortable: true, searchable: true },
    created_time: { sql: 'c.created_time', sortable: true, filter: 'date_range' },
    last_updated_time: { sql: 'c.last_updated_time', sortable: true, filter: 'date_range' },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'c.id',
  locationColumn: 'c.location_id',
};
