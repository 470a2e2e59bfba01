import { Delete, Get, Header, Param, Post, Req, StreamableFile } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiProduces } from '@nestjs/swagger';
import type { AccessTokenClaims, AttachmentView, PermissionKey } from '@scm/contracts';
import type { FastifyRequest } from 'fastify';
import { AnyPermission, CurrentUser, Permission } from '../auth/decorators.js';
import { SuccessMessage } from '../http/envelope.js';
import { IdParam } from '../http/id-param.js';
import { uploadedFiles } from '../http/multipart-files.js';
import { ServiceController } from '../http/service-controller.js';
import { MAX_UPLOAD_BYTES } from '../storage/upload-policy.js';
import { contentDisposition } from './attachment-names.js';
import { AttachmentService } from './attachment.service.js';
import type { AttachmentOwnerType } from './attachments.options.js';

/** Sanity cap on files in one request, whatever an owner type allows: more is refused as too large a request. */
const MAX_FILES_PER_REQUEST = 50;

const UPLOAD_BODY = {
  schema: {
    type: 'object',
    required: ['files'],
    properties: { files: { type: 'array', items: { type: 'string', format: 'binary' } } },
  },
};

/**
 * The attachments API of one owner type of a service, under `/api/<service>/attachments/<ownerType>`: one
 * controller class per owner type, so each route declares its permission key like every other route (view to
 * list and download, edit to upload and delete) and the one guard checks it.
 */
export function createAttachmentsController(service: string, ownerType: AttachmentOwnerType): Type<unknown> {
  const permission = (check: 'view' | 'edit') =>
    ownerType.anyOf
      ? AnyPermission(([] as readonly PermissionKey[]).concat(ownerType.permission), check)
      : Permission(ownerType.permission, check);

  @ServiceController(`${service}/attachments/${ownerType.name}`, `${service}: attachments`)
  class AttachmentsController {
    constructor(private readonly attachments: AttachmentService) {}

    @Get(':ownerId')
    @permission('view')
    list(@CurrentUser() user: AccessTokenClaims, @Param('ownerId') ownerId: string): Promise<AttachmentView[]> {
      return this.attachments.list(ownerType.name, ownerId, user);
    }

    /** multipart/form-data with one or more files (any field name; the web app sends `files`). */
    @Post(':ownerId')
    @permission('edit')
    @ApiConsumes('multipart/form-data')
    @ApiBody(UPLOAD_BODY)
    @SuccessMessage('messages.uploaded')
    upload(
      @CurrentUser() user: AccessTokenClaims,
      @Param('ownerId') ownerId: string,
      @Req() request: FastifyRequest,
    ): Promise<AttachmentView[]> {
      const files = uploadedFiles(request, { maxFileBytes: MAX_UPLOAD_BYTES, maxFiles: MAX_FILES_PER_REQUEST });
      return this.attachments.upload(user, ownerType.name, ownerId, files);
    }

    /** The file itself (not the envelope), offered for download under the name it was uploaded with. */
    @Get('file/:id')
    @permission('view')
    @ApiProduces('application/pdf', 'image/jpeg', 'image/png')
    @Header('X-Content-Type-Options', 'nosniff')
    @Header('Cache-Control', 'private, no-cache')
    async download(@CurrentUser() user: AccessTokenClaims, @IdParam() attachmentId: string): Promise<StreamableFile> {
      const { attachment, body } = await this.attachments.download(ownerType.name, attachmentId, user);
      return new StreamableFile(body, {
        type: attachment.content_type,
        disposition: contentDisposition(attachment.original_name),
        length: body.length,
      });
    }

    @Delete('file/:id')
    @permission('edit')
    @SuccessMessage('messages.deleted')
    async delete(@CurrentUser() user: AccessTokenClaims, @IdParam() attachmentId: string): Promise<null> {
      await this.attachments.delete(ownerType.name, attachmentId, user);
      return null;
    }
  }
  // Distinct names keep OpenAPI operation ids apart when several services mount attachments.
  Object.defineProperty(AttachmentsController, 'name', {
    value: `${pascalCase(service)}${pascalCase(ownerType.name)}AttachmentsController`,
  });
  return AttachmentsController;
}

function pascalCase(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
}
