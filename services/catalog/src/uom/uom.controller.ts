import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, uomInputSchema } from '@scm/contracts';
import type { ListQuery, UomView, ValidUomInput } from '@scm/contracts';
import { IdParam, ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { UomService } from './uom.service.js';

/** Units of measure (SPEC.md §2 /PLUSKU/uom, key UOM). */
@ServiceController('catalog/uoms', 'catalog: uom')
export class UomController {
  constructor(private readonly uoms: UomService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('UOM', 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<UomView>> {
    return this.uoms.list(query);
  }

  @Get(':id')
  @Permission('UOM', 'view')
  get(@IdParam() uomId: string): Promise<UomView> {
    return this.uoms.get(uomId);
  }

  @Post()
  @Permission('UOM', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(uomInputSchema) input: ValidUomInput): Promise<UomView> {
    return this.uoms.create(input);
  }

  @Put(':id')
  @Permission('UOM', 'edit')
  @SuccessMessage('messages.updated')
  update(@IdParam() uomId: string, @ValidBody(uomInputSchema) input: ValidUomInput): Promise<UomView> {
    return this.uoms.update(uomId, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Permission('UOM', 'edit')
  @SuccessMessage('messages.archived')
  archive(@IdParam() uomId: string): Promise<UomView> {
    return this.uoms.archive(uomId);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Permission('UOM', 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@IdParam() uomId: string): Promise<UomView> {
    return this.uoms.reactivate(uomId);
  }

  @Delete(':id')
  @Permission('UOM', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@IdParam() uomId: string): Promise<null> {
    await this.uoms.delete(uomId);
    return null;
  }
}
