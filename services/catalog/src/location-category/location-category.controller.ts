import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, locationCategoryInputSchema } from '@scm/contracts';
import type {
  ListQuery,
  LocationCategoryListRow,
  LocationCategoryView,
  ValidLocationCategoryInput,
} from '@scm/contracts';
import { IdParam, ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { LocationCategoryService } from './location-category.service.js';

/** Location categories with sub-categories (SPEC.md §2 /location/category, key LOCATION). */
@ServiceController('catalog/location-categories', 'catalog: location category')
export class LocationCategoryController {
  constructor(private readonly categories: LocationCategoryService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('LOCATION', 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<LocationCategoryListRow>> {
    return this.categories.list(query);
  }

  @Get(':id')
  @Permission('LOCATION', 'view')
  get(@IdParam() categoryId: string): Promise<LocationCategoryView> {
    return this.categories.get(categoryId);
  }

  @Post()
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(locationCategoryInputSchema) input: ValidLocationCategoryInput): Promise<LocationCategoryView> {
    return this.categories.create(input);
  }

  @Put(':id')
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() categoryId: string,
    @ValidBody(locationCategoryInputSchema) input: ValidLocationCategoryInput,
  ): Promise<LocationCategoryView> {
    return this.categories.update(categoryId, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.archived')
  archive(@IdParam() categoryId: string): Promise<LocationCategoryView> {
    return this.categories.archive(categoryId);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@IdParam() categoryId: string): Promise<LocationCategoryView> {
    return this.categories.reactivate(categoryId);
  }

  @Delete(':id')
  @Permission('LOCATION', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@IdParam() categoryId: string): Promise<null> {
    await this.categories.delete(categoryId);
    return null;
  }
}
