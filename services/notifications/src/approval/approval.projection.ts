import { Injectable, Optional } from '@nestjs/common';
import type { ActivityMetadata, ApprovalStatus, DocumentActivity } from '@scm/contracts';
import { ApproverDirectory } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { NotificationStream } from '../notification/notification-stream.js';

/** What the projection needs of one activity event (the feed's ActivityEvent). */
export interface ApprovalEvent {
  id: string;
  occurredAt: string;
  data: DocumentActivity;
}

/** A settling event's outcome, by its verb (registry): the generic rule of ActivityMetadata.actionsPath. */
export function approvalOutcomeOf(meta: Pick<ActivityMetadata, 'verb'>): Exclude<ApprovalStatus, 'PENDING APPROVAL'> {
  if (meta.verb === 'approved') return 'APPROVED';
  if (meta.verb === 'rejected') return 'REJECTED';
  return 'REVERTED';
}

/**
 * The approvals inbox's read model (`approval_request`), applied by the activity feed for every event of a document
 * whose registry entry declares `actionsPath` — no code per document. Idempotent and order-proof by the document's
 * revision: an event applies only when its revision is newer than the row's, so a redelivered one changes nothing
 * and a late older one (a submit arriving after its approval) cannot bring a settled request back.
 *
 * - An `asksApproval` event (a submit): the row is PENDING APPROVAL at the event's revision — the revision an
 *   approve / reject must name — with the submitter, the value and who may decide.
 * - Any later event settles a pending row (APPROVED / REJECTED / REVERTED, approvalOutcomeOf) with who did it; a
 *   row already settled only takes the newer revision. Without a row, the event leaves one with no submission (never
 *   listed) so that an older submit delivered afterwards is recognised as stale.
 */
@Injectable()
export class ApprovalProjection {
  constructor(
    private readonly directory: ApproverDirectory,
    /** Live updates of the inbox page; absent where a test drives the projection directly. */
    @Optional() private readonly stream?: NotificationStream,
  ) {}

  async apply(manager: EntityManager, event: ApprovalEvent, meta: ActivityMetadata): Promise<void> {
    if (!meta.actionsPath) return;
    const data = event.data;
    const fixed = [
      data.document_type,
      data.document_id,
      data.doc_no,
      meta.module,
      meta.permissionKey,
      meta.referenceType,
      `${meta.linkPath}?id=${encodeURIComponent(data.document_id)}`,
      meta.actionsPath,
      data.location_id,
      data.revision,
      event.id,
      event.occurredAt,
    ];
    if (meta.asksApproval) {
      await manager.query(
        `INSERT INTO approval_request (document_type, document_id, doc_no, module, permission_key, reference_type, link,
                                       actions_path, location_id, revision, last_event_id, last_updated_time, status,
                                       value_usd, submitted_by_id, submitted_by, submitted_time, self_decidable)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'PENDING APPROVAL', $13, $14, $15, $12, $16)
         ON CONFLICT (document_type, document_id) DO UPDATE SET
           doc_no = EXCLUDED.doc_no, module = EXCLUDED.module, permission_key = EXCLUDED.permission_key,
           reference_type = EXCLUDED.reference_type, link = EXCLUDED.link, actions_path = EXCLUDED.actions_path,
           location_id = EXCLUDED.location_id, revision = EXCLUDED.revision, last_event_id = EXCLUDED.last_event_id,
           last_updated_time = EXCLUDED.last_updated_time, status = EXCLUDED.status, value_usd = EXCLUDED.value_usd,
           submitted_by_id = EXCLUDED.submitted_by_id, submitted_by = EXCLUDED.submitted_by,
           submitted_time = EXCLUDED.submitted_time, self_decidable = EXCLUDED.self_decidable,
           decided_by_id = NULL, decided_by = NULL, decided_time = NULL, remark = NULL
         WHERE approval_request.revision < EXCLUDED.revision`,
        [
          ...fixed,
          data.value_usd ?? null,
          data.actor_id,
          data.actor_name,
          await this.selfDecidable(manager, meta, data),
        ],
      );
      return;
    }
    const settled = await manager.query<unknown[]>(
      `INSERT INTO approval_request (document_type, document_id, doc_no, module, permission_key, reference_type, link,
                                     actions_path, location_id, revision, last_event_id, last_updated_time, status,
                                     decided_by_id, decided_by, decided_time, remark)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $12, $16)
       ON CONFLICT (document_type, document_id) DO UPDATE SET
         revision = EXCLUDED.revision, last_event_id = EXCLUDED.last_event_id,
         last_updated_time = CASE WHEN approval_request.status = 'PENDING APPROVAL'
                                  THEN EXCLUDED.last_updated_time ELSE approval_request.last_updated_time END,
         decided_by_id = CASE WHEN approval_request.status = 'PENDING APPROVAL'
                              THEN EXCLUDED.decided_by_id ELSE approval_request.decided_by_id END,
         decided_by = CASE WHEN approval_request.status = 'PENDING APPROVAL'
                           THEN EXCLUDED.decided_by ELSE approval_request.decided_by END,
         decided_time = CASE WHEN approval_request.status = 'PENDING APPROVAL'
                             THEN EXCLUDED.decided_time ELSE approval_request.decided_time END,
         remark = CASE WHEN approval_request.status = 'PENDING APPROVAL'
                       THEN EXCLUDED.remark ELSE approval_request.remark END,
         status = CASE WHEN approval_request.status = 'PENDING APPROVAL'
                       THEN EXCLUDED.status ELSE approval_request.status END
       WHERE approval_request.revision < EXCLUDED.revision
       RETURNING 1`,
      [...fixed, approvalOutcomeOf(meta), data.actor_id, data.actor_name, data.remark],
    );
    // The others who may decide are told by their notification (the feed); the one who acted is not, yet their own
    // inbox (this tab or another) must drop the row once it is settled here: a signal on their stream.
    if (settled.length > 0 && data.actor_id !== null) this.stream?.notifyAfterCommit(manager, [data.actor_id]);
  }

  /** Empties the read model, before a replay rebuilds it. */
  async clear(manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM approval_request');
  }

  /**
   * Whether the submitter may decide their own request: the kit's no-self-approval rule (DocumentActions) lets them
   * only when nobody else could, as the approver directory knows it now. The document's action checks it again.
   */
  private async selfDecidable(manager: EntityManager, meta: ActivityMetadata, data: DocumentActivity) {
    if (data.actor_id === null) return false;
    const others = await this.directory.otherApprovers(manager, {
      permissionKey: meta.permissionKey,
      locationId: data.location_id,
      valueUsd: data.value_usd ?? '0',
      excludingUserId: data.actor_id,
    });
    return others === 0;
  }
}
