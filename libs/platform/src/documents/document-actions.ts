import { Injectable } from '@nestjs/common';
import { DocumentErrorCode } from '@scm/contracts';
import type {
  ACTIVITY_SUBJECTS,
  AccessTokenClaims,
  DocumentActionInput,
  DocumentMachine,
  DocumentType,
} from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { inLocationScope, locationScopeOf } from '../auth/access.js';
import { returnedRows } from '../database/returned-rows.js';
import { EventPublisher } from '../events/event-publisher.js';
import { AppException } from '../http/app-exception.js';
import { ApproverDirectory } from './approver-directory.js';
import { recordHistory } from './document-history.js';
import type { DocumentActor } from './document-history.js';
import {
  approvalValueOf,
  assertActionPermitted,
  assertRemarkGiven,
  assertRevision,
  assertWithinApprovalLimit,
  actorOf,
  ruleOf,
} from './document-rules.js';
import { assertInTransaction } from './transaction.js';

/** The document as the action sees it: its row as read (for update) in the caller's transaction. */
export interface ActionDocument {
  type: DocumentType;
  id: string;
  status: string;
  revision: number;
  location_id: string;
  /** Who submitted it (null while it never was): the no-self-approval rule. */
  submitted_by: string | null;
  /**
   * Its value in USD, exact text (never a float): bounds approving actions by the approver's limit. Required when
   * the action is an approving one (`approval: true`); a negative value counts by its magnitude.
   */
  value_usd?: string | null;
}

export interface CheckActionRequest {
  machine: DocumentMachine;
  document: ActionDocument;
  action: string;
  /** The body of `POST .../:id/<action>` (documentActionSchema): the revision the user saw and a remark. */
  input: DocumentActionInput;
  user: AccessTokenClaims;
}

export interface SystemActionRequest {
  machine: DocumentMachine;
  document: Pick<ActionDocument, 'type' | 'id' | 'status'>;
  action: string;
  actor: DocumentActor;
  remark?: string | null;
}

/** The transition the action makes; the caller writes it with its conditional UPDATE. */
export interface ActionTransition {
  from: string;
  to: string;
}

/** A subject of the activity registry: its payload is the document activity every document publishes. */
export type DocumentActivitySubject = keyof typeof ACTIVITY_SUBJECTS;

/** A user's action run whole by `DocumentActions.apply`: the checks, its effect, the row, the activity event. */
export interface ApplyActionRequest extends CheckActionRequest {
  document: ActionDocument & { doc_no: string };
  /**
   * The document's table in the service's schema (a constant of the service, never input). Its row must have
   * status, revision, last_updated_by, last_updated_time and submitted_by / submitted_by_name / submitted_time.
   */
  table: string;
  /** The activity event of the action; none for a step that is not news. */
  subject?: DocumentActivitySubject;
  /**
   * What the action does besides moving the status (posting stock, splitting an order…), once the checks passed;
   * the columns it answers are set on the row with the status.
   */
  effect?: (transition: ActionTransition) => Promise<Record<string, unknown> | void>;
  /** Columns the action sets besides the status (a signature, a time); names are the service's constants. */
  fields?: Record<string, unknown>;
}

/**
 * Runs the checks of a document action (docs/document-kit.md) and writes its history line, inside the caller's
 * transaction. It never updates the document's row: the caller does, in the same transaction, with
 * `UPDATE ... SET status = <to>, revision = revision + 1 WHERE id = $1 AND revision = $2`, where zero rows is
 * DOCUMENT_STALE_REVISION (a concurrent action got there first; its rollback takes this history line with it).
 */
@Injectable()
export class DocumentActions {
  constructor(
    private readonly approvers: ApproverDirectory,
    private readonly events: EventPublisher,
  ) {}

