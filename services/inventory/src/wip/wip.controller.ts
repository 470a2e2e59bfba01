import { Get, HttpCode, Post, Put } from '@nestjs/common';
import { documentActionSchema, listQuerySchema, wipInputSchema } from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  ValidWipInput,
  WipListRow,
  WipView,
} from '@scm/contracts';
import {
  CallerScope,
  CurrentUser,
  IdParam,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { WipService } from './wip.service.js';

/**
 * WIP production (SPEC.md §2 /inventory/wip, key WIP). Each action is `POST :id/<action>` with the revision the
 * user saw, under the permission its rule in WIP_MACHINE checks. Lists and reads keep to the caller's locations;
 * cost fields go for roles without can_see_cost (WIP_COST_FIELDS, the ledger's unit_cost).
 */
@ServiceController('inventory/wips', 'inventory: WIP')
export class WipController {
  constructor(private readonly wips: WipService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('WIP', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<WipListRow>> {
    return this.wips.list(query, scope);
  }

  @Post('status-counts')
  @HttpCode(200)
  @Permission('WIP', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.wips.statusCounts(query, scope);
  }

  @Get(':id')
  @Permission('WIP', 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<WipView> {
    return this.wips.get(id, user);
  }

  @Post()
  @Permission('WIP', 'edit')
  @SuccessMessage('messages.created')
  create(@ValidBody(wipInputSchema) input: ValidWipInput, @CurrentUser() user: AccessTokenClaims): Promise<WipView> {
    return this.wips.create(input, user);
  }

  @Put(':id')
  @Permission('WIP', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() id: string,
    @ValidBody(wipInputSchema) input: ValidWipInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<WipView> {
    return this.wips.update(id, input, user);
  }

  @Post(':id/post')
  @HttpCode(200)
  @Permission('WIP', 'edit')
  @SuccessMessage('messages.success')
  post(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<WipView> {
    return this.wips.act(id, 'post', input, user);
  }

  @Post(':id/discard')
  @HttpCode(200)
  @Permission('WIP', 'edit')
  @SuccessMessage('messages.success')
  discard(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<WipView> {
    return this.wips.act(id, 'discard', input, user);
  }
}
