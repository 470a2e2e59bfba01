import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, regionInputSchema } from '@scm/contracts';
import type { ListQuery, RegionView, ValidRegionInput } from '@scm/contracts';
import { IdParam, ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { RegionService } from './region.service.js';

/** Regions (SPEC.md §2 /location/region, key LOCATION). */
@ServiceController('catalog/regions', 'catalog: region')
export class RegionController {
  constructor(private readonly regions: RegionService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('LOCATION', 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<RegionView>> {
    return this.regions.list(query);
  }

  @Get(':id')
  @Permission('LOCATION', 'view')
  get(@IdParam() regionId: string): Promise<RegionView> {
    return this.regions.get(regionId);
  }

  @Post()
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(regionInputSchema) input: ValidRegionInput): Promise<RegionView> {
    return this.regions.create(input);
  }

  @Put(':id')
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.updated')
  update(@IdParam() regionId: string, @ValidBody(regionInputSchema) input: ValidRegionInput): Promise<RegionView> {
    return this.regions.update(regionId, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.archived')
  archive(@IdParam() regionId: string): Promise<RegionView> {
    return this.regions.archive(regionId);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@IdParam() regionId: string): Promise<RegionView> {
    return this.regions.reactivate(regionId);
  }

  @Delete(':id')
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@IdParam() regionId: string): Promise<null> {
    await this.regions.delete(regionId);
    return null;
  }
}
