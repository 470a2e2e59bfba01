import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, locationInputSchema } from '@scm/contracts';
import type { ListQuery, LocationView, ValidLocationInput } from '@scm/contracts';
import { CodeParam, ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { LocationService } from './location.service.js';

/** Locations (SPEC.md §2 /location/list, key LOCATION); the id in the path is the location code.. */
@ServiceController('catalog/locations', 'catalog: location')
export class LocationController {
  constructor(private readonly locations: LocationService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('LOCATION', 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<LocationView>> {
    return this.locations.list(query);
  }

  @Get(':id')
  @Permission('LOCATION', 'view')
  get(@CodeParam() locationId: string): Promise<LocationView> {
    return this.locations.get(locationId);
  }

  @Post()
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(locationInputSchema) input: ValidLocationInput): Promise<LocationView> {
    return this.locations.create(input);
  }

  @Put(':id')
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @CodeParam() locationId: string,
    @ValidBody(locationInputSchema) input: ValidLocationInput,
  ): Promise<LocationView> {
    return this.locations.update(locationId, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.archived')
  archive(@CodeParam() locationId: string): Promise<LocationView> {
    return this.locations.archive(locationId);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@CodeParam() locationId: string): Promise<LocationView> {
    return this.locations.reactivate(locationId);
  }

  @Delete(':id')
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@CodeParam() locationId: string): Promise<null> {
    await this.locations.delete(locationId);
    return null;
  }
}
