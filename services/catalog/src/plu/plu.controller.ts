import { Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { listQuerySchema, pluBomOptionsQuerySchema, pluCostPreviewSchema, pluInputSchema } from '@scm/contracts';
import type {
  AccessTokenClaims,
  ListQuery,
  PluBomOption,
  PluCostPreview,
  PluListRow,
  PluView,
  ValidPluBomOptionsQuery,
  ValidPluCostPreviewInput,
  ValidPluInput,
} from '@scm/contracts';
import {
  CodeParam,
  CurrentUser,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import { PluService } from './plu.service.js';

/** PLUs (SPEC.md §2 /PLUSKU/plu/list, key PLU); the id in the path is the PLU code. Costs only with can_see_cost. */
@ServiceController('catalog/plus', 'catalog: PLU')
export class PluController {
  constructor(private readonly plus: PluService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('PLU', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ListPage<PluListRow>> {
    return this.plus.list(query, user.cost);
  }

  /** A PLU being written: its cost and margin before it is saved (cost fields only with can_see_cost). */
  @Post('cost-preview')
  @HttpCode(200)
  @Permission('PLU', 'edit')
  costPreview(@ValidBody(pluCostPreviewSchema) input: ValidPluCostPreviewInput): Promise<PluCostPreview> {
    return this.plus.costPreview(input);
  }

  @Get(':id')
  @Permission('PLU', 'view')
  get(@CodeParam() pluId: string): Promise<PluView> {
    return this.plus.get(pluId);
  }

  @Post()
  @Permission('PLU', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(pluInputSchema) input: ValidPluInput): Promise<PluView> {
    return this.plus.create(input);
  }

  @Put(':id')
  @Permission('PLU', 'edit')
  @SuccessMessage('messages.updated')
  update(@CodeParam() pluId: string, @ValidBody(pluInputSchema) input: ValidPluInput): Promise<PluView> {
    return this.plus.update(pluId, input);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Permission('PLU', 'edit')
  @SuccessMessage('messages.archived')
  archive(@CodeParam() pluId: string): Promise<PluView> {
    return this.plus.archive(pluId);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Permission('PLU', 'edit')
  @SuccessMessage('messages.reactivated')
  reactivate(@CodeParam() pluId: string): Promise<PluView> {
    return this.plus.reactivate(pluId);
  }

  @Delete(':id')
  @Permission('PLU', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(@CodeParam() pluId: string): Promise<null> {
    await this.plus.delete(pluId);
    return null;
  }
}

/** The PLU BOMs a PLU can be put on, for PLU users who may not hold PLU_BOM. */
@ServiceController('catalog/plu-options', 'catalog: PLU')
export class PluOptionsController {
  constructor(private readonly plus: PluService) {}

  @Post('boms')
  @HttpCode(200)
  @Permission('PLU', 'view')
  boms(@ValidBody(pluBomOptionsQuerySchema) query: ValidPluBomOptionsQuery): Promise<PluBomOption[]> {
    return this.plus.bomOptions(query);
  }
}

export const PLU_CONTROLLERS = [PluController, PluOptionsController];
