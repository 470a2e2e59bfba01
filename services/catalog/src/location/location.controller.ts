import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, locationInputSchema } from '@scm/contracts';
import type { ListQuery, LocationView, ValidLocationInput } from '@scm/contracts';
import {
  CallerScope,
  CodeParam,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { LocationService } from './location.service.js';

/**
 * Locations (SPEC.md §2 /location/list, key LOCATION); the id in the path is the location code. A user sees and
 * changes only their own locations (the list, and the pickers fed by it, included); another location answers
 * as not found. Creating one needs every location (docs/architecture.md, "Access rules").
 */
@ServiceController('catalog/locations', 'catalog: location')
export class LocationController {
  constructor(private readonly locations: LocationService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('LOCATION', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<LocationView>> {
    return this.locations.list(query, scope);
  }

  @Get(':id')
  @Permission('LOCATION', 'view')
  get(@CodeParam() locationId: string, @CallerScope() scope: LocationScope): Promise<LocationView> {
    return this.locations.get(locationId, scope);
  }

  @Post()
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(locationInputSchema) input: ValidLocationInput,
    @CallerScope() scope: LocationScope,
  ): Promise<LocationView> {
    return this.locations.create(input, scope);
  }

  @Put(':id')
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @CodeParam() locationId: string,
    @ValidBody(locationInputSchema) input: ValidLocationInput,
    @CallerScope() scope: LocationScope,
  ): Promise<LocationView> {
    return this.locations.update(locationId, input, scope);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.archived')
  archive(@CodeParam() locationId: string, @CallerScope() scope: LocationScope): Promise<LocationView> {
    return this.locations.archive(locationId, scope);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@CodeParam() locationId: string, @CallerScope() scope: LocationScope): Promise<LocationView> {
    return this.locations.reactivate(locationId, scope);
  }

  @Delete(':id')
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@CodeParam() locationId: string, @CallerScope() scope: LocationScope): Promise<null> {
    await this.locations.delete(locationId, scope);
    return null;
  }
}
