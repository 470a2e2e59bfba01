import { Inject, Injectable } from '@nestjs/common';
import { APPROVAL_STATUSES, hasPermission } from '@scm/contracts';
import type { AccessTokenClaims, ApprovalRequestRow, DocumentStatusCount, ListQuery } from '@scm/contracts';
import {
  DATA_SOURCE,
  EventConsumer,
  ListPage,
  documentStatusCounts,
  locationScopeOf,
  runListQuery,
  withLocationFilter,
} from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { APPROVAL_LIST } from './approval.list.js';
import { ApprovalProjection } from './approval.projection.js';

/**
 * The approvals inbox's reads: only the requests the caller may decide — their locations (the list kit's scope),
 * approval on the record's permission key (the one rule, hasPermission over the token's permissions), an approval
 * limit covering the value — the same inputs the document's own action checks (DocumentActions), which stays the
 * authority: the inbox lists, the document's route decides.
 */
@Injectable()
export class ApprovalService {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly events: EventConsumer,
    private readonly projection: ApprovalProjection,
  ) {}

  list(query: ListQuery, user: AccessTokenClaims): Promise<ListPage<ApprovalRequestRow>> {
    return this.asDecider(user, async (manager) => {
      const page = await runListQuery<ApprovalRequestRow>(
        manager,
        APPROVAL_LIST,
        withLocationFilter(query),
        locationScopeOf(user),
      );
      return new ListPage(page.data, page.recordsTotal);
    });
  }

  /** The status tabs (and the menu's count of pending requests), with the list's other filters. */
  statusCounts(query: ListQuery, user: AccessTokenClaims): Promise<DocumentStatusCount[]> {
    return this.asDecider(user, (manager) =>
      documentStatusCounts(manager, APPROVAL_LIST, APPROVAL_STATUSES, withLocationFilter(query), locationScopeOf(user)),
    );
  }

  /** Drops the inbox and replays the documents' activity events (atomically: EventConsumer.rebuild). */
  rebuild(): Promise<void> {
    return this.events.rebuild((manager) => this.projection.clear(manager));
  }

  /** Runs `read` in a transaction where APPROVAL_LIST's caller settings are the caller's (transaction-local). */
  private asDecider<T>(user: AccessTokenClaims, read: (manager: EntityManager) => Promise<T>): Promise<T> {
    const keys = [...new Set(user.perms.map((entry) => entry.permission.key))].filter(
      (key) => !key.includes(',') && hasPermission(user.perms, key, 'approval'),
    );
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `SELECT set_config('approval.keys', $1, true), set_config('approval.limit', $2, true),
                set_config('approval.caller', $3, true)`,
        [keys.join(','), user.limit ?? '', user.sub],
      );
      return read(manager);
    });
  }
}
