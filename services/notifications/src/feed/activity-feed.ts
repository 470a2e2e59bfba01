import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { ACTIVITY_SUBJECTS, activityMetadataFor } from '@scm/contracts';
import type { ActivityMetadata, ActivityRegistry, DocumentActivity, Subject } from '@scm/contracts';
import { LANGUAGES, hasTranslation, translate } from '@scm/i18n';
import { ApproverDirectory, EventConsumer } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { ApprovalProjection } from '../approval/approval.projection.js';
import { NotificationStream } from '../notification/notification-stream.js';

/** The registry the feed subscribes to and addresses by (ACTIVITY_SUBJECTS; a test may give its own). */
export const ACTIVITY_REGISTRY = Symbol('ACTIVITY_REGISTRY');

/** What the feed needs of one event: the envelope's id, subject, time and payload. */
export interface ActivityEvent {
  id: string;
  subject: string;
  occurredAt: string;
  data: DocumentActivity;
}

/** The message of an activity in every language (jsonb by language tag). */
export function activityMessages(meta: ActivityMetadata, data: DocumentActivity, request: boolean) {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const documentKey = `messages.activity.documents.${meta.referenceType}`;
      const params = {
        actor: data.actor_name,
        doc_no: data.doc_no,
        document: hasTranslation(language, documentKey) ? translate(language, documentKey) : meta.module,
        verb: translate(language, `messages.activity.verbs.${meta.verb}`),
      };
      return [language, translate(language, `messages.activity.${request ? 'approval_request' : 'done'}`, params)];
    }),
  );
}

/**
 * Logs every activity subject of the registry and notifies the people concerned, with no code per document:
 * the subject's metadata says which module it is, which permission key its readers hold, where its record's
 * page is, and whether it asks for an approval. Applied once per event by the service's EventConsumer (inbox).
 *
 * Recipients (the service's ApproverDirectory, identity's users and roles replicated): Active users holding the
 * document's location (or all) whose role may view the key; for an approval request, whose role grants
 * approval on the key with a limit covering the value, without the submitter when another approver exists
 * (the kit's no-self-approval rule). The actor is never told of their own action otherwise.
 */
@Injectable()
export class ActivityFeed implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly directory: ApproverDirectory,
    @Inject(ACTIVITY_REGISTRY) private readonly registry: ActivityRegistry,
    /** Live updates of the bell; absent where the feed runs without HTTP (tests driving it directly). */
    @Optional() private readonly stream?: NotificationStream,
    /** The approvals inbox's read model; absent where a test drives the feed for its notifications alone. */
    @Optional() private readonly approvals?: ApprovalProjection,
  ) {}

  onModuleInit(): void {
    for (const [subject, meta] of Object.entries(this.registry)) {
      this.events.on(subject as Subject, (event, manager) => {
        const data = event.data as DocumentActivity;
        // A document on another key than the subject's usual one (a consignment release) is that key's.
        return this.apply(manager, { ...event, data }, activityMetadataFor(meta, data));
      });
    }
  }

  async apply(manager: EntityManager, event: ActivityEvent, meta: ActivityMetadata): Promise<void> {
    const data = event.data;
    // Before the log's own once-only check: a replay (rebuild) finds the log written and must still refill the inbox.
    await this.approvals?.apply(manager, event, meta);
    const link = `${meta.linkPath}?id=${encodeURIComponent(data.document_id)}`;
    const logged = await manager.query<unknown[]>(
      `INSERT INTO activity_log (id, event_id, subject, module, created_by_id, created_by, message, reference_type,
                                 reference_id, link, location_id, created_time, permission_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (event_id) DO NOTHING RETURNING id`,
      [
        randomUUID(),
        event.id,
        event.subject,
        meta.module,
        data.actor_id,
        data.actor_name,
        JSON.stringify(activityMessages(meta, data, false)),
        meta.referenceType,
        data.document_id,
        link,
        data.location_id,
        event.occurredAt,
        meta.permissionKey,
      ],
    );
    if (logged.length === 0) return;
    const recipients = await this.recipients(manager, meta, data);
    if (recipients.length === 0) return;
    const message = JSON.stringify(activityMessages(meta, data, meta.asksApproval));
    const stored = await manager.query<{ user_id: string }[]>(
      `INSERT INTO notification (id, event_id, user_id, subject, message, reference_type, reference_id, link,
                                 created_time)
       SELECT gen_random_uuid(), $1, recipient, $2, $3::jsonb, $4, $5, $6, $7 FROM unnest($8::text[]) AS recipient
       ON CONFLICT (event_id, user_id) DO NOTHING RETURNING user_id`,
      [event.id, event.subject, message, meta.referenceType, data.document_id, link, event.occurredAt, recipients],
    );
    this.stream?.notifyAfterCommit(
      manager,
      stored.map((row) => row.user_id),
    );
  }

  private async recipients(manager: EntityManager, meta: ActivityMetadata, data: DocumentActivity) {
    if (meta.asksApproval) {
      const approvers = await this.directory.holders(manager, {
        permissionKey: meta.permissionKey,
        check: 'approval',
        locationId: data.location_id,
        valueUsd: data.value_usd ?? null,
      });
      const others = approvers.filter((userId) => userId !== data.actor_id);
      return others.length > 0 ? others : approvers;
    }
    const viewers = await this.directory.holders(manager, {
      permissionKey: meta.permissionKey,
      check: 'view',
      locationId: data.location_id,
    });
    return viewers.filter((userId) => userId !== data.actor_id);
  }
}

/** The registry's default: every activity subject declared in the contracts. */
export const ACTIVITY_REGISTRY_PROVIDER = { provide: ACTIVITY_REGISTRY, useValue: ACTIVITY_SUBJECTS };