  /**
   * A user's action whole, in the caller's transaction, the document's row locked in scope by the caller: `check`,
   * the action's effect, the row's conditional UPDATE (status, revision + 1, who submitted on submit, the action's
   * fields; zero rows is DOCUMENT_STALE_REVISION) and its activity event through the outbox (with the value on
   * submit, for the approvers' inbox). Every document's actions run through here, so they cannot drift apart.
   */
  async apply(manager: EntityManager, request: ApplyActionRequest): Promise<ActionTransition> {
    const { document, action, input, user } = request;
    const transition = await this.check(manager, request);
    const effected = (await request.effect?.(transition)) ?? {};
    const actor = actorOf(user);
    const fields: Record<string, unknown> = {
      status: transition.to,
      ...(action === 'submit' && { submitted_by: actor.id, submitted_by_name: actor.name, submitted_time: new Date() }),
      ...request.fields,
      ...effected,
      last_updated_by: user.sub,
    };
    const columns = Object.keys(fields);
    const sets = columns.map((column, index) => `${column} = $${index + 3}`);
    const rows = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE ${request.table} SET ${[...sets, 'revision = revision + 1', 'last_updated_time = now()'].join(', ')}
          WHERE id = $1 AND revision = $2 RETURNING id`,
        [document.id, document.revision, ...columns.map((column) => fields[column])],
      ),
    );
    if (rows.length !== 1) throw new AppException(DocumentErrorCode.STALE_REVISION);
    if (request.subject) {
      await this.events.publish(manager, request.subject, {
        document_type: document.type,
        document_id: document.id,
        doc_no: document.doc_no,
        location_id: document.location_id,
        action,
        from_status: transition.from,
        to_status: transition.to,
        actor_id: actor.id,
        actor_name: actor.name,
        remark: input.remark ?? null,
        revision: document.revision + 1,
        ...(action === 'submit' && document.value_usd != null && { value_usd: document.value_usd }),
        permission_key: request.machine.permissionKey,
      });
    }
    return transition;
  }

  /**
   * A user's action, checked in this order:
   * 1. the document is in the user's locations (else DOCUMENT_NOT_FOUND, as a read by id answers);
   * 2. the machine allows the action from the status (else DOCUMENT_ACTION_NOT_ALLOWED {action, status}; system
   *    actions are never a user's);
   * 3. the user's role grants the rule's check (edit / approval) on the machine's key (else FORBIDDEN);
   * 4. the revision the user saw is the document's (else DOCUMENT_STALE_REVISION);
   * 5. a remark is given when the rule asks for one (else DOCUMENT_REMARK_REQUIRED {action});
   * 6. an approving rule (`approval: true`): the user's approval_limit (null: No Limit) covers the document's value
   *    in USD, compared exactly (else DOCUMENT_APPROVAL_LIMIT_EXCEEDED {value, limit});
   * 7. a deciding rule (check `approval`: approve, reject) by the user who submitted the document: refused
   *    (DOCUMENT_SELF_APPROVAL) while another approver exists — an Active user other than the submitter whose role
   *    grants approval on the key, whose limit covers the value and who holds the document's location (or every
   *    location), as the ApproverDirectory knows them. When there is none, the submitter is the only approver
   *    configured and may decide their own document: a document must never be stuck for want of anyone allowed
   *    to decide it.
   */
  async check(manager: EntityManager, request: CheckActionRequest): Promise<ActionTransition> {
    assertInTransaction(manager, 'DocumentActions.check');
    const { machine, document, action, input, user } = request;
    assertSameType(machine, document.type);
    if (!inLocationScope(locationScopeOf(user), document.location_id)) {
      throw new AppException(DocumentErrorCode.NOT_FOUND);
    }
    const rule = ruleOf(machine, document.status, action);
    assertActionPermitted(machine, rule, user);
    assertRevision(document.revision, input.revision);
    assertRemarkGiven(rule, action, input.remark);

    const deciding = rule.check === 'approval';
    const value = rule.approval || deciding ? valueForApproval(rule.approval === true, document.value_usd) : null;
    if (rule.approval) assertWithinApprovalLimit(user, value!);
    if (deciding && document.submitted_by !== null && document.submitted_by === user.sub) {
      const others = await this.approvers.otherApprovers(manager, {
        permissionKey: machine.permissionKey,
        locationId: document.location_id,
        // A reject on a document without a value: every other holder of approval on the key counts.
        valueUsd: value ?? '0',
        excludingUserId: user.sub,
      });
      if (others > 0) throw new AppException(DocumentErrorCode.SELF_APPROVAL);
    }

    await recordHistory(manager, {
      document_type: document.type,
      document_id: document.id,
      action,
      from_status: document.status,
      to_status: rule.to,
      remark: input.remark ?? null,
      actor: actorOf(user),
    });
    return { from: document.status, to: rule.to };
  }

  /**
   * The system's action (a stock take completing when its adjustment is approved, returning to RECOUNT when it
   * is discarded): the machine must allow it from the status (else DOCUMENT_ACTION_NOT_ALLOWED), system rules
   * included; no permission, revision, limit or approver check (nobody pressed a button). Writes the history.
   */
  async system(manager: EntityManager, request: SystemActionRequest): Promise<ActionTransition> {
    assertInTransaction(manager, 'DocumentActions.system');
    const { machine, document, action, actor, remark } = request;
    assertSameType(machine, document.type);
    const rule = ruleOf(machine, document.status, action, true);
    await recordHistory(manager, {
      document_type: document.type,
      document_id: document.id,
      action,
      from_status: document.status,
      to_status: rule.to,
      remark: remark ?? null,
      actor,
    });
    return { from: document.status, to: rule.to };
  }
}

function assertSameType(machine: DocumentMachine, type: DocumentType): void {
  if (machine.type !== type) throw new Error(`A ${type} document checked against the ${machine.type} machine`);
}

/**
 * The value an approving action is bounded by (required: see ActionDocument.value_usd). A reject (deciding, not
 * approving) uses the value when the document has one, so the approvers counted for the self-approval rule are
 * those who could also have approved it.
 */
function valueForApproval(approving: boolean, valueUsd: string | null | undefined): string | null {
  if (approving) return approvalValueOf(valueUsd);
  return valueUsd === null || valueUsd === undefined ? null : approvalValueOf(valueUsd);
}
