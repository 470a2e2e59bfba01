import { Get, Header, Post, Query, Req } from '@nestjs/common';
import type { StreamableFile } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiProduces, ApiQuery } from '@nestjs/swagger';
import { IMPORT_FILE_FIELD, IMPORT_MAX_BYTES } from '@scm/contracts';
import type { AccessTokenClaims, ImportJobView } from '@scm/contracts';
import { resolveLanguage } from '@scm/i18n';
import type { Language } from '@scm/i18n';
import {
  AnyPermission,
  CurrentUser,
  IdParam,
  Permission,
  ServiceController,
  SignedIn,
  SuccessMessage,
  XLSX_MIME,
  currentContext,
  excelResponse,
  uploadedFiles,
} from '@scm/platform';
import type { FastifyRequest } from 'fastify';
import { ImportService } from './import.service.js';
import type { ImporterClass } from './importer.js';

const UPLOAD_BODY = {
  schema: {
    type: 'object',
    required: [IMPORT_FILE_FIELD],
    properties: { [IMPORT_FILE_FIELD]: { type: 'string', format: 'binary' } },
  },
};

/** `?lang=` chooses the language of a file (template headers, report messages); else the caller's language. */
function languageOf(lang: string | undefined): Language {
  return lang ? resolveLanguage(lang) : ((currentContext()?.language ?? 'en') as Language);
}

/**
 * The import API of one entity, under `/api/catalog/imports/<entity>`: one controller class per importer, so
 * each route declares the entity's permission key (edit) like every other route and the one guard checks it.
 */
export function createImportController(type: ImporterClass): Type<unknown> {
  const key = type.permission;
  // Several keys: any one with edit (as the entity's own API), never the one-key PRODUCT edit leniency.
  const editRight = (): MethodDecorator =>
    typeof key === 'string' ? Permission(key, 'edit') : AnyPermission(key, 'edit');

  @ServiceController(`catalog/imports/${type.entity}`, 'catalog: import')
  class EntityImportController {
    constructor(private readonly imports: ImportService) {}

    /** The .xlsx template: headers (required ones marked *), and a notes sheet of allowed values and examples. */
    @Get('template')
    @editRight()
    @ApiProduces(XLSX_MIME)
    @ApiQuery({ name: 'lang', required: false, enum: ['en', 'zh-CN'] })
    @Header('X-Content-Type-Options', 'nosniff')
    @Header('Cache-Control', 'private, no-cache')
    async template(@CurrentUser() user: AccessTokenClaims, @Query('lang') lang?: string): Promise<StreamableFile> {
      return excelResponse(await this.imports.template(type.entity, user, languageOf(lang)));
    }

    /** multipart/form-data with one .xlsx file (field `file`, at most 20 MB): starts the import job. */
    @Post()
    @editRight()
    @ApiConsumes('multipart/form-data')
    @ApiBody(UPLOAD_BODY)
    @SuccessMessage('messages.uploaded')
    start(@CurrentUser() user: AccessTokenClaims, @Req() request: FastifyRequest): Promise<ImportJobView> {
      const files = uploadedFiles(request, { maxFileBytes: IMPORT_MAX_BYTES, maxFiles: 1 });
      return this.imports.start(type.entity, user, files, languageOf(undefined));
    }
  }
  Object.defineProperty(EntityImportController, 'name', { value: `${pascalCase(type.entity)}ImportController` });
  return EntityImportController;
}

/**
 * Import jobs, under `/api/catalog/imports/jobs`: only the user who started a job reads it (anyone else is
 * told it does not exist), and only while they may still edit its entity.
 */
@ServiceController('catalog/imports/jobs', 'catalog: import')
export class ImportJobsController {
  constructor(private readonly imports: ImportService) {}

  /** Status (queued / running / succeeded / failed), progress, counts and the row errors. */
  @Get(':id')
  @SignedIn()
  view(@IdParam() jobId: string, @CurrentUser() user: AccessTokenClaims): Promise<ImportJobView> {
    return this.imports.view(jobId, user, languageOf(undefined));
  }

  /** The uploaded rows with an error column in front, for a failed import. */
  @Get(':id/errors.xlsx')
  @SignedIn()
  @ApiProduces(XLSX_MIME)
  @ApiQuery({ name: 'lang', required: false, enum: ['en', 'zh-CN'] })
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'private, no-cache')
  async errorReport(
    @IdParam() jobId: string,
    @CurrentUser() user: AccessTokenClaims,
    @Query('lang') lang?: string,
  ): Promise<StreamableFile> {
    return excelResponse(await this.imports.errorReport(jobId, user, languageOf(lang)));
  }
}

function pascalCase(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
}
