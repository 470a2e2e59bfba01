import { Get, Header, HttpCode, Post, Put, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiConsumes, ApiProduces, ApiQuery } from '@nestjs/swagger';
import {
  CommonErrorCode,
  IMPORT_MAX_BYTES,
  V,
  documentActionSchema,
  listQuerySchema,
  stockTakeCountsSchema,
  stockTakeCreateSchema,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  StockTakeListRow,
  StockTakeView,
  ValidStockTakeCountsInput,
  ValidStockTakeCreateInput,
} from '@scm/contracts';
import { resolveLanguage } from '@scm/i18n';
import type { Language } from '@scm/i18n';
import {
  AppException,
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
import type { FastifyRequest } from 'fastify';
import { countSheet, readCountRows } from './stock-take-sheet.js';
import { StockTakeService } from './stock-take.service.js';

/** `?lang=` chooses the language of a file (as catalog's exports); else the caller's language. */
function languageOf(lang: string | undefined): Language {
  return lang ? resolveLanguage(lang) : ((currentContext()?.language ?? 'en') as Language);
}

/** `?revision=` of the import: the revision the counter saw (optional, checked when given). */
function revisionOf(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^[1-9]\d{0,9}$/.test(text)) {
    throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [{ field: 'revision', rule: V.invalid }]);
  }
  return Number(text);
}

/**
 * Stock takes (SPEC.md §2 /inventory/stock-take, key ST): create from items and categories, save counts (by
 * hand or from an .xlsx), download the counting sheet, submit. Completion and recount are the system's, when the
 * stock take's adjustment is approved, discarded or rejected.
 */
@ServiceController('inventory/stock-takes', 'inventory: stock take')
export class StockTakeController {
  constructor(private readonly takes: StockTakeService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('ST', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<StockTakeListRow>> {
    return this.takes.list(query, scope);
  }

  @Post('status-counts')
  @HttpCode(200)
  @Permission('ST', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.takes.statusCounts(query, scope);
  }

  @Get(':id')
  @Permission('ST', 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<StockTakeView> {
    return this.takes.get(id, user);
  }

  /** The counting sheet (.xlsx) in the counting units; no system quantity on a blind count being counted. */
  @Get(':id/counts/sheet')
  @Permission('ST', 'view')
  @ApiProduces(XLSX_MIME)
  @ApiQuery({ name: 'lang', required: false, enum: ['en', 'zh-CN'] })
  @Header('Cache-Control', 'private, no-cache')
  async sheet(
    @IdParam() id: string,
    @CurrentUser() user: AccessTokenClaims,
    @Query('lang') lang?: string,
  ): Promise<StreamableFile> {
    return excelResponse(await countSheet(await this.takes.get(id, user), languageOf(lang)));
  }

  @Post()
  @Permission('ST', 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(stockTakeCreateSchema) input: ValidStockTakeCreateInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTakeView> {
    return this.takes.create(input, user);
  }

  @Put(':id/counts')
  @Permission('ST', 'edit')
  @SuccessMessage('messages.updated')
  saveCounts(
    @IdParam() id: string,
    @ValidBody(stockTakeCountsSchema) input: ValidStockTakeCountsInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTakeView> {
    return this.takes.saveCounts(id, input, user);
  }

  /** Counts from an .xlsx (columns item id and counted quantity): every row, or none, is saved. */
  @Post(':id/counts/import')
  @HttpCode(200)
  @Permission('ST', 'edit')
  @ApiConsumes('multipart/form-data')
  @SuccessMessage('messages.uploaded')
  async importCounts(
    @IdParam() id: string,
    @Query('revision') revision: string | undefined,
    @Req() request: FastifyRequest,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTakeView> {
    const expected = revisionOf(revision);
    const rows = await readCountRows(uploadedFiles(request, { maxFileBytes: IMPORT_MAX_BYTES, maxFiles: 1 }));
    return this.takes.importCounts(id, rows, expected, user);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @Permission('ST', 'edit')
  @SuccessMessage('messages.success')
  submit(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<StockTakeView> {
    return this.takes.act(id, 'submit', input, user);
  }
}
