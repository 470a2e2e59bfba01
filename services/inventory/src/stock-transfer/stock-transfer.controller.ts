import { Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  documentActionSchema,
  listQuerySchema,
  stockConsignmentSettlementSchema,
  stockReleaseSplitSchema,
  stockTransferInputSchema,
  stockTransferReceiptSchema,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  PermissionKey,
  ReleaseCustomer,
  StockTransferListRow,
  StockTransferView,
  TransferDestination,
  ValidStockConsignmentSettlement,
  ValidStockReleaseSplit,
  ValidStockTransferInput,
  ValidStockTransferReceipt,
} from '@scm/contracts';
import {
  AnyPermission,
  CallerScope,
  CodeParam,
  CurrentUser,
  IdParam,
  ListPage,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { StockTransferService } from './stock-transfer.service.js';

/**
 * The one stock transfer / release resource, reached from /inventory/stock-release (key SR: INTERNAL and EXTERNAL)
 * and from the RJ area's page (key RJ_SR: EXTERNAL_CONSIGNMENT as well, SPEC.md §6): either key opens a route;
 * the service then keeps every read and action to the key of the document's type (`transferTypeKey`) and the kit
 * checks the action's rule on that type's machine.
 */
const SR_KEYS: readonly PermissionKey[] = ['SR', 'RJ_SR'];

/**
 * Stock transfers and releases (SPEC.md §2 /inventory/stock-release). Each action is `POST :id/<action>` with the
 * revision the user saw, under the permission its rule in the type's machine checks; the receipt is
 * `POST :id/receive` with its lines, a consignment's settlement `POST :id/settle`, a split `POST :id/split`.
 * Lists and reads keep to the caller's locations (either end of the transfer); cost fields go for roles without
 * can_see_cost (STOCK_TRANSFER_COST_FIELDS).
 */
@ServiceController('inventory/stock-transfers', 'inventory: stock transfer')
export class StockTransferController {
  constructor(private readonly transfers: StockTransferService) {}

  @Post('list')
  @HttpCode(200)
  @AnyPermission(SR_KEYS, 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ListPage<StockTransferListRow>> {
    return this.transfers.list(query, scope, user);
  }

  @Post('status-counts')
  @HttpCode(200)
  @AnyPermission(SR_KEYS, 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<DocumentStatusCount[]> {
    return this.transfers.statusCounts(query, scope, user);
  }

  /** The customers a release may go to (`?search=` code or name), active only. */
  @Get('customers')
  @AnyPermission(SR_KEYS, 'edit')
  customers(@Query('search') search: unknown): Promise<ReleaseCustomer[]> {
    return this.transfers.customerOptions(typeof search === 'string' ? search : '');
  }

  /** The locations a transfer from the caller's `fromLocationId` may go to. */
  @Get('destinations/:fromLocationId')
  @AnyPermission(SR_KEYS, 'edit')
  destinations(
    @CodeParam('fromLocationId') fromLocationId: string,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<TransferDestination[]> {
    return this.transfers.destinations(fromLocationId, user);
  }

  @Get(':id')
  @AnyPermission(SR_KEYS, 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<StockTransferView> {
    return this.transfers.get(id, user);
  }

  @Post()
  @AnyPermission(SR_KEYS, 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(stockTransferInputSchema) input: ValidStockTransferInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.create(input, user);
  }

  @Put(':id')
  @AnyPermission(SR_KEYS, 'edit')
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
  @AnyPermission(SR_KEYS, 'edit')
  @SuccessMessage('messages.success')
  receive(
    @IdParam() id: string,
    @ValidBody(stockTransferReceiptSchema) input: ValidStockTransferReceipt,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.receive(id, input, user);
  }

  /** A consignment's settlement: per line what the customer kept (sold) and what came back (returned). */
  @Post(':id/settle')
  @HttpCode(200)
  @AnyPermission(SR_KEYS, 'edit')
  @SuccessMessage('messages.success')
  settle(
    @IdParam() id: string,
    @ValidBody(stockConsignmentSettlementSchema) input: ValidStockConsignmentSettlement,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.settle(id, input, user);
  }

  /** An approved release split into deliveries (their quantities per line add up to it). */
  @Post(':id/split')
  @HttpCode(200)
  @AnyPermission(SR_KEYS, 'edit')
  @SuccessMessage('messages.success')
  split(
    @IdParam() id: string,
    @ValidBody(stockReleaseSplitSchema) input: ValidStockReleaseSplit,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.split(id, input, user);
  }

  @Post(':id/cancel_release')
  @HttpCode(200)
  @AnyPermission(SR_KEYS, 'edit')
  @SuccessMessage('messages.success')
  cancelRelease(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.act(id, 'cancel_release', input, user);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @AnyPermission(SR_KEYS, 'edit')
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
  @AnyPermission(SR_KEYS, 'edit')
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
  @AnyPermission(SR_KEYS, 'approval')
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
  @AnyPermission(SR_KEYS, 'approval')
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
  @AnyPermission(SR_KEYS, 'edit')
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
  @AnyPermission(SR_KEYS, 'edit')
  @SuccessMessage('messages.success')
  deny(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTransferView> {
    return this.transfers.act(id, 'deny', input, user);
  }
}
