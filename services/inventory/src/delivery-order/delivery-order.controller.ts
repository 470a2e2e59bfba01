import { Get, Header, HttpCode, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiProduces, ApiQuery } from '@nestjs/swagger';
import {
  deliveryOrderInputSchema,
  deliveryOrderSignSchema,
  documentActionSchema,
  listQuerySchema,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DeliveryOrderListRow,
  DeliveryOrderReleaseChoice,
  DeliveryOrderReleaseLines,
  DeliveryOrderView,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  TransferDestination,
  ValidDeliveryOrderInput,
  ValidDeliveryOrderSignInput,
} from '@scm/contracts';
import { resolveLanguage } from '@scm/i18n';
import type { Language } from '@scm/i18n';
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
  contentDisposition,
  currentContext,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { DeliveryOrderService } from './delivery-order.service.js';

/** `?lang=` chooses the language of the PDF; else the caller's language. */
function languageOf(lang: string | undefined): Language {
  return lang ? resolveLanguage(lang) : ((currentContext()?.language ?? 'en') as Language);
}

/**
 * Delivery orders (SPEC.md §2 /delivery-order, key DO). Each action is `POST :id/<action>` with the revision the
 * user saw; deliver and redeliver also carry the signature drawn on the page and who signed. Lists and reads keep
 * to the caller's locations (either end of an internal delivery). `GET :id/pdf` prints the signed DO.
 */
@ServiceController('inventory/delivery-orders', 'inventory: delivery order')
export class DeliveryOrderController {
  constructor(private readonly orders: DeliveryOrderService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('DO', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<DeliveryOrderListRow>> {
    return this.orders.list(query, scope);
  }

  @Post('status-counts')
  @HttpCode(200)
  @Permission('DO', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.orders.statusCounts(query, scope);
  }

  /** The locations an internal DO from the caller's `fromLocationId` may go to. */
  @Get('destinations/:fromLocationId')
  @Permission('DO', 'edit')
  destinations(
    @CodeParam('fromLocationId') fromLocationId: string,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<TransferDestination[]> {
    return this.orders.destinations(fromLocationId, user);
  }

  /** The stock releases of the caller's `fromLocationId` a DO may be made from. */
  @Get('releases/:fromLocationId')
  @Permission('DO', 'edit')
  releases(
    @CodeParam('fromLocationId') fromLocationId: string,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<DeliveryOrderReleaseChoice[]> {
    return this.orders.releaseChoices(fromLocationId, user);
  }

  /** One of them with its lines, in the DO's shape. */
  @Get('releases/:fromLocationId/:id')
  @Permission('DO', 'edit')
  releaseLines(
    @CodeParam('fromLocationId') fromLocationId: string,
    @IdParam() id: string,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<DeliveryOrderReleaseLines> {
    return this.orders.releaseLines(fromLocationId, id, user);
  }

  @Get(':id')
  @Permission('DO', 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<DeliveryOrderView> {
    return this.orders.get(id, user);
  }

  /** The DO as an A4 PDF, with the receiver's signature once signed. */
  @Get(':id/pdf')
  @Permission('DO', 'view')
  @ApiProduces('application/pdf')
  @ApiQuery({ name: 'lang', required: false, enum: ['en', 'zh-CN'] })
  @Header('Cache-Control', 'private, no-cache')
  async pdf(
    @IdParam() id: string,
    @CurrentUser() user: AccessTokenClaims,
    @Query('lang') lang?: string,
  ): Promise<StreamableFile> {
    const file = await this.orders.pdf(id, user, languageOf(lang));
    return new StreamableFile(file.body, {
      type: 'application/pdf',
      disposition: contentDisposition(file.fileName),
      length: file.body.length,
    });
  }

  @Post()
  @Permission('DO', 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(deliveryOrderInputSchema) input: ValidDeliveryOrderInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<DeliveryOrderView> {
    return this.orders.create(input, user);
  }

  @Put(':id')
  @Permission('DO', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() id: string,
    @ValidBody(deliveryOrderInputSchema) input: ValidDeliveryOrderInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<DeliveryOrderView> {
    return this.orders.update(id, input, user);
  }

  /** The driver or receiver signs: DELIVERED (refused without a signature, SPEC.md §8 signError). */
  @Post(':id/deliver')
  @HttpCode(200)
  @Permission('DO', 'edit')
  @SuccessMessage('messages.success')
  deliver(
    @IdParam() id: string,
    @ValidBody(deliveryOrderSignSchema) input: ValidDeliveryOrderSignInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<DeliveryOrderView> {
    return this.orders.act(id, 'deliver', input, user);
  }

  /** Not delivered: RETURN, the remark is the reason. */
  @Post(':id/mark_undelivered')
  @HttpCode(200)
  @Permission('DO', 'edit')
  @SuccessMessage('messages.success')
  markUndelivered(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<DeliveryOrderView> {
    return this.orders.act(id, 'mark_undelivered', { ...input, signed_by_name: '' }, user);
  }

  /** Delivered on a later run, signed again: REDELIVERED. */
  @Post(':id/redeliver')
  @HttpCode(200)
  @Permission('DO', 'edit')
  @SuccessMessage('messages.success')
  redeliver(
    @IdParam() id: string,
    @ValidBody(deliveryOrderSignSchema) input: ValidDeliveryOrderSignInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<DeliveryOrderView> {
    return this.orders.act(id, 'redeliver', input, user);
  }
}
