import DecimalJs from 'decimal.js';
import type { Decimal as DecimalClassType } from 'decimal.js';
import { CommonErrorCode, DocumentErrorCode, availableActions, hasPermission, isEditableIn } from '@scm/contracts';
import type { AccessTokenClaims, DocumentActionRule, DocumentMachine } from '@scm/contracts';
import { assertRecordInScope, locationScopeOf } from '../auth/access.js';
import { AppException } from '../http/app-exception.js';
import { isUuid } from '../http/id-param.js';

/**
 * The pure rules of the document kit (docs/document-kit.md): what the machine, the revision, the caller's
 * permission and approval limit allow. DocumentActions adds what needs the database (the approver directory,
 * the history row).
 */

/** decimal.js's ES module exports only a default (the class); its typings describe a CommonJS module. */
const DecimalClass = ((DecimalJs as unknown as { default?: unknown }).default ?? DecimalJs) as typeof DecimalClassType;
const D = DecimalClass.clone({ precision: 60, rounding: DecimalClass.ROUND_HALF_UP });

/** A document's fields may be edited only in the statuses the machine lists: else DOCUMENT_NOT_EDITABLE. */
export function assertEditable<S extends string>(machine: DocumentMachine<S>, status: S): void {
  if (!isEditableIn(machine, status)) throw new AppException(DocumentErrorCode.NOT_EDITABLE, { status });
}

/**
 * Optimistic concurrency: an edit or action names the revision it was made on; a missing one or one that is no
 * longer the document's is refused (DOCUMENT_STALE_REVISION, "changed by someone else"), never applied over the
 * other person's change. The caller's conditional UPDATE (`WHERE id = $1 AND revision = $2`) closes the race
 * between this check and its write.
 */
export function assertRevision(current: number | string, expected: number | undefined): void {
  if (expected === undefined || expected === null || Number(current) !== expected) {
    throw new AppException(DocumentErrorCode.STALE_REVISION);
  }
}

/** The actions the user may run now (the web app's action bar): machine and permission, never system actions. */
export function availableActionsFor<S extends string, A extends string>(
  machine: DocumentMachine<S, A>,
  status: S,
  user: Pick<AccessTokenClaims, 'perms'>,
): A[] {
  return availableActions(machine, status, user.perms ?? []);
}

/** The history's actor for a signed-in user: their id and their name as it is now. */
export function actorOf(user: Pick<AccessTokenClaims, 'sub' | 'name'>): { id: string; name: string } {
  return { id: user.sub, name: user.name };
}

/**
 * The rule of `action` when the machine allows it from `status`; else DOCUMENT_ACTION_NOT_ALLOWED naming both
 * (an unknown action name answers the same). `allowSystem`: system actions run only through DocumentActions.system.
 */
export function ruleOf<S extends string>(
  machine: DocumentMachine<S>,
  status: S,
  action: string,
  allowSystem = false,
): DocumentActionRule<S> {
  const rule = Object.hasOwn(machine.actions, action)
    ? (machine.actions as Record<string, DocumentActionRule<S>>)[action]
    : undefined;
  if (!rule || !rule.from.includes(status) || (rule.system && !allowSystem)) {
    throw new AppException(DocumentErrorCode.ACTION_NOT_ALLOWED, { action, status });
  }
  return rule;
}

/** The permission the rule asks on the machine's key (SPEC.md §5 rule): else FORBIDDEN. */
export function assertActionPermitted(
  machine: DocumentMachine,
  rule: DocumentActionRule<string>,
  user: Pick<AccessTokenClaims, 'perms'>,
): void {
  if (!hasPermission(user.perms ?? [], machine.permissionKey, rule.check)) {
    throw new AppException(CommonErrorCode.FORBIDDEN);
  }
}

/** A remark the rule asks for (reject) must be given: else DOCUMENT_REMARK_REQUIRED naming the action. */
export function assertRemarkGiven(rule: DocumentActionRule<string>, action: string, remark: string | undefined): void {
  if (rule.remarkRequired && !remark?.trim()) throw new AppException(DocumentErrorCode.REMARK_REQUIRED, { action });
}

/**
 * The value an approval is bounded by: the document's value in USD, as a magnitude (an adjustment that writes
 * stock off has a negative value, and deciding on a $5,000 loss needs the same authority as on a $5,000 gain).
 * Exact text, never a float. Throws on a value that is not a decimal: a document type with an approving action
 * must say what it is worth.
 */
export function approvalValueOf(valueUsd: string | number | null | undefined): string {
  if (valueUsd === null || valueUsd === undefined || String(valueUsd).trim() === '') {
    throw new Error('An approving action needs the document value (value_usd)');
  }
  let value: DecimalClassType;
  try {
    value = new D(String(valueUsd).trim());
  } catch {
    throw new Error(`The document value is not a decimal: ${String(valueUsd)}`);
  }
  if (!value.isFinite()) throw new Error(`The document value is not a decimal: ${String(valueUsd)}`);
  return value.abs().toFixed();
}

/** Whether a role's approval_limit (null: No Limit) covers `value` (exact decimal comparison). */
export function approvalLimitCovers(limit: string | null | undefined, value: string): boolean {
  if (limit === null || limit === undefined) return true;
  return new D(limit).gte(new D(value));
}

/** The user's role must cover the document's value: else DOCUMENT_APPROVAL_LIMIT_EXCEEDED {value, limit}. */
export function assertWithinApprovalLimit(user: Pick<AccessTokenClaims, 'limit'>, value: string): void {
  if (approvalLimitCovers(user.limit, value)) return;
  throw new AppException(DocumentErrorCode.APPROVAL_LIMIT_EXCEEDED, {
    value: shownValue(value, user.limit!),
    limit: new D(user.limit!).toFixed(2),
  });
}

/**
 * The value as the message shows it: money (2 decimals), unless rounding would make it look within the limit
 * (100.004 against a limit of 100.00): then every digit, so the message never contradicts itself.
 */
function shownValue(value: string, limit: string): string {
  const money = new D(value).toFixed(2);
  return new D(money).gt(new D(limit)) ? money : new D(value).toFixed();
}

/**
 * THE location-scope read of a document by id: a malformed id (attachments name their owner by any path segment),
 * a missing document and one of a location outside the caller's scope all answer `notFound()` alike, so nothing tells
 * a foreign document from none. Its read by id, its actions (locked) and its attachments' guard all go through it.
 */
export async function findDocumentInScope<Record extends { location_id: string }>(
  id: string,
  user: AccessTokenClaims,
  find: (id: string) => Promise<Record | null | undefined>,
  notFound: () => Error,
): Promise<Record> {
  const record = isUuid(id) ? await find(id) : null;
  if (!record) throw notFound();
  assertRecordInScope(locationScopeOf(user), record.location_id, notFound);
  return record;
}
