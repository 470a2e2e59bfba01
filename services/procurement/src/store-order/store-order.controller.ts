import { Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  documentActionSchema,
  listQuerySchema,
  purchaseOrderSkuSearchSchema,
  storeOrderInputSchema,
  storeOrderParLevelInputSchema,
  storeOrderSettingsSchema,
  storeOrderSuggestionQuerySchema,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  StockItemOption,
  StoreOrderChoices,
  StoreOrderLineInfo,
  StoreOrderListRow,
  StoreOrderParLevelRow,
  StoreOrderSettings,
  StoreOrderView,
  ValidPurchaseOrderSkuSearch,
  ValidStoreOrderInput,
  ValidStoreOrderParLevelInput,
  ValidStoreOrderSuggestionQuery,
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
import { StoreOrderService } from './store-order.service.js';

/**
 * Store orders (SPEC.md §2 /store-ordering, key OR). Each user action of STORE_ORDER_MACHINE is `POST :id/<action>`
 * with the revision the user saw; lists and reads keep to the caller's locations. The form's helpers (choices, SKU
 * search, line info with the suggested quantity, par levels) read procurement's own replicas, under OR.
 */
@ServiceController('procurement/store-orders', 'procurement: store order')
export class StoreOrderController {
  constructor(private readonly orders: StoreOrderService) {}

  @Get('choices')
  @Permission('OR', 'view')
  choices(): Promise<StoreOrderChoices> {
    return this.orders.choices();
  }

  @Post('skus')
  @HttpCode(200)
  @Permission('OR', 'view')
  skus(@ValidBody(purchaseOrderSkuSearchSchema) query: ValidPurchaseOrderSkuSearch): Promise<StockItemOption[]> {
    return this.orders.skuSearch(query.search, query.limit);
  }

  /** Category, default supplier and suggested quantity of each line's SKU at the location. */
  @Post('line-info')
  @HttpCode(200)
  @Permission('OR', 'view')
  lineInfo(
    @ValidBody(storeOrderSuggestionQuerySchema) query: ValidStoreOrderSuggestionQuery,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StoreOrderLineInfo[]> {
    return this.orders.lineInfo(query, user);
  }

  @Get('settings')
  @Permission('OR', 'view')
  settings(): Promise<StoreOrderSettings> {
    return this.orders.settings();
  }

  /** The central kitchen internal lines are ordered from: a company setting. */
  @Put('settings')
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.updated')
  updateSettings(
    @ValidBody(storeOrderSettingsSchema) input: { central_kitchen_location_id: string | null },
  ): Promise<StoreOrderSettings> {
    return this.orders.updateSettings(input);
  }

  @Post('par-levels/list')
  @HttpCode(200)
  @Permission('OR', 'view')
  parLevels(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<StoreOrderParLevelRow>> {
    return this.orders.listParLevels(query, scope);
  }

  /** Sets (0: removes) a location's par level of a SKU; answers the SKU's line info in its primary unit. */
  @Put('par-levels')
  @Permission('OR', 'edit')
  @SuccessMessage('messages.updated')
  setParLevel(
    @ValidBody(storeOrderParLevelInputSchema) input: ValidStoreOrderParLevelInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StoreOrderLineInfo> {
    return this.orders.setParLevel(input, user);
  }

  @Post('list')
  @HttpCode(200)
  @Permission('OR', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<StoreOrderListRow>> {
    return this.orders.list(query, scope);
  }

  @Post('status-counts')
  @HttpCode(200)
  @Permission('OR', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.orders.statusCounts(query, scope);
  }

  @Get(':id')
  @Permission('OR', 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<StoreOrderView> {
    return this.orders.get(id, user);
  }

  @Post()
  @Permission('OR', 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(storeOrderInputSchema) input: ValidStoreOrderInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StoreOrderView> {
    return this.orders.create(input, user);
  }

  @Put(':id')
  @Permission('OR', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() id: string,
    @ValidBody(storeOrderInputSchema) input: ValidStoreOrderInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StoreOrderView> {
    return this.orders.update(id, input, user);
  }

  /** Splits the order into DRAFT POs per supplier and a transfer request for the internal lines. */
  @Post(':id/submit')
  @HttpCode(200)
  @Permission('OR', 'edit')
  @SuccessMessage('messages.success')
  submit(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StoreOrderView> {
    return this.orders.act(id, 'submit', input, user);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Permission('OR', 'edit')
  @SuccessMessage('messages.success')
  cancel(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StoreOrderView> {
    return this.orders.act(id, 'cancel', input, user);
  }
}
