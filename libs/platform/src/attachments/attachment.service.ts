import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import type { AccessTokenClaims, AttachmentView } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import type { UploadedFiles } from '../http/multipart-files.js';
import { createLogger } from '../logging/logger.js';
import { FILE_STORAGE } from '../runtime/tokens.js';
import type { FileStorage } from '../storage/file-storage.js';
import { DOCUMENT_UPLOAD_POLICY, IMAGE_UPLOAD_POLICY, inspectUpload } from '../storage/upload-policy.js';
import { attachmentStorageKey, cleanFileName, isValidOwnerId } from './attachment-names.js';
import { AttachmentException } from './attachment.exception.js';
import { AttachmentRepository } from './attachment.repository.js';
import type { AttachmentRow } from './attachment.repository.js';
import { ownerTypeOf } from './attachments.options.js';
import type { AttachmentOwnerType, ResolvedAttachmentsOptions } from './attachments.options.js';

export const ATTACHMENTS_OPTIONS = Symbol('ATTACHMENTS_OPTIONS');

const logger = createLogger('attachments');

/** Attachments of one owner added (an upload) or removed (a delete), told to the owner type's listener. */
export interface AttachmentChange {
  ownerType: string;
  ownerId: string;
  added: readonly AttachmentView[];
  removed: readonly AttachmentView[];
}

/**
 * Runs inside the transaction that adds or removes an owner's attachments, after the rows changed (so queries on
 * `manager` see them): the owner may update itself and publish its snapshot in the same unit of work, or throw
 * to refuse the change (nothing is kept then, files included).
 */
export type AttachmentChangeListener = (manager: EntityManager, change: AttachmentChange) => Promise<void>;

/**
 * The owner's own read check for the caller (its location scope): throws what a read of the owner by id would
 * (its not-found for a missing record or one of a foreign location), else resolves.
 */
export type AttachmentOwnerGuard = (ownerId: string, user: AccessTokenClaims) => Promise<void>;

/** A file to send back: its record and its bytes. */
export interface AttachmentDownload {
  attachment: AttachmentView;
  body: Buffer;
}

/**
 * Files attached to a service's records: upload (checked by content, 20 MB each, a maximum per record), list,
 * download, delete. A row and its stored file exist together or not at all: files are stored first and
 * removed again when anything after them fails (a refused file later in the same upload, the count limit,
 * the database); a row is deleted before its file, so a failure in between leaves an unreferenced file, never
 * a row without one.
 */
