import { z } from 'zod';
import type { PermissionKey } from '../access/permission-keys.js';
import type { CheckType, PermissionEntry } from '../access/permission-rule.js';
import { hasPermission } from '../access/permission-rule.js';

/**
 * THE DOCUMENT KIT'S CONTRACT (docs/document-kit.md). Every document type (stock adjustment, stock take, and
 * later PO, RO, return note, petty cash, transfer, WIP, DO, sales upload, invoices) declares ONE state machine
 * here in libs/contracts. The server reads it to refuse a wrong action with a translated error
 * (DOCUMENT_ACTION_NOT_ALLOWED), the web app to show only the buttons that apply: the two cannot disagree.
 */

/** Document type codes of SPEC.md §9 (plus ST for stock take and OR for store orders): number-series prefixes. */
export const DOCUMENT_TYPES = ['PO', 'RO', 'GR', 'PC', 'SA', 'ST', 'SR', 'WIP', 'DO', 'SU', 'SI', 'SO', 'OR'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** One action of a machine: the statuses it may start from, the status it leads to, and what it asks. */
export interface DocumentActionRule<S extends string> {
  from: readonly S[];
  /** The status after the action. */
  to: S;
  /** The permission check on the machine's key: `edit` for drafting actions, `approval` for approve / reject. */
  check: Exclude<CheckType, 'view'>;
  /** The action decides on a value and so is bounded by the role's approval_limit (approve). */
  approval?: boolean;
  /** A remark must be given (reject). */
  remarkRequired?: boolean;
  /** The web app asks for confirmation first (discard, cancel, reject). */
  confirm?: boolean;
  /** Only the system runs it (e.g. a stock take completing when its adjustment is approved): never a button. */
  system?: boolean;
}

export interface DocumentMachine<S extends string = string, A extends string = string> {
  type: DocumentType;
  /** The permission key of the document's routes and actions. */
  permissionKey: PermissionKey;
  statuses: readonly S[];
  initial: S;
  /** Statuses in which the document's fields may still be edited (with a fresh revision). */
  editableIn: readonly S[];
  /** Statuses after which nothing more happens (list tabs put them last). */
  final: readonly S[];
  actions: Readonly<Record<A, DocumentActionRule<S>>>;
}

/** Declares a machine, checking that every action names statuses of the machine. */
export function defineDocumentMachine<const S extends string, const A extends string>(
  machine: DocumentMachine<S, A>,
): DocumentMachine<S, A> {
  const known = new Set<string>(machine.statuses);
  for (const [name, rule] of Object.entries<DocumentActionRule<S>>(machine.actions)) {
    for (const status of [...rule.from, rule.to]) {
      if (!known.has(status)) throw new Error(`${machine.type}.${name}: unknown status ${status}`);
    }
  }
  return Object.freeze(machine);
}

/** Whether `action` may run on a document in `status` (by the machine alone, before any permission). */
export function canRunAction<S extends string, A extends string>(
  machine: DocumentMachine<S, A>,
  status: S,
  action: A,
): boolean {
  const rule = machine.actions[action] as DocumentActionRule<S> | undefined;
  return rule !== undefined && rule.from.includes(status);
}

/**
 * The actions a user may run on a document in `status`: allowed by the machine and by their permission on the
 * machine's key. System actions are never offered. The approval limit and the no-self-approval rule are the
 * server's (they need the document's value and the directory of approvers); the server refuses with a message.
 */
export function availableActions<S extends string, A extends string>(
  machine: DocumentMachine<S, A>,
  status: S,
  permissions: readonly PermissionEntry[],
): A[] {
  return (Object.keys(machine.actions) as A[]).filter((action) => {
    const rule = machine.actions[action];
    return !rule.system && rule.from.includes(status) && hasPermission(permissions, machine.permissionKey, rule.check);
  });
}

export function isEditableIn<S extends string>(machine: DocumentMachine<S>, status: S): boolean {
  return machine.editableIn.includes(status);
}

/**
 * The body of every `POST .../:id/<action>` (with an `Idempotency-Key` header): the revision the user saw, so an
 * action on a document someone else changed meanwhile is refused, and an optional remark for the history.
 */
export const documentActionSchema = z
  .object({
    revision: z.number().int().positive(),
    remark: z.string().trim().max(500).optional(),
  })
  .strict();
export type DocumentActionInput = z.infer<typeof documentActionSchema>;

/** One line of a document's history: who did what, when, from which status to which, with their remark. */
export interface DocumentHistoryEntry {
  action: string;
  from_status: string | null;
  to_status: string;
  remark: string | null;
  actor_id: string | null;
  actor_name: string;
  created_time: string;
}

/** The header fields every document view carries (beside its own). */
export interface DocumentHeaderView<S extends string = string> {
  id: string;
  doc_no: string;
  status: S;
  /** Grows with every edit and action; sent back with the next edit or action. */
  revision: number;
  location_id: string;
  location_name: string;
  created_by: string;
  created_by_name: string;
  created_time: string;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_time: string | null;
  last_updated_time: string;
  /** What the caller may do now (availableActions): the web app's action bar. */
  available_actions: string[];
  history: DocumentHistoryEntry[];
}

/** A status tab of a document list: the status (or null for "all") and its count. */
export interface DocumentStatusCount {
  status: string | null;
  count: number;
}
