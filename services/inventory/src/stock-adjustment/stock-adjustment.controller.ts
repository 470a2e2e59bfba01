import { Get, HttpCode, Post, Put } from '@nestjs/common';
import { documentActionSchema, listQuerySchema, stockAdjustmentInputSchema } from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  StockAdjustmentListRow,
  StockAdjustmentView,
  ValidStockAdjustmentInput,
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
import { StockAdjustmentService } from './stock-adjustment.service.js';

/**
 * Stock adjustments (SPEC.md §2 /inventory/stock-adjustment, key SA). Each action is `POST :id/<action>` with the
 * revision the user saw, under the permission its rule in STOCK_ADJUSTMENT_MACHINE checks (edit, or approval for
 * approve / reject); an `Idempotency-Key` makes a repeated click harmless. Lists and reads keep to the caller's
 * locations; cost fields go for roles without can_see_cost (STOCK_ADJUSTMENT_COST_FIELDS).
 */
@ServiceController('inventory/stock-adjustments', 'inventory: stock adjustment')
export class StockAdjustmentController {
  constructor(private readonly adjustments: StockAdjustmentService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('SA', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<StockAdjustmentListRow>> {
    return this.adjustments.list(query, scope);
  }

  /** The status tabs of the list, with the list's other filters. */
  @Post('status-counts')
  @HttpCode(200)
  @Permission('SA', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.adjustments.statusCounts(query, scope);
  }

  @Get(':id')
  @Permission('SA', 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<StockAdjustmentView> {
    return this.adjustments.get(id, user);
  }

  @Post()
  @Permission('SA', 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(stockAdjustmentInputSchema) input: ValidStockAdjustmentInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockAdjustmentView> {
    return this.adjustments.create(input, user);
  }

  @Put(':id')
  @Permission('SA', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() id: string,
    @ValidBody(stockAdjustmentInputSchema) input: ValidStockAdjustmentInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockAdjustmentView> {
    return this.adjustments.update(id, input, user);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @Permission('SA', 'edit')
  @SuccessMessage('messages.success')
  submit(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockAdjustmentView> {
    return this.adjustments.act(id, 'submit', input, user);
  }

  @Post(':id/recall')
  @HttpCode(200)
  @Permission('SA', 'edit')
  @SuccessMessage('messages.success')
  recall(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockAdjustmentView> {
    return this.adjustments.act(id, 'recall', input, user);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Permission('SA', 'approval')
  @SuccessMessage('messages.success')
  approve(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockAdjustmentView> {
    return this.adjustments.act(id, 'approve', input, user);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Permission('SA', 'approval')
  @SuccessMessage('messages.success')
  reject(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockAdjustmentView> {
    return this.adjustments.act(id, 'reject', input, user);
  }

  @Post(':id/discard')
  @HttpCode(200)
  @Permission('SA', 'edit')
  @SuccessMessage('messages.success')
  discard(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockAdjustmentView> {
    return this.adjustments.act(id, 'discard', input, user);
  }
}
