import { ATTACHMENT_DEFAULT_MAX_COUNT, isPermissionKey } from '@scm/contracts';
import type { PermissionKey } from '@scm/contracts';
import { assertIdentifier } from '../database/data-source.js';
import { AttachmentException } from './attachment.exception.js';

/** What an owner type accepts: documents (pdf, jpeg, jpg, png) or images only (jpeg, jpg, png). */
export type AttachmentAccept = 'documents' | 'images';

/** One kind of record a service lets users attach files to. */
export interface AttachmentOwnerTypeOptions {
  /**
   * Its permission key: view lists and downloads, edit uploads and deletes. `{ anyOf: [...] }` for a record
   * reached from two pages (products under PRODUCT and RJ_PRODUCT): any one key that grants the check is enough.
   */
  permission: PermissionKey | { anyOf: readonly PermissionKey[] };
  /** Documents (default) or images only (SPEC.md §5: product images are jpeg, jpg or png). */
  accept?: AttachmentAccept;
  /** Most files one record may hold; default the service's `maxCountPerOwner`. */
  maxCount?: number;
  /**
   * The record's table and id column in the service's own schema. When given, listing or uploading for an id
   * with no row there answers 404, so files cannot pile up under ids that do not exist.
   */
  record?: { table: string; idColumn: string };
  /**
   * The owner is a located record (a document of one location): every route of this type first asks the owner's
   * own read check, registered by the service with `AttachmentService.guardOwner` (the same check its read by id
   * makes, e.g. `assertRecordInScope`), and answers what that check answers. Without a registered check the
   * service does not start: never "every location".
   */
  scoped?: boolean;
}

/** What a service passes to `AttachmentsModule.forService`. */
export interface AttachmentsOptions {
  /** The mounting service: its schema, its API path (`/api/<service>/attachments`) and its storage prefix. */
  service: string;
  /** Owner type (a path segment, e.g. `uom`) → its permission key, or its full options. */
  ownerTypes: Readonly<Record<string, PermissionKey | AttachmentOwnerTypeOptions>>;
  /** Default most files per record (SPEC.md §8 "Files exceed max count"); 10 when not given. */
  maxCountPerOwner?: number;
}

export interface AttachmentOwnerType {
  name: string;
  /** One key (SPEC.md §5 rule) or, with `anyOf`, the keys any one of which is enough. */
  permission: PermissionKey | readonly PermissionKey[];
  anyOf: boolean;
  accept: AttachmentAccept;
  maxCount: number;
  record: { table: string; idColumn: string } | undefined;
  /** Guarded by the owner's own read check (`AttachmentService.guardOwner`). */
  scoped: boolean;
}

export interface ResolvedAttachmentsOptions {
  service: string;
  ownerTypes: ReadonlyMap<string, AttachmentOwnerType>;
}

/** Owner types are path and storage-key segments. `file` is taken by the download and delete routes. */
const OWNER_TYPE = /^[a-z][a-z0-9-]{0,49}$/;
const SERVICE = /^[a-z][a-z0-9-]{0,49}$/;
const RESERVED_OWNER_TYPES = new Set(['file']);

/** Checks a service's attachment options at start-up: a misconfiguration stops the process with its reason. */
export function resolveAttachmentsOptions(options: AttachmentsOptions): ResolvedAttachmentsOptions {
  const where = `AttachmentsModule.forService({ service: '${options.service}' })`;
  if (!SERVICE.test(options.service))
    throw new Error(`${where}: the service name must be lower-case letters, digits, -`);
  const defaultMax = positiveCount(
    options.maxCountPerOwner ?? ATTACHMENT_DEFAULT_MAX_COUNT,
    `${where}: maxCountPerOwner`,
  );
  const ownerTypes = new Map<string, AttachmentOwnerType>();
  for (const [name, value] of Object.entries(options.ownerTypes)) {
    if (!OWNER_TYPE.test(name) || RESERVED_OWNER_TYPES.has(name)) {
      throw new Error(`${where}: owner type "${name}" must be lower-case letters, digits, - and not "file"`);
    }
    const typeOptions: AttachmentOwnerTypeOptions = typeof value === 'string' ? { permission: value } : value;
    const anyOf = typeof typeOptions.permission === 'object';
    const keys: readonly string[] =
      typeof typeOptions.permission === 'object' ? typeOptions.permission.anyOf : [typeOptions.permission];
    if (keys.length === 0) throw new Error(`${where}: owner type "${name}" names no permission key`);
    for (const key of keys) {
      if (!isPermissionKey(key)) {
        throw new Error(`${where}: owner type "${name}" names an unknown permission key "${String(key)}"`);
      }
    }
    const accept = typeOptions.accept ?? 'documents';
    if (accept !== 'documents' && accept !== 'images') {
      throw new Error(`${where}: owner type "${name}" accepts "documents" or "images", not "${String(accept)}"`);
    }
    if (typeOptions.record) {
      assertIdentifier(typeOptions.record.table);
      assertIdentifier(typeOptions.record.idColumn);
    }
    ownerTypes.set(name, {
      name,
      permission: anyOf ? (keys as readonly PermissionKey[]) : (keys[0] as PermissionKey),
      anyOf,
      accept,
      maxCount: positiveCount(typeOptions.maxCount ?? defaultMax, `${where}: maxCount of "${name}"`),
      record: typeOptions.record && { ...typeOptions.record },
      scoped: typeOptions.scoped === true,
    });
  }
  if (ownerTypes.size === 0) throw new Error(`${where}: name at least one owner type`);
  return { service: options.service, ownerTypes };
}

function positiveCount(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${what} must be a whole number of at least 1`);
  return value;
}

/** An owner type the service exposes; any other is not found. Permissions are the routes' (one per type). */
export function ownerTypeOf(options: ResolvedAttachmentsOptions, ownerType: string): AttachmentOwnerType {
  const type = options.ownerTypes.get(ownerType);
  if (!type) throw AttachmentException.notFound();
  return type;
}
