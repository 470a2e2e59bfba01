import { HttpCode, Post } from '@nestjs/common';
import { listQuerySchema } from '@scm/contracts';
import type { AccessTokenClaims, ApprovalRequestRow, DocumentStatusCount, ListQuery } from '@scm/contracts';
import { CurrentUser, ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { ApprovalService } from './approval.service.js';

/**
 * The approvals inbox (SPEC.md §2 `/approval`, key APPROVAL): every document waiting for the caller's decision, of
 * every type. It decides nothing itself: each row names its document's action route (`actions_path`) and revision,
 * which the web app calls, so approving from the inbox is checked exactly as from the document. `other_params`:
 * status, document_type, module, location_ids, submitted_time {from, to}; `search_str` matches the number.
 */
@ServiceController('notification/approval', 'notifications: approvals inbox')
export class ApprovalController {
  constructor(private readonly approvals: ApprovalService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('APPROVAL', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ListPage<ApprovalRequestRow>> {
    return this.approvals.list(query, user);
  }

  /** The status tabs' counts (PENDING APPROVAL's is the menu's badge), with the list's other filters. */
  @Post('status-counts')
  @HttpCode(200)
  @Permission('APPROVAL', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<DocumentStatusCount[]> {
    return this.approvals.statusCounts(query, user);
  }

  /** Operators' repair: drops the inbox and rebuilds it by replaying the documents' activity events. */
  @Post('rebuild')
  @HttpCode(200)
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.success')
  async rebuild(): Promise<null> {
    await this.approvals.rebuild();
    return null;
  }
}
