import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type { ListQuery, RegionSnapshot, RegionView, ValidRegionInput } from '@scm/contracts';
import { EventPublisher, ListPage, currentContext } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../master/master-record-store.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { RegionEntity } from './region.entity.js';
import { RegionException } from './region.exception.js';
import { RegionRepository } from './region.repository.js';

/**
 * Regions: create, edit, archive, reactivate, delete. Archive and delete are refused while a location uses
 * the region. Every change and its event commit together (outbox), with a growing revision.
 */
@Injectable()
export class RegionService {
  private readonly store: MasterRecordStore<RegionEntity, RegionView>;

  constructor(
    private readonly regions: RegionRepository,
    usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    this.store = new MasterRecordStore(regions.dataSource, usage, {
      usageType: 'region',
      errors: RegionException,
      find: (manager, id) => regions.findById(id, manager),
      lock: (manager, id) => regions.findByIdForUpdate(manager, id),
      save: (manager, region) => regions.save(manager, region),
      publishUpserted: (manager, region) => this.publishUpserted(manager, region),
      deleteAndPublish: async (manager, region) => {
        await regions.delete(manager, region.region_id);
        await events.publish(manager, CatalogSubjects.RegionDeleted, {
          region_id: region.region_id,
          revision: region.revision + 1,
        });
      },
      view: (_manager, region, inUse) => this.view(region, inUse),
    });
  }

  async list(query: ListQuery): Promise<ListPage<RegionView>> {
    const page = await this.regions.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  get(regionId: string): Promise<RegionView> {
    return this.store.get(regionId);
  }

  create(input: ValidRegionInput): Promise<RegionView> {
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const region: RegionEntity = {
      region_id: randomUUID(),
      region_name: input.region_name,
      remark: input.remark,
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    return this.store.create(region, (manager) => this.regions.insert(manager, region));
  }

  update(regionId: string, input: ValidRegionInput): Promise<RegionView> {
    return this.store.change(regionId, (_manager, region) => {
      if (region.status === 'archived') throw RegionException.archived();
      region.region_name = input.region_name;
      region.remark = input.remark;
    });
  }

  archive(regionId: string): Promise<RegionView> {
    return this.store.archive(regionId);
  }

  reactivate(regionId: string): Promise<RegionView> {
    return this.store.reactivate(regionId);
  }

  delete(regionId: string): Promise<void> {
    return this.store.delete(regionId);
  }

  private async publishUpserted(manager: EntityManager, region: RegionEntity): Promise<void> {
    const snapshot: RegionSnapshot = {
      region_id: region.region_id,
      region_name: region.region_name,
      remark: region.remark,
      status: region.status,
      revision: region.revision,
      last_updated_time: region.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.RegionUpserted, snapshot);
  }

  private view(region: RegionEntity, inUse: boolean): RegionView {
    return {
      region_id: region.region_id,
      region_name: region.region_name,
      remark: region.remark,
      status: region.status,
      in_use: inUse,
      created_time: region.created_time.toISOString(),
      last_updated_time: region.last_updated_time.toISOString(),
      created_by: region.created_by,
      last_updated_by: region.last_updated_by,
    };
  }
}
