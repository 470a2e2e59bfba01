import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { RECORD_ACTIVITY_SUBJECTS } from '@scm/contracts';
import type { RecordActivityMetadata, RecordActivityRegistry, Subject } from '@scm/contracts';
import { LANGUAGES, hasTranslation, translate } from '@scm/i18n';
import { ApproverDirectory, EventConsumer } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { NotificationStream } from '../notification/notification-stream.js';

/** The record registry the feed subscribes to (RECORD_ACTIVITY_SUBJECTS; a test may give its own). */
export const RECORD_ACTIVITY_REGISTRY = Symbol('RECORD_ACTIVITY_REGISTRY');

/** What the feed needs of one event: the envelope's id, subject, time, actor and payload. */
export interface RecordActivityEvent {
  id: string;
  subject: string;
  occurredAt: string;
  actor: string | null;
  data: Record<string, unknown>;
}

type Payload = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** The verb the metadata declares for this payload: created at revision 1, archived by status, else the verb. */
export function recordVerb(meta: RecordActivityMetadata, data: Payload): string {
  if (meta.archivedVerb && data.status === 'archived') return meta.archivedVerb;
  if (meta.createdVerb && data.revision === 1) return meta.createdVerb;
  return meta.verb;
}

/** The message of a record activity in every language (jsonb by language tag). */
export function recordMessages(meta: RecordActivityMetadata, data: Payload, actor: string): Record<string, string> {
  const plain = Object.fromEntries(
    Object.entries(data).flatMap(([key, value]) => {
      const shown = text(value);
      return shown === null ? [] : [[key, shown]];
    }),
  );
  const name = text(data[meta.nameField ?? meta.idField]) ?? text(data[meta.idField]) ?? '';
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const typeKey = `messages.records.types.${meta.referenceType}`;
      const params = {
        ...plain,
        actor,
        name,
        record: hasTranslation(language, typeKey) ? translate(language, typeKey) : meta.referenceType,
        verb: translate(language, `messages.records.verbs.${recordVerb(meta, data)}`),
      };
      return [language, translate(language, `messages.records.messages.${meta.message ?? 'record'}`, params)];
    }),
  );
}

/**
 * Logs the record subjects of the registry (catalog's master data, identity's users, roles, sign-ins and denials)
 * and notifies whom their metadata names, with no code per subject. The actor is the payload's when declared
 * (a sign-in has no signed-in caller), else the envelope's, named from the replicated user directory.
 * Applied once per event (the consumer's inbox; the log's unique event_id again, for a replay).
 */
@Injectable()
export class RecordActivityFeed implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly directory: ApproverDirectory,
    @Inject(RECORD_ACTIVITY_REGISTRY) private readonly registry: RecordActivityRegistry,
    @Optional() private readonly stream?: NotificationStream,
  ) {}

  onModuleInit(): void {
    for (const [subject, meta] of Object.entries(this.registry)) {
      // alsoOn: identity's user and role subjects are handled by the user directory's replica too.
      this.events.alsoOn(subject as Subject, (event, manager) =>
        this.apply(manager, { ...event, data: event.data }, meta),
      );
    }
  }

  async apply(manager: EntityManager, event: RecordActivityEvent, meta: RecordActivityMetadata): Promise<void> {
    const data = event.data;
    const actorId = meta.actorFields ? text(data[meta.actorFields.id]) : event.actor;
    const actorName = meta.actorFields
      ? (text(data[meta.actorFields.name]) ?? '')
      : await this.nameOf(manager, event.actor);
    const link = meta.link ? linkOf(meta.link, data) : '';
    const referenceId = text(data[meta.idField]) ?? '';
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
        actorId,
        actorName,
        JSON.stringify(recordMessages(meta, data, actorName)),
        meta.referenceType,
        referenceId,
        link,
        meta.locationField ? (text(data[meta.locationField]) ?? null) : null,
        event.occurredAt,
        meta.permissionKey ?? null,
      ],
    );
    if (logged.length === 0 || !meta.notify) return;
    const recipients = (await this.recipients(manager, meta.notify, data)).filter(
      // The actor is never told of their own action, except the uploader of an import, who waits for its end.
      (userId) => 'userField' in meta.notify! || userId !== actorId,
    );
    if (recipients.length === 0) return;
    const stored = await manager.query<{ user_id: string }[]>(
      `INSERT INTO notification (id, event_id, user_id, subject, message, reference_type, reference_id, link,
                                 created_time)
       SELECT gen_random_uuid(), $1, recipient, $2, $3::jsonb, $4, $5, $6, $7 FROM unnest($8::text[]) AS recipient
       ON CONFLICT (event_id, user_id) DO NOTHING RETURNING user_id`,
      [
        event.id,
        event.subject,
        JSON.stringify(recordMessages(meta, data, actorName)),
        meta.referenceType,
        referenceId,
        link,
        event.occurredAt,
        recipients,
      ],
    );
    this.stream?.notifyAfterCommit(
      manager,
      stored.map((row) => row.user_id),
    );
  }

  private async recipients(
    manager: EntityManager,
    notify: NonNullable<RecordActivityMetadata['notify']>,
    data: Payload,
  ): Promise<string[]> {
    if ('userField' in notify) {
      const userId = text(data[notify.userField]);
      return userId ? [userId] : [];
    }
    const field = data[notify.locationsField];
    const locations = Array.isArray(field) ? field.map(text).filter((l): l is string => l !== null) : [text(field)];
    const found = new Set<string>();
    for (const locationId of locations) {
      if (!locationId) continue;
      for (const userId of await this.directory.holders(manager, {
        permissionKey: notify.permissionKey,
        check: 'view',
        locationId,
      }))
        found.add(userId);
    }
    return [...found].sort();
  }

  private async nameOf(manager: EntityManager, userId: string | null): Promise<string> {
    if (!userId) return 'SYSTEM';
    const [row] = await manager.query<{ employee_name: string }[]>(
      'SELECT employee_name FROM approver_user WHERE user_id = $1',
      [userId],
    );
    return row?.employee_name ?? userId;
  }
}

function linkOf(link: NonNullable<RecordActivityMetadata['link']>, data: Payload): string {
  const value = text(data[link.field]);
  return value === null ? '' : `${link.path}?${link.param}=${encodeURIComponent(value)}`;
}

/** The registry's default: every record activity subject declared in the contracts. */
export const RECORD_ACTIVITY_REGISTRY_PROVIDER = {
  provide: RECORD_ACTIVITY_REGISTRY,
  useValue: RECORD_ACTIVITY_SUBJECTS,
};
