import { HttpCode, Post, UseGuards } from '@nestjs/common';
import { EPOINT_BODY_LIMIT_BYTES, epointPushSchema, listQuerySchema } from '@scm/contracts';
import type { DocumentStatusCount, EpointPushResult, EpointRecordListRow, ListQuery } from '@scm/contracts';
import { BodyLimit, CallerScope, ListPage, Permission, Public, ServiceController, ValidBody } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { EpointKeyGuard, PosCaller } from './epoint-key.guard.js';
import type { EpointCaller } from './epoint-key.service.js';
import { EpointSyncService } from './epoint-sync.service.js';

/**
 * E-point (POS) records (SPEC.md §3; issue 14). `POST records` is the outlet POS's AutoSync push — no user session:
 * the location's POS key (EpointKeyGuard) is the credential and decides the only location written; up to 10,000
 * records a call, each answered accepted / duplicate / rejected with its field errors. `POST records/list` is the
 * records page (key SU, the caller's locations).
 */
@ServiceController('inventory/epoint', 'inventory: e-point')
export class EpointRecordsController {
  constructor(private readonly sync: EpointSyncService) {}

  @Public()
  @UseGuards(EpointKeyGuard)
  @Post('records')
  @HttpCode(200)
  @BodyLimit(EPOINT_BODY_LIMIT_BYTES)
  push(
    @PosCaller() caller: EpointCaller,
    @ValidBody(epointPushSchema) input: { records: unknown[] },
  ): Promise<EpointPushResult> {
    return this.sync.push(caller.location_id, input.records);
  }

  @Post('records/list')
  @HttpCode(200)
  @Permission('SU', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<EpointRecordListRow>> {
    return this.sync.list(query, scope);
  }

  @Post('records/status-counts')
  @HttpCode(200)
  @Permission('SU', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.sync.statusCounts(query, scope);
  }
}
