import { Delete, Get, Header, HttpCode, Post, Put, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiConsumes, ApiProduces } from '@nestjs/swagger';
import { IMPORT_MAX_BYTES, listQuerySchema, supplierPriceInputSchema } from '@scm/contracts';
import type {
  AccessTokenClaims,
  ListQuery,
  SupplierPriceUploadResult,
  SupplierPriceView,
  ValidSupplierPriceInput,
} from '@scm/contracts';
import { resolveLanguage } from '@scm/i18n';
import type { Language } from '@scm/i18n';
import type { FastifyRequest } from 'fastify';
import {
  CodeParam,
  CurrentUser,
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
import { PriceUploadService } from './price-upload.service.js';
import { SupplierPriceService } from './supplier-price.service.js';

/**
 * Supplier pricing (SPEC.md §2 /supplier/price, key SUPPLIER_PRICING). A price is identified by its SKU,
 * supplier and UOM; roles without can_see_cost get the rows without their prices.
 */
@ServiceController('catalog/supplier-prices', 'catalog: supplier price')
export class SupplierPriceController {
  constructor(
    private readonly prices: SupplierPriceService,
    private readonly uploads: PriceUploadService,
  ) {}

  @Post('list')
  @HttpCode(200)
  @Permission('SUPPLIER_PRICING', 'view')
  list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<SupplierPriceView>> {
    return this.prices.list(query);
  }

  /** The price file template (headers in the caller's language, or `?lang=`). */
  @Get('upload/template')
  @Permission('SUPPLIER_PRICING', 'edit')
  @ApiProduces(XLSX_MIME)
  @Header('Cache-Control', 'private, no-cache')
  async template(@CurrentUser() user: AccessTokenClaims, @Query('lang') lang?: string): Promise<StreamableFile> {
    return excelResponse(await this.uploads.template(user, languageOf(lang)));
  }

  /** What an uploaded price file would change; refuses one with invalid rows or no change. */
  @Post('upload/preview')
  @HttpCode(200)
  @Permission('SUPPLIER_PRICING', 'edit')
  @ApiConsumes('multipart/form-data')
  preview(@CurrentUser() user: AccessTokenClaims, @Req() request: FastifyRequest): Promise<SupplierPriceUploadResult> {
    return this.uploads.preview(user, uploadedFiles(request, { maxFileBytes: IMPORT_MAX_BYTES, maxFiles: 1 }));
  }

  /** Applies an uploaded price file: every row, or none. */
  @Post('upload/apply')
  @HttpCode(200)
  @Permission('SUPPLIER_PRICING', 'edit')
  @ApiConsumes('multipart/form-data')
  @SuccessMessage('messages.updated')
  apply(@CurrentUser() user: AccessTokenClaims, @Req() request: FastifyRequest): Promise<SupplierPriceUploadResult> {
    return this.uploads.apply(user, uploadedFiles(request, { maxFileBytes: IMPORT_MAX_BYTES, maxFiles: 1 }));
  }

  @Get(':skuId/:supplierId/:uomName')
  @Permission('SUPPLIER_PRICING', 'view')
  get(
    @CodeParam('skuId') skuId: string,
    @CodeParam('supplierId') supplierId: string,
    @CodeParam('uomName') uomName: string,
  ): Promise<SupplierPriceView> {
    return this.prices.get({ sku_id: skuId, supplier_id: supplierId, uom_name: uomName });
  }

  /** Creates or replaces one price row. */
  @Put()
  @Permission('SUPPLIER_PRICING', 'edit')
  @SuccessMessage('messages.updated')
  save(@ValidBody(supplierPriceInputSchema) input: ValidSupplierPriceInput): Promise<SupplierPriceView> {
    return this.prices.save(input);
  }

  @Delete(':skuId/:supplierId/:uomName')
  @Permission('SUPPLIER_PRICING', 'edit')
  @SuccessMessage('messages.deleted')
  async delete(
    @CodeParam('skuId') skuId: string,
    @CodeParam('supplierId') supplierId: string,
    @CodeParam('uomName') uomName: string,
  ): Promise<null> {
    await this.prices.delete({ sku_id: skuId, supplier_id: supplierId, uom_name: uomName });
    return null;
  }
}

/** `?lang=` chooses the language of a file; else the caller's. */
function languageOf(lang: string | undefined): Language {
  return lang ? resolveLanguage(lang) : ((currentContext()?.language ?? 'en') as Language);
}
