import type { MasterStatus } from '@scm/contracts';
import {
  assertRecordInScope,
  checkedLocationScope,
  inTransaction,
  isUniqueViolation,
  stampChange,
} from '@scm/platform';
import type { LocationScope, VersionedRecord } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { RecordUsageRepository } from '../usage/record-usage.repository.js';

/** A master record (SPEC.md §4): new, active or archived, versioned for its replicas. */
export interface MasterRecord extends VersionedRecord {
  status: MasterStatus;
}

/** The translated errors of one kind of record. */
export interface MasterRecordErrors {
  notFound(): Error;
  /** A unique code or name is taken (also raised for a concurrent create that lost the race). */
  duplicate(): Error;
  /** Archive or delete while another record uses it (SPEC.md §8). */
  inUse(): Error;
}

/** What the store needs to know about one kind of record. */
export interface MasterRecordKind<R extends MasterRecord, V> {
  /** Its `record_usage` type: what others record when they use it. */
  usageType: string;
  errors: MasterRecordErrors;
  find(manager: EntityManager, id: string): Promise<R | null>;
  /** Loads the record and locks its row until the transaction ends, or null. */
  lock(manager: EntityManager, id: string): Promise<R | null>;
  save(manager: EntityManager, record: R): Promise<void>;
  /** Publishes the full snapshot (`catalog.<entity>.upserted`) in the same transaction. */
  publishUpserted(manager: EntityManager, record: R): Promise<void>;
  /** Deletes the row (and its children) and publishes `catalog.<entity>.deleted` with `revision + 1`. */
  deleteAndPublish(manager: EntityManager, record: R): Promise<void>;
  /** The answer of every call; may stay synchronous when it reads nothing more. */
  view(manager: EntityManager, record: R, inUse: boolean): V | Promise<V>;
  /**
   * Declared by a record that carries a location (docs/architecture.md, "Access rules"): its location id, or null when
   * this one belongs to no location. Then every read and write needs the caller's scope (`store.in(scope)`), throws
   * without it, and answers a record of a foreign location as not found.
   */
  locationOf?(record: R): string | null;
}

/**
 * The one change flow of catalog's master records: lock, check use, mutate, stamp, save, publish the snapshot
 * and answer the view, all in one transaction (which joins an enclosing unit of work, see `inTransaction`).
 */
export class MasterRecordStore<R extends MasterRecord, V> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly usage: RecordUsageRepository,
    private readonly kind: MasterRecordKind<R, V>,
    private readonly scope?: LocationScope,
  ) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** The same store, reading and writing within the caller's locations (required by a located kind). */
  in(scope: LocationScope): MasterRecordStore<R, V> {
    return new MasterRecordStore(this.dataSource, this.usage, this.kind, checkedLocationScope(scope));
  }

  /** The record as found, or the not-found error; for a located kind also when outside the scope. */
  private found(record: R | null): R {
    if (!record) throw this.kind.errors.notFound();
    if (this.kind.locationOf) {
      if (!this.scope) throw new Error('A located master record is read or changed only within a location scope');
      assertRecordInScope(this.scope, this.kind.locationOf(record), () => this.kind.errors.notFound());
    }
    return record;
  }

  isInUse(manager: EntityManager, id: string): Promise<boolean> {
    return this.usage.isInUse(manager, this.kind.usageType, id);
  }

  /** The record's view (outside a transaction), or the not-found error. */
  async get(id: string): Promise<V> {
    const manager = this.dataSource.manager;
    const record = this.found(await this.kind.find(manager, id));
    return this.kind.view(manager, record, await this.isInUse(manager, id));
  }

  /** A transaction whose unique violation (a concurrent create, a taken name) becomes the duplicate error. */
  async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(this.dataSource, work);
    } catch (error) {
      if (isUniqueViolation(error)) throw this.kind.errors.duplicate();
      throw error;
    }
  }

  /** Inserts a new record through `insert`, publishes it and answers its view. */
  create(record: R, insert: (manager: EntityManager) => Promise<void>): Promise<V> {
    if (this.kind.locationOf) this.found(record); // a located record is created only within the scope
    return this.write(async (manager) => {
      await insert(manager);
      await this.kind.publishUpserted(manager, record);
      return this.kind.view(manager, record, false);
    });
  }

  /** Loads and locks the record, applies `mutate`, bumps the revision and publishes the new snapshot. */
  change(id: string, mutate: (manager: EntityManager, record: R, inUse: boolean) => Promise<void> | void): Promise<V> {
    return this.write(async (manager) => {
      const record = this.found(await this.kind.lock(manager, id));
      const inUse = await this.isInUse(manager, id);
      await mutate(manager, record, inUse);
      stampChange(record);
      await this.kind.save(manager, record);
      await this.kind.publishUpserted(manager, record);
      return this.kind.view(manager, record, inUse);
    });
  }

  /** Archive: refused while the record is in use. */
  archive(id: string): Promise<V> {
    return this.change(id, (_manager, record, inUse) => {
      if (inUse) throw this.kind.errors.inUse();
      record.status = 'archived';
    });
  }

  /** Back to active; `check` may refuse (say, its category was archived meanwhile). */
  reactivate(id: string, check?: (manager: EntityManager, record: R) => Promise<void>): Promise<V> {
    return this.change(id, async (manager, record) => {
      await check?.(manager, record);
      record.status = 'active';
    });
  }

  /**
   * Delete: refused while in use; the record's own references are forgotten with it. `alongside` (optional)
   * runs in the same transaction just before the row goes, and its result is answered, so the caller can
   * finish what must wait for the commit: a UOM detaches its attachment rows here and removes the files after.
   */
  delete(id: string): Promise<void>;
  delete<T>(id: string, alongside: (manager: EntityManager, record: R) => Promise<T>): Promise<T>;
  async delete<T>(id: string, alongside?: (manager: EntityManager, record: R) => Promise<T>): Promise<T | void> {
    return this.write(async (manager) => {
      const record = this.found(await this.kind.lock(manager, id));
      if (await this.isInUse(manager, id)) throw this.kind.errors.inUse();
      await this.usage.removeAllBy(manager, this.kind.usageType, id);
      const result = await alongside?.(manager, record);
      await this.kind.deleteAndPublish(manager, record);
      return result;
    });
  }
}
