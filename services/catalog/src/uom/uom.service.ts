import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type { ListQuery, UomSnapshot, UomView, ValidUomInput } from '@scm/contracts';
import {
  AttachmentService,
  EventPublisher,
  ListPage,
  currentContext,
  isUniqueViolation,
  stampChange,
} from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { UomEntity } from './uom.entity.js';
import { UomException } from './uom.exception.js';
import { UomRepository } from './uom.repository.js';

/**
 * Units of measure: create, edit, archive, reactivate, delete. Every change and its event commit together
 * (outbox), with a growing revision so replicas apply snapshots in order.
 */
@Injectable()
export class UomService {
  constructor(
    private readonly uoms: UomRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
    private readonly attachments: AttachmentService,
  ) {}

  async list(query: ListQuery): Promise<ListPage<UomView>> {
    const page = await this.uoms.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  async get(uomId: string): Promise<UomView> {
    const uom = await this.uoms.findById(uomId);
    if (!uom) throw UomException.notFound();
    return this.view(uom, await this.usage.isInUse(this.uoms.manager, 'uom', uomId));
  }

  async create(input: ValidUomInput): Promise<UomView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const uom: UomEntity = {
      uom_id: randomUUID(),
      uom_name: input.uom_name,
      secondary_uom: input.secondary_uom,
      uom_per_primary: input.uom_per_primary,
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    await this.write(async (manager) => {
      await this.uoms.insert(manager, uom);
      await this.publishUpserted(manager, uom);
    });
    return this.view(uom, false);
  }

  update(uomId: string, input: ValidUomInput): Promise<UomView> {
    return this.change(uomId, (uom) => {
      if (uom.status === 'archived') throw UomException.archived();
      uom.uom_name = input.uom_name;
      uom.secondary_uom = input.secondary_uom;
      uom.uom_per_primary = input.uom_per_primary;
    });
  }

  archive(uomId: string): Promise<UomView> {
    return this.change(uomId, (uom, inUse) => {
      if (inUse) throw UomException.inUse();
      uom.status = 'archived';
    });
  }

  reactivate(uomId: string): Promise<UomView> {
    return this.change(uomId, (uom) => {
      uom.status = 'active';
    });
  }

  /** Deletes the UOM with its attachments (rows with it, files once it committed). */
  async delete(uomId: string): Promise<void> {
    const files = await this.write(async (manager) => {
      const uom = await this.uoms.findByIdForUpdate(manager, uomId);
      if (!uom) throw UomException.notFound();
      if (await this.usage.isInUse(manager, 'uom', uomId)) throw UomException.inUse();
      const attached = await this.attachments.detachAll(manager, 'uom', uomId);
      await this.uoms.delete(manager, uomId);
      await this.events.publish(manager, CatalogSubjects.UomDeleted, { uom_id: uomId, revision: uom.revision + 1 });
      return attached;
    });
    await this.attachments.removeFiles(files);
  }

  /** Loads and locks the UOM, applies `mutate`, bumps the revision and publishes the new snapshot. */
  private async change(uomId: string, mutate: (uom: UomEntity, inUse: boolean) => void): Promise<UomView> {
    return this.write(async (manager) => {
      const uom = await this.uoms.findByIdForUpdate(manager, uomId);
      if (!uom) throw UomException.notFound();
      const inUse = await this.usage.isInUse(manager, 'uom', uomId);
      mutate(uom, inUse);
      stampChange(uom);
      await this.uoms.save(manager, uom);
      await this.publishUpserted(manager, uom);
      return this.view(uom, inUse);
    });
  }

  /** A transaction whose unique-name violation becomes the translated duplicate error. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.uoms.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw UomException.duplicate();
      throw error;
    }
  }

  private async publishUpserted(manager: EntityManager, uom: UomEntity): Promise<void> {
    const snapshot: UomSnapshot = {
      uom_id: uom.uom_id,
      uom_name: uom.uom_name,
      secondary_uom: uom.secondary_uom,
      uom_per_primary: uom.uom_per_primary,
      status: uom.status,
      revision: uom.revision,
      last_updated_time: uom.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.UomUpserted, snapshot);
  }

  private view(uom: UomEntity, inUse: boolean): UomView {
    return {
      uom_id: uom.uom_id,
      uom_name: uom.uom_name,
      secondary_uom: uom.secondary_uom,
      uom_per_primary: uom.uom_per_primary,
      status: uom.status,
      in_use: inUse,
      created_time: uom.created_time.toISOString(),
      last_updated_time: uom.last_updated_time.toISOString(),
      created_by: uom.created_by,
      last_updated_by: uom.last_updated_by,
    };
  }
}
