import { Get, Header, HttpCode, Param, ParseIntPipe, Post, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiConsumes, ApiProduces, ApiQuery } from '@nestjs/swagger';
import {
  CommonErrorCode,
  IMPORT_MAX_BYTES,
  documentActionSchema,
  listQuerySchema,
  salesUploadFormSchema,
  salesUploadIgnoreSchema,
  salesUploadMapSchema,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  SalesUploadListRow,
  SalesUploadResult,
  SalesUploadView,
  ValidSalesUploadMap,
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
  fieldProblemsOf,
  uploadedFiles,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { FastifyRequest } from 'fastify';
import { readSalesRows, readUpload, salesTemplate } from './sales-upload-sheet.js';
import { SalesUploadService } from './sales-upload.service.js';

function languageOf(lang: string | undefined): Language {
  return lang ? resolveLanguage(lang) : ((currentContext()?.language ?? 'en') as Language);
}

/**
 * Sales uploads (SPEC.md §2 /inventory/sales-upload, key SU): the template, the upload of a file (form fields in the
 * query: source, location_id, value_date), the no-match list's map / ignore per line, and the actions post, discard
 * and revert with the revision the user saw. Lists and reads keep to the caller's locations; cost fields go for
 * roles without can_see_cost (SALES_UPLOAD_COST_FIELDS).
 */
@ServiceController('inventory/sales-uploads', 'inventory: sales upload')
export class SalesUploadController {
  constructor(private readonly uploads: SalesUploadService) {}

  @Post('list')
  @HttpCode(200)
  @Permission('SU', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<SalesUploadListRow>> {
    return this.uploads.list(query, scope);
  }

  @Post('status-counts')
  @HttpCode(200)
  @Permission('SU', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.uploads.statusCounts(query, scope);
  }

  /** The upload template (.xlsx; headers in the caller's language, or `?lang=`). */
  @Get('template')
  @Permission('SU', 'view')
  @ApiProduces(XLSX_MIME)
  @ApiQuery({ name: 'lang', required: false, enum: ['en', 'zh-CN'] })
  @Header('Cache-Control', 'private, no-cache')
  async template(@Query('lang') lang?: string): Promise<StreamableFile> {
    return excelResponse(await salesTemplate(languageOf(lang)));
  }

  /** A filled template: every row checked (errors by row and column), then the uploads made. */
  @Post('upload')
  @HttpCode(201)
  @Permission('SU', 'edit')
  @ApiConsumes('multipart/form-data')
  @SuccessMessage('messages.uploaded')
  async upload(
    @Query() query: Record<string, string>,
    @Req() request: FastifyRequest,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<SalesUploadResult> {
    const parsed = salesUploadFormSchema.safeParse({
      source: query.source,
      location_id: query.location_id,
      value_date: query.value_date,
    });
    if (!parsed.success) throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, fieldProblemsOf(parsed.error));
    const file = await readUpload(uploadedFiles(request, { maxFileBytes: IMPORT_MAX_BYTES, maxFiles: 1 }));
    const earlier = await this.uploads.earlierUploadOf(file.body, user);
    if (earlier) return earlier;
    const rows = await readSalesRows(file.body, parsed.data.source === 'Epoint Excel Upload');
    return this.uploads.upload(parsed.data, file, rows, user);
  }

  /** The file the upload was made from, as uploaded. */
  @Get(':id/file')
  @Permission('SU', 'view')
  @ApiProduces(XLSX_MIME)
  async file(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<StreamableFile> {
    return excelResponse(await this.uploads.file(id, user));
  }

  @Get(':id')
  @Permission('SU', 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<SalesUploadView> {
    return this.uploads.get(id, user);
  }

  /** A no-match line's code is the PLU `plu_id` (remembered); the last one matched posts the upload. */
  @Post(':id/lines/:lineNo/map')
  @HttpCode(200)
  @Permission('SU', 'edit')
  @SuccessMessage('messages.success')
  map(
    @IdParam() id: string,
    @Param('lineNo', ParseIntPipe) lineNo: number,
    @ValidBody(salesUploadMapSchema) input: ValidSalesUploadMap,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<SalesUploadView> {
    return this.uploads.map(id, lineNo, input, user);
  }

  @Post(':id/lines/:lineNo/ignore')
  @HttpCode(200)
  @Permission('SU', 'edit')
  @SuccessMessage('messages.success')
  ignore(
    @IdParam() id: string,
    @Param('lineNo', ParseIntPipe) lineNo: number,
    @ValidBody(salesUploadIgnoreSchema) input: { revision: number },
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<SalesUploadView> {
    return this.uploads.ignore(id, lineNo, true, input, user);
  }

  @Post(':id/lines/:lineNo/unignore')
  @HttpCode(200)
  @Permission('SU', 'edit')
  @SuccessMessage('messages.success')
  unignore(
    @IdParam() id: string,
    @Param('lineNo', ParseIntPipe) lineNo: number,
    @ValidBody(salesUploadIgnoreSchema) input: { revision: number },
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<SalesUploadView> {
    return this.uploads.ignore(id, lineNo, false, input, user);
  }

  @Post(':id/post')
  @HttpCode(200)
  @Permission('SU', 'edit')
  @SuccessMessage('messages.success')
  post(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<SalesUploadView> {
    return this.uploads.act(id, 'post', input, user);
  }

  @Post(':id/discard')
  @HttpCode(200)
  @Permission('SU', 'edit')
  @SuccessMessage('messages.success')
  discard(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<SalesUploadView> {
    return this.uploads.act(id, 'discard', input, user);
  }

  /** Every movement of the upload received back at its cost; its open back orders cancelled. */
  @Post(':id/revert')
  @HttpCode(200)
  @Permission('SU', 'approval')
  @SuccessMessage('messages.success')
  revert(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<SalesUploadView> {
    return this.uploads.act(id, 'revert', input, user);
  }
}
