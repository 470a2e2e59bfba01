import { Get, Header, HttpCode, Post, Put, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiConsumes, ApiProduces } from '@nestjs/swagger';
import {
  IMPORT_MAX_BYTES,
  documentActionSchema,
  listQuerySchema,
  purchaseOrderInputSchema,
  purchaseOrderSkuSearchSchema,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  PurchaseOrderChoices,
  PurchaseOrderLinesCheck,
  PurchaseOrderListRow,
  PurchaseOrderView,
  StockItemOption,
  ValidPurchaseOrderSkuSearch,
  ValidPurchaseOrderInput,
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
  XLSX_MIME,
  currentContext,
  excelResponse,
  uploadedFiles,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { resolveLanguage } from '@scm/i18n';
import type { Language } from '@scm/i18n';
import type { FastifyRequest } from 'fastify';
import { PurchaseOrderChoicesReader } from './purchase-order-choices.js';
import { PurchaseOrderLinesImport } from './purchase-order-lines-import.js';
import { PurchaseOrderService } from './purchase-order.service.js';

/**
 * Purchase orders (SPEC.md §2 /procurement/purchase-order, key PO). Each user action of PURCHASE_ORDER_MACHINE is
 * `POST :id/<action>` with the revision the user saw, under the permission its rule checks (edit, or approval for
 * approve / reject); an `Idempotency-Key` makes a repeated click harmless. Lists and reads keep to the caller's
 * locations; cost fields go for roles without can_see_cost (PURCHASE_ORDER_COST_FIELDS).
 */
@ServiceController('procurement/purchase-orders', 'procurement: purchase order')
export class PurchaseOrderController {
  constructor(
    private readonly orders: PurchaseOrderService,
    private readonly choicesReader: PurchaseOrderChoicesReader,
    private readonly linesImport: PurchaseOrderLinesImport,
  ) {}

  /** The lines template (.xlsx; headers in the caller's language, or `?lang=`); no price column without cost. */
  @Get('lines/template')
  @Permission('PO', 'edit')
  @ApiProduces(XLSX_MIME)
  @Header('Cache-Control', 'private, no-cache')
  async linesTemplate(@CurrentUser() user: AccessTokenClaims, @Query('lang') lang?: string): Promise<StreamableFile> {
    return excelResponse(await this.linesImport.template(user, languageOf(lang)));
  }

  /**
   * A filled lines template checked row by row (multipart field `file`; `?location_id=` the PO's location): the
   * lines to add to the form, or every problem by row and column. Nothing is stored.
   */
  @Post('lines/check')
  @HttpCode(200)
  @Permission('PO', 'edit')
  @ApiConsumes('multipart/form-data')
  checkLines(
    @CurrentUser() user: AccessTokenClaims,
    @Req() request: FastifyRequest,
    @Query('location_id') locationId?: string,
  ): Promise<PurchaseOrderLinesCheck> {
    return this.linesImport.check(
      user,
      uploadedFiles(request, { maxFileBytes: IMPORT_MAX_BYTES, maxFiles: 1 }),
      typeof locationId === 'string' && locationId.trim() !== '' ? locationId.trim() : undefined,
    );
  }

  /** The header's choices: live suppliers and the currencies with a rate (procurement's replicas). */
  @Get('choices')
  @Permission('PO', 'view')
  choices(): Promise<PurchaseOrderChoices> {
    return this.choicesReader.choices();
  }

  /** The line grid's SKU search, in the purchasing unit. */
  @Post('skus')
  @HttpCode(200)
  @Permission('PO', 'view')
  skus(@ValidBody(purchaseOrderSkuSearchSchema) body: ValidPurchaseOrderSkuSearch): Promise<StockItemOption[]> {
    return this.choicesReader.skus(body.search, body.limit);
  }

  @Post('list')
  @HttpCode(200)
  @Permission('PO', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<PurchaseOrderListRow>> {
    return this.orders.list(query, scope);
  }

  /** The status tabs of the list, with the list's other filters. */
  @Post('status-counts')
  @HttpCode(200)
  @Permission('PO', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.orders.statusCounts(query, scope);
  }

  @Get(':id')
  @Permission('PO', 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<PurchaseOrderView> {
    return this.orders.get(id, user);
  }

  @Post()
  @Permission('PO', 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(purchaseOrderInputSchema) input: ValidPurchaseOrderInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PurchaseOrderView> {
    return this.orders.create(input, user);
  }

  @Put(':id')
  @Permission('PO', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() id: string,
    @ValidBody(purchaseOrderInputSchema) input: ValidPurchaseOrderInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PurchaseOrderView> {
    return this.orders.update(id, input, user);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @Permission('PO', 'edit')
  @SuccessMessage('messages.success')
  submit(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PurchaseOrderView> {
    return this.orders.act(id, 'submit', input, user);
  }

  @Post(':id/recall')
  @HttpCode(200)
  @Permission('PO', 'edit')
  @SuccessMessage('messages.success')
  recall(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PurchaseOrderView> {
    return this.orders.act(id, 'recall', input, user);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Permission('PO', 'approval')
  @SuccessMessage('messages.success')
  approve(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PurchaseOrderView> {
    return this.orders.act(id, 'approve', input, user);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Permission('PO', 'approval')
  @SuccessMessage('messages.success')
  reject(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PurchaseOrderView> {
    return this.orders.act(id, 'reject', input, user);
  }

  @Post(':id/resend')
  @HttpCode(200)
  @Permission('PO', 'edit')
  @SuccessMessage('messages.success')
  resend(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PurchaseOrderView> {
    return this.orders.act(id, 'resend', input, user);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Permission('PO', 'edit')
  @SuccessMessage('messages.success')
  cancel(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PurchaseOrderView> {
    return this.orders.act(id, 'cancel', input, user);
  }

  @Post(':id/close')
  @HttpCode(200)
  @Permission('PO', 'edit')
  @SuccessMessage('messages.success')
  close(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PurchaseOrderView> {
    return this.orders.act(id, 'close', input, user);
  }
}

/** `?lang=` chooses the language of a file; else the caller's. */
function languageOf(lang: string | undefined): Language {
  return lang ? resolveLanguage(lang) : ((currentContext()?.language ?? 'en') as Language);
}
