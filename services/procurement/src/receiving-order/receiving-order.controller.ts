import { Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  documentActionSchema,
  listQuerySchema,
  purchaseOrderSkuSearchSchema,
  receivingOrderInputSchema,
  receivingSettingsSchema,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  PurchaseOrderChoices,
  PurchaseOrderListRow,
  ReceivableLine,
  ReceivingOrderListRow,
  ReceivingOrderView,
  ReceivingSettings,
  StockItemOption,
  ValidPurchaseOrderSkuSearch,
  ValidReceivingOrderInput,
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
import { PurchaseOrderChoicesReader } from '../purchase-order/purchase-order-choices.js';
import { ReceivingOrderService } from './receiving-order.service.js';

/**
 * Receiving orders (SPEC.md §2 /procurement/receiving-order, key RO). Each user action of RECEIVING_ORDER_MACHINE is
 * `POST :id/<action>` with the revision the user saw; lists and reads keep to the caller's locations; cost fields
 * go for roles without can_see_cost (RECEIVING_ORDER_COST_FIELDS).
 */
@ServiceController('procurement/receiving-orders', 'procurement: receiving order')
export class ReceivingOrderController {
  constructor(
    private readonly receipts: ReceivingOrderService,
    private readonly choicesReader: PurchaseOrderChoicesReader,
  ) {}

  /**
   * What typing a receipt offers, under RO (a receiving clerk needs no PO right): the live suppliers and the
   * currencies with a rate — the PO page's own reader of procurement's replicas.
   */
  @Get('choices')
  @Permission('RO', 'edit')
  choices(): Promise<PurchaseOrderChoices> {
    return this.choicesReader.choices();
  }

  /** The additional lines' SKU search (the PO grid's own), under RO. */
  @Post('skus')
  @HttpCode(200)
  @Permission('RO', 'edit')
  skus(@ValidBody(purchaseOrderSkuSearchSchema) body: ValidPurchaseOrderSkuSearch): Promise<StockItemOption[]> {
    return this.choicesReader.skus(body.search, body.limit);
  }

  /** The POs goods may arrive against at the caller's locations, newest first. */
  @Get('purchase-orders')
  @Permission('RO', 'edit')
  receivablePurchaseOrders(@CallerScope() scope: LocationScope): Promise<PurchaseOrderListRow[]> {
    return this.receipts.receivablePurchaseOrders(scope);
  }

  /** The over-receipt tolerance (percent above the ordered quantity a receipt may reach without approval). */
  @Get('settings')
  @Permission('RO', 'view')
  settings(): Promise<ReceivingSettings> {
    return this.receipts.settings();
  }

  @Put('settings')
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.updated')
  updateSettings(@ValidBody(receivingSettingsSchema) input: ReceivingSettings): Promise<ReceivingSettings> {
    return this.receipts.updateSettings(input);
  }

  /** A PO's lines with what is ordered, already received and still open (in each line's unit). */
  @Get('purchase-orders/:id/lines')
  @Permission('RO', 'view')
  receivableLines(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<ReceivableLine[]> {
    return this.receipts.receivableLines(id, user);
  }

  @Post('list')
  @HttpCode(200)
  @Permission('RO', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<ReceivingOrderListRow>> {
    return this.receipts.list(query, scope);
  }

  @Post('status-counts')
  @HttpCode(200)
  @Permission('RO', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.receipts.statusCounts(query, scope);
  }

  @Get(':id')
  @Permission('RO', 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<ReceivingOrderView> {
    return this.receipts.get(id, user);
  }

  @Post()
  @Permission('RO', 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(receivingOrderInputSchema) input: ValidReceivingOrderInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReceivingOrderView> {
    return this.receipts.create(input, user);
  }

  @Put(':id')
  @Permission('RO', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() id: string,
    @ValidBody(receivingOrderInputSchema) input: ValidReceivingOrderInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReceivingOrderView> {
    return this.receipts.update(id, input, user);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @Permission('RO', 'edit')
  @SuccessMessage('messages.success')
  submit(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReceivingOrderView> {
    return this.receipts.act(id, 'submit', input, user);
  }

  @Post(':id/recall')
  @HttpCode(200)
  @Permission('RO', 'edit')
  @SuccessMessage('messages.success')
  recall(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReceivingOrderView> {
    return this.receipts.act(id, 'recall', input, user);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Permission('RO', 'approval')
  @SuccessMessage('messages.success')
  approve(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReceivingOrderView> {
    return this.receipts.act(id, 'approve', input, user);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Permission('RO', 'approval')
  @SuccessMessage('messages.success')
  reject(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReceivingOrderView> {
    return this.receipts.act(id, 'reject', input, user);
  }

  @Post(':id/receive')
  @HttpCode(200)
  @Permission('RO', 'edit')
  @SuccessMessage('messages.success')
  receive(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReceivingOrderView> {
    return this.receipts.act(id, 'receive', input, user);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Permission('RO', 'edit')
  @SuccessMessage('messages.success')
  cancel(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ReceivingOrderView> {
    return this.receipts.act(id, 'cancel', input, user);
  }
}