@Injectable()
export class AttachmentService implements OnApplicationBootstrap {
  constructor(
    @Inject(ATTACHMENTS_OPTIONS) private readonly options: ResolvedAttachmentsOptions,
    private readonly attachments: AttachmentRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  private readonly listeners = new Map<string, AttachmentChangeListener>();
  private readonly guards = new Map<string, AttachmentOwnerGuard>();

  /**
   * Makes every route of the `scoped` owner type `ownerType` run `guard` (the owner's own read check) for the caller
   * before anything else: listing, uploading, downloading and deleting are refused exactly as reading the owner is.
   */
  guardOwner(ownerType: string, guard: AttachmentOwnerGuard): void {
    const type = this.options.ownerTypes.get(ownerType);
    if (!type) throw new Error(`no attachment owner type "${ownerType}"`);
    if (!type.scoped) throw new Error(`attachment owner type "${ownerType}" is not scoped`);
    if (this.guards.has(ownerType)) throw new Error(`attachment owner type "${ownerType}" has a guard`);
    this.guards.set(ownerType, guard);
  }

  /** A scoped owner type without its guard stops the service at start-up (fail closed). */
  onApplicationBootstrap(): void {
    for (const type of this.options.ownerTypes.values()) {
      if (type.scoped && !this.guards.has(type.name)) {
        throw new Error(`attachment owner type "${type.name}" is scoped but no guard was registered (guardOwner)`);
      }
    }
  }

  /**
   * Makes `listener` run in every upload and delete of `ownerType`'s attachments (one listener per type), e.g. a
   * product republishing its snapshot with its image ids. An owner type the service does not expose is a bug.
   */
  onChange(ownerType: string, listener: AttachmentChangeListener): void {
    if (!this.options.ownerTypes.has(ownerType)) throw new Error(`no attachment owner type "${ownerType}"`);
    if (this.listeners.has(ownerType)) throw new Error(`attachment owner type "${ownerType}" has a listener`);
    this.listeners.set(ownerType, listener);
  }

  /** `user`: the caller, whom a scoped owner type's guard checks (required for those). */
  async list(ownerType: string, ownerId: string, user?: AccessTokenClaims): Promise<AttachmentView[]> {
    const type = ownerTypeOf(this.options, ownerType);
    await this.assertOwnerExists(type, ownerId, user);
    return (await this.attachments.listByOwner(type.name, ownerId)).map(toView);
  }

  /** Stores every file of the upload, or none of them. */
  async upload(
    user: AccessTokenClaims,
    ownerType: string,
    ownerId: string,
    files: UploadedFiles,
  ): Promise<AttachmentView[]> {
    const type = ownerTypeOf(this.options, ownerType);
    await this.assertOwnerExists(type, ownerId, user);
    // Checked early so a full record refuses without storing anything; checked again under the owner's lock.
    const room = type.maxCount - (await this.attachments.countByOwner(type.name, ownerId));
    const staged: AttachmentRow[] = [];
    try {
      const received = await files(async (file, index) => {
        if (index >= room) throw AttachmentException.maxCount(type.maxCount);
        const policy = type.accept === 'images' ? IMAGE_UPLOAD_POLICY : DOCUMENT_UPLOAD_POLICY;
        const { contentType, extension } = inspectUpload(file.body, file.fileName, policy);
        const id = randomUUID();
        const row: AttachmentRow = {
          id,
          owner_type: type.name,
          owner_id: ownerId,
          original_name: cleanFileName(file.fileName, extension),
          content_type: contentType,
          size: file.body.length,
          storage_key: attachmentStorageKey(this.options.service, type.name, ownerId, id, extension),
          uploaded_by: user.sub,
          uploaded_at: new Date(),
        };
        // Staged before the write: a write that fails half-way is removed with the others.
        staged.push(row);
        await this.storage.put(row.storage_key, file.body, contentType);
      });
      if (received === 0) throw AttachmentException.noFiles();
      await this.attachments.transaction(async (manager) => {
        await this.attachments.lockOwner(manager, type.name, ownerId);
        const count = await this.attachments.countByOwner(type.name, ownerId, manager);
        if (count + staged.length > type.maxCount) throw AttachmentException.maxCount(type.maxCount);
        await this.attachments.insert(manager, staged);
        await this.listeners.get(type.name)?.(manager, {
          ownerType: type.name,
          ownerId,
          added: staged.map(toView),
          removed: [],
        });
      });
    } catch (error) {
      await this.removeFiles(staged.map((row) => row.storage_key));
      throw error;
    }
    return staged.map(toView);
  }

  async download(ownerType: string, attachmentId: string, user?: AccessTokenClaims): Promise<AttachmentDownload> {
    const row = await this.findOfType(ownerType, attachmentId, user);
    return { attachment: toView(row), body: await this.storage.get(row.storage_key) };
  }

  /** Deletes the row (and tells the owner type's listener, in the same transaction), then the file. */
  async delete(ownerType: string, attachmentId: string, user?: AccessTokenClaims): Promise<void> {
    const row = await this.findOfType(ownerType, attachmentId, user);
    const removed = await this.attachments.transaction(async (manager) => {
      await this.attachments.lockOwner(manager, row.owner_type, row.owner_id);
      const gone = await this.attachments.deleteById(attachmentId, manager);
      if (!gone) throw AttachmentException.notFound();
      await this.listeners.get(row.owner_type)?.(manager, {
        ownerType: row.owner_type,
        ownerId: row.owner_id,
        added: [],
        removed: [toView(gone)],
      });
      return gone;
    });
    await this.removeFiles([removed.storage_key]);
  }

  /**
   * A record is deleted: its attachment rows go in the same transaction, and the files once it committed
   * (`removeFiles` with the keys returned), so a rolled-back delete keeps them.
   */
  detachAll(manager: EntityManager, ownerType: string, ownerId: string): Promise<string[]> {
    return this.attachments.deleteByOwner(manager, ownerTypeOf(this.options, ownerType).name, ownerId);
  }

  /**
   * The attachment, when it belongs to the route's owner type (whose permission the guard checked) and, for a
   * scoped type, to an owner the caller may read.
   */
  private async findOfType(ownerType: string, attachmentId: string, user?: AccessTokenClaims): Promise<AttachmentRow> {
    const type = ownerTypeOf(this.options, ownerType);
    const row = await this.attachments.findById(attachmentId);
    if (!row || row.owner_type !== type.name) throw AttachmentException.notFound();
    await this.checkOwnerAccess(type, row.owner_id, user);
    return row;
  }

  private async assertOwnerExists(type: AttachmentOwnerType, ownerId: string, user?: AccessTokenClaims) {
    if (!isValidOwnerId(ownerId)) throw AttachmentException.notFound();
    // The owner's own check first: a missing owner and one of a foreign location answer alike, as its read does.
    await this.checkOwnerAccess(type, ownerId, user);
    if (type.record && !(await this.attachments.recordExists(type.record.table, type.record.idColumn, ownerId))) {
      throw AttachmentException.notFound();
    }
  }

  /** A scoped type's guard for the caller; fails closed without a caller or a guard (a programming error). */
  private async checkOwnerAccess(type: AttachmentOwnerType, ownerId: string, user?: AccessTokenClaims) {
    if (!type.scoped) return;
    const guard = this.guards.get(type.name);
    if (!guard) throw new Error(`attachment owner type "${type.name}" is scoped but has no guard`);
    if (!user) throw new Error(`attachment owner type "${type.name}" is scoped: the caller is needed`);
    await guard(ownerId, user);
  }

  /** Best effort: a file that cannot be removed is logged (unreferenced, it is never served). */
  async removeFiles(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.storage.delete(key);
      } catch (error) {
        logger.warn({ err: error, key }, 'could not remove an attachment file');
      }
    }
  }
}

function toView(row: AttachmentRow): AttachmentView {
  return {
    id: row.id,
    owner_type: row.owner_type,
    owner_id: row.owner_id,
    original_name: row.original_name,
    content_type: row.content_type,
    size: row.size,
    uploaded_by: row.uploaded_by,
    uploaded_at: row.uploaded_at.toISOString(),
  };
}
