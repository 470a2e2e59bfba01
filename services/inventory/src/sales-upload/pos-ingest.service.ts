import { Injectable } from '@nestjs/common';
import type { EpointSource } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import type { PostingActor } from '../ledger/stock-ledger.js';
import { EpointRecordRepository } from './epoint-record.repository.js';
import type { PosLineInput, PosLineOutcome } from './epoint-record.repository.js';
import { SalesUploadService } from './sales-upload.service.js';

export type { PosLineInput, PosLineOutcome } from './epoint-record.repository.js';
export { POS_INGEST_MAX_LINES } from './epoint-record.repository.js';

/**
 * The e-point records' one way in (issue 14): AutoSync's push endpoint and the Epoint Excel upload both hand their
 * POS lines here. Lines are stored once per (location, shift_code, stock_code, epoint_date) — a line received again,
 * by either channel, is a duplicate and changes nothing — and posted per business day by `postDay`, which makes the
 * day's sales upload and backflushes it through the same posting as every upload (docs/sales-upload.md).
 */
@Injectable()
export class PosIngestService {
  constructor(
    private readonly records: EpointRecordRepository,
    private readonly uploads: SalesUploadService,
  ) {}

  /**
   * Stores POS lines as e-point records of the location (duplicates by (location, shift_code, stock_code,
   * epoint_date) are reported, not stored twice) in the caller's transaction; returns per-line outcomes and the
   * business days that received new lines. One INSERT for the whole batch (up to 10,000 lines).
   */
  ingest(
    manager: EntityManager,
    input: { location_id: string; source: EpointSource; lines: PosLineInput[] },
  ): Promise<{ outcomes: PosLineOutcome[]; days: string[] }> {
    return this.records.ingest(manager, input);
  }

  /**
   * Posts the location's business day: the day's unposted e-point records become an SU of that source (or, for
   * lines arriving after the day was posted, a correction SU), backflushed through the same posting as any SU;
   * idempotent; unmatched lines wait on that SU's no-match list. Returns the SU, or null when nothing was pending.
   * Runs in its own transaction (retried on a serialization conflict).
   */
  postDay(input: {
    location_id: string;
    value_date: string;
    source: EpointSource;
    actor?: PostingActor;
  }): Promise<{ su_id: string; su_no: string } | null> {
    return this.uploads.postPosDay(input);
  }
}
