import { Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  documentActionSchema,
  listQuerySchema,
  stockTransferInputSchema,
  stockTransferReceiptSchema,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  StockTransferListRow,
  StockTransferView,
  TransferDestination,
  ValidStockTransferInput,
  ValidStockTransferReceipt,
} from '@scm/contracts';
import {
  CallerScope,
  CodeParam,
  CurrentUser,
  IdParam,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { StockTransferService } from './stock-transfer.service.js';

/**
 * Stock transfers (SPEC.md §2 /inventory/stock-release, key SR). Each action is `POST :id/<action>` with the
 * revision the user saw, under the permission its rule in STOCK_TRANSFER_MACHINE checks; the receipt is
 * `POST :id/receive` with its lines. Lists and reads keep to the caller's locations (either end of the transfer);
 * cost fields go for roles without can_see_cost (STOCK_TRANSFER_COST_FIELDS).
 */
@ServiceController('inventory/stock-transfers', 'inventory: stock transfer')
export class StockTransferController {
  constructor(private readonly transfers: StockTransferService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('SR', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<StockTransferListRow>> {
    return this.transfers.list(query, scope);
  }

  @Post('status-counts')
  @HttpCode(200)
  @Permission('SR', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.transfers.statusCounts(query, scope);
  }

  /** The locations a transfer from the caller's `fromLocationId` may go to. */
  @Get('destinations/:fromLocationId')
  @Permission('SR', 'edit')
  destinations(
    @CodeParam('fromLocationId') fromLocationId: string,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<TransferDestination[]> {
    return this.transfers.destinations(fromLocationId, user);
  }

  @Get(':id')
  @Permission('SR', 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<StockTransferView> {
    return this.transfers.get(id, user);
  }

  @Post()
  @Permission('SR', 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(stockTransferInputSchema) input: ValidStockTransferInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.create(input, user);
  }

  @Put(':id')
  @Permission('SR', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() id: string,
    @ValidBody(stockTransferInputSchema) input: ValidStockTransferInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.update(id, input, user);
  }

  /** The destination's receipt: received and rejected quantities per line. */
  @Post(':id/receive')
  @HttpCode(200)
  @Permission('SR', 'edit')
  @SuccessMessage('messages.success')
  receive(
    @IdParam() id: string,
    @ValidBody(stockTransferReceiptSchema) input: ValidStockTransferReceipt,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.receive(id, input, user);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @Permission('SR', 'edit')
  @SuccessMessage('messages.success')
  submit(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.act(id, 'submit', input, user);
  }

  @Post(':id/recall')
  @HttpCode(200)
  @Permission('SR', 'edit')
  @SuccessMessage('messages.success')
  recall(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.act(id, 'recall', input, user);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Permission('SR', 'approval')
  @SuccessMessage('messages.success')
  approve(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.act(id, 'approve', input, user);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Permission('SR', 'approval')
  @SuccessMessage('messages.success')
  reject(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.act(id, 'reject', input, user);
  }

  @Post(':id/return')
  @HttpCode(200)
  @Permission('SR', 'edit')
  @SuccessMessage('messages.success')
  returnGoods(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.act(id, 'return', input, user);
  }

  @Post(':id/deny')
  @HttpCode(200)
  @Permission('SR', 'edit')
  @SuccessMessage('messages.success')
  deny(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.act(id, 'deny', input, user);
  }
}
