import { Injectable } from '@nestjs/common';
import { CatalogSubjects } from '@scm/contracts';
import type { ListQuery, LocationSnapshot, LocationView, ValidLocationInput } from '@scm/contracts';
import { EventPublisher, ListPage, assertAllLocations, currentContext } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../master/master-record-store.js';
import { RecordUsageRepository } from '../usage/record-usage.repository.js';
import { LocationEntity } from './location.entity.js';
import { LocationException } from './location.exception.js';
import { LocationRepository } from './location.repository.js';

const USED_BY = 'location';

/** What a location refers to, as record_usage targets: a region, a category and maybe a sub-category. */
function referencesOf(location: Pick<LocationEntity, 'region_id' | 'category_id' | 'sub_category_id'>) {
  return [
    { type: 'region', id: location.region_id },
    { type: 'location_category', id: location.category_id },
    ...(location.sub_category_id ? [{ type: 'location_sub_category', id: location.sub_category_id }] : []),
  ];
}

/**
 * Locations (SPEC.md §3). A location records its use of its region, category and sub-category (record_usage),
 * so those refuse archive and delete while it exists; a change moves the usage, a delete removes it.
 *
 * A location itself is in use while something refers to it. Users' location lists live in identity's schema:
 * they are not read across schemas here; identity's user events record that usage in catalog's record_usage
 * (target_type 'location', used_by_type 'user') through UserLocationsHandler, and archive/delete honour it.
 */
@Injectable()
export class LocationService {
  private readonly store: MasterRecordStore<LocationEntity, LocationView>;

  constructor(
    private readonly locations: LocationRepository,
    private readonly usage: RecordUsageRepository,
    private readonly events: EventPublisher,
  ) {
    this.store = new MasterRecordStore(locations.dataSource, usage, {
      usageType: USED_BY,
      errors: LocationException,
      find: (manager, id) => locations.findById(id, manager),
      lock: (manager, id) => locations.findByIdForUpdate(manager, id),
      save: (manager, location) => locations.save(manager, location),
      publishUpserted: (manager, location) => this.publishUpserted(manager, location),
      deleteAndPublish: async (manager, location) => {
        await locations.delete(manager, location.location_id);
        await events.publish(manager, CatalogSubjects.LocationDeleted, {
          location_id: location.location_id,
          revision: location.revision + 1,
        });
      },
      view: (manager, location, inUse) => this.view(manager, location, inUse),
      // A location is its own location: a user reads and changes only theirs.
      locationOf: (location) => location.location_id,
    });
  }

  /** The caller's own locations only (the list feeds the location pickers too). */
  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<LocationView>> {
    const page = await this.locations.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  async get(locationId: string, scope: LocationScope): Promise<LocationView> {
    return this.store.in(scope).get(locationId);
  }

  /** A new location is held by nobody yet: only a caller holding every location creates one. */
  create(input: ValidLocationInput, scope: LocationScope): Promise<LocationView> {
    assertAllLocations(scope, 'location_id');
    const store = this.store.in(scope);
    const now = new Date();
    const actor = currentContext()?.actor ?? null;
    const location: LocationEntity = {
      ...this.fields(input),
      location_id: input.location_id,
      status: 'new',
      revision: 1,
      created_time: now,
      last_updated_time: now,
      created_by: actor,
      last_updated_by: actor,
    };
    return store.create(location, async (manager) => {
      if (await this.locations.findById(input.location_id, manager)) throw LocationException.duplicate();
      await this.checkReferences(manager, location);
      await this.locations.insert(manager, location);
      for (const target of referencesOf(location)) {
        await this.usage.add(manager, target.type, target.id, USED_BY, location.location_id);
      }
    });
  }

  /** Edits everything but the code; the usage of the old references moves to the new ones. */
  update(locationId: string, input: ValidLocationInput, scope: LocationScope): Promise<LocationView> {
    if (input.location_id !== locationId) return Promise.reject(LocationException.idChanged());
    return this.store.in(scope).change(locationId, async (manager, location) => {
      if (location.status === 'archived') throw LocationException.archived();
      const before = referencesOf(location);
      Object.assign(location, this.fields(input));
      await this.checkReferences(manager, location);
      const after = referencesOf(location);
      const same = (a: { type: string; id: string }) => (b: { type: string; id: string }) =>
        a.type === b.type && a.id === b.id;
      for (const old of before.filter((target) => !after.some(same(target)))) {
        await this.usage.remove(manager, old.type, old.id, USED_BY, locationId);
      }
      for (const target of after.filter((next) => !before.some(same(next)))) {
        await this.usage.add(manager, target.type, target.id, USED_BY, locationId);
      }
    });
  }

  archive(locationId: string, scope: LocationScope): Promise<LocationView> {
    return this.store.in(scope).archive(locationId);
  }

  /** Back to active: its region and category must still be usable. */
  reactivate(locationId: string, scope: LocationScope): Promise<LocationView> {
    return this.store.in(scope).reactivate(locationId, (manager, location) => this.checkReferences(manager, location));
  }

  delete(locationId: string, scope: LocationScope): Promise<void> {
    return this.store.in(scope).delete(locationId);
  }

  private fields(input: ValidLocationInput) {
    return {
      location_name: input.location_name,
      is_operating: input.is_operating,
      category_id: input.category_id,
      sub_category_id: input.sub_category_id,
      region_id: input.region_id,
      address: input.address,
      country: input.country,
      postal_code: input.postal_code,
      contact_person: input.contact_person,
      remark: input.remark,
    };
  }

  /** The region, category and sub-category exist, are not archived, and the sub-category is the category's. */
  private async checkReferences(manager: EntityManager, location: LocationEntity): Promise<void> {
    const region = await this.locations.lockReference(manager, 'region', location.region_id);
    if (!region || region.status === 'archived') throw LocationException.referenceInvalid('region_id');
    const category = await this.locations.lockReference(manager, 'location_category', location.category_id);
    if (!category || category.status === 'archived') throw LocationException.referenceInvalid('category_id');
    if (location.sub_category_id) {
      const sub = await this.locations.lockReference(manager, 'location_sub_category', location.sub_category_id);
      if (!sub || sub.parent_id !== location.category_id) throw LocationException.referenceInvalid('sub_category_id');
    }
  }

  private async publishUpserted(manager: EntityManager, location: LocationEntity): Promise<void> {
    const snapshot: LocationSnapshot = {
      location_id: location.location_id,
      ...this.snapshotFields(location),
      status: location.status,
      revision: location.revision,
      last_updated_time: location.last_updated_time.toISOString(),
    };
    await this.events.publish(manager, CatalogSubjects.LocationUpserted, snapshot);
  }

  private snapshotFields(location: LocationEntity) {
    return {
      location_name: location.location_name,
      is_operating: location.is_operating,
      category_id: location.category_id,
      sub_category_id: location.sub_category_id,
      region_id: location.region_id,
      address: location.address,
      country: location.country,
      postal_code: location.postal_code,
      contact_person: location.contact_person.map((person) => ({
        name: person.name,
        mobile_no: person.mobile_no,
        email: person.email,
      })),
      remark: location.remark,
    };
  }

  private async view(manager: EntityManager, location: LocationEntity, inUse: boolean): Promise<LocationView> {
    return {
      location_id: location.location_id,
      ...this.snapshotFields(location),
      ...(await this.locations.names(manager, location)),
      status: location.status,
      in_use: inUse,
      created_time: location.created_time.toISOString(),
      last_updated_time: location.last_updated_time.toISOString(),
      created_by: location.created_by,
      last_updated_by: location.last_updated_by,
    };
  }
}
