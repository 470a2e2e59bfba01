import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type { ListQuery, UomSnapshot, UomView, ValidUomInput } from '@scm/contracts';
import { AttachmentService, EventPublisher, ListPage, currentContext } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../master/master-record-store.js';
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
  private readonly store: MasterRecordStore<UomEntity, UomView>;

  constructor(
    private readonly uoms: UomRepository,
    usage: RecordUsageRepository,
    private readonly events: EventPublisher,
    private readonly attachments: AttachmentService,
  ) {
    this.store = new MasterRecordStore(uoms.dataSource, usage, {
      usageType: 'uom',
      errors: UomException,
      find: (manager, id) => uoms.findById(id, manager),
      lock: (manager, id) => uoms.findByIdForUpdate(manager, id),
      save: (manager, uom) => uoms.save(manager, uom),
      publishUpserted: (manager, uom) => this.publishUpserted(manager, uom),
      deleteAndPublish: async (manager, uom) => {
        await uoms.delete(manager, uom.uom_id);
        await events.publish(manager, CatalogSubjects.UomDeleted, { uom_id: uom.uom_id, revision: uom.revision + 1 });
      },
      view: (_manager, uom, inUse) => this.view(uom, inUse),
    });
  }

  async list(query: ListQuery): Promise<ListPage<UomView>> {
    const page = await this.uoms.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  get(uomId: string): Promise<UomView> {
    return this.store.get(uomId);
  }

  create(input: ValidUomInput): Promise<UomView> {
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
    return this.store.create(uom, (manager) => this.uoms.insert(manager, uom));
  }

  update(uomId: string, input: ValidUomInput): Promise<UomView> {
    return this.store.change(uomId, (_manager, uom) => {
      if (uom.status === 'archived') throw UomException.archived();
      uom.uom_name = input.uom_name;
      uom.secondary_uom = input.secondary_uom;
      uom.uom_per_primary = input.uom_per_primary;
    });
  }

  archive(uomId: string): Promise<UomView> {
    return this.store.archive(uomId);
  }

  reactivate(uomId: string): Promise<UomView> {
    return this.store.reactivate(uomId);
  }

  /**
   * Deletes the UOM with its attachments: the rows in the delete's transaction, the files once it committed
   * (inside an enclosing unit of work: once this delete's work is done, before the outer commit).
   */
  async delete(uomId: string): Promise<void> {
    const files = await this.store.delete(uomId, (manager) => this.attachments.detachAll(manager, 'uom', uomId));
    await this.attachments.removeFiles(files);
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
