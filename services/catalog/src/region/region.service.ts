import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type { ListQuery, RegionSnapshot, RegionView, ValidRegionInput } from '@scm/contracts';
import { EventPublisher, ListPage, currentContext, isUniqueViolation, stampChange } from '@scm/platform';
import type { EntityManager } from 'typeorm';
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
  constructor(
    private readonly regions: RegionRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(query: ListQuery): Promise<ListPage<RegionView>> {
    const page = await this.regions.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  async get(regionId: string): Promise<RegionView> {
    const region = await this.regions.findById(regionId);
    if (!region) throw RegionException.notFound();
    return this.view(region, await this.usage.isInUse(this.regions.manager, 'region', regionId));
  }

  async create(input: ValidRegionInput): Promise<RegionView> {
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
    await this.write(async (manager) => {
      await this.regions.insert(manager, region);
      await this.publishUpserted(manager, region);
    });
    return this.view(region, false);
  }

  update(regionId: string, input: ValidRegionInput): Promise<RegionView> {
    return this.change(regionId, (region) => {
      if (region.status === 'archived') throw RegionException.archived();
      region.region_name = input.region_name;
      region.remark = input.remark;
    });
  }

  archive(regionId: string): Promise<RegionView> {
    return this.change(regionId, (region, inUse) => {
      if (inUse) throw RegionException.inUse();
      region.status = 'archived';
    });
  }

  reactivate(regionId: string): Promise<RegionView> {
    return this.change(regionId, (region) => {
      region.status = 'active';
    });
  }

  async delete(regionId: string): Promise<void> {
    await this.write(async (manager) => {
      const region = await this.regions.findByIdForUpdate(manager, regionId);
      if (!region) throw RegionException.notFound();
      if (await this.usage.isInUse(manager, 'region', regionId)) throw RegionException.inUse();
      await this.regions.delete(manager, regionId);
      await this.events.publish(manager, CatalogSubjects.RegionDeleted, {
        region_id: regionId,
        revision: region.revision + 1,
      });
    });
  }

  /** Loads and locks the region, applies `mutate`, bumps the revision and publishes the new snapshot. */
  private async change(regionId: string, mutate: (region: RegionEntity, inUse: boolean) => void): Promise<RegionView> {
    return this.write(async (manager) => {
      const region = await this.regions.findByIdForUpdate(manager, regionId);
      if (!region) throw RegionException.notFound();
      const inUse = await this.usage.isInUse(manager, 'region', regionId);
      mutate(region, inUse);
      stampChange(region);
      await this.regions.save(manager, region);
      await this.publishUpserted(manager, region);
      return this.view(region, inUse);
    });
  }

  /** A transaction whose unique-name violation becomes the translated duplicate error. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.regions.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw RegionException.duplicate();
      throw error;
    }
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
