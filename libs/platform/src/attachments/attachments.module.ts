import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '../runtime/service-platform.module.js';
import { AttachmentRepository } from './attachment.repository.js';
import { ATTACHMENTS_OPTIONS, AttachmentService } from './attachment.service.js';
import { createAttachmentsController } from './attachments.controller.js';
import { resolveAttachmentsOptions } from './attachments.options.js';
import type { AttachmentsOptions } from './attachments.options.js';

/**
 * Document attachments for a service's own records, mounted by the service next to its platform module:
 *
 * ```ts
 * imports: [
 *   ServicePlatformModule.forService({ name: 'catalog', ... }),
 *   AttachmentsModule.forService({ service: 'catalog', ownerTypes: { uom: 'UOM' } }),
 * ]
 * ```
 *
 * serves `/api/catalog/attachments/uom/:uomId` (GET list, POST upload) and
 * `/api/catalog/attachments/uom/file/:id` (GET download, DELETE), with UOM view to read and UOM edit to change. Rows live in the service's own
 * `attachment` table (every service's platform migrations create it), files in FileStorage under
 * `<service>/<owner type>/<owner id>/<uuid>.<ext>`.
 */
@Module({})
export class AttachmentsModule {
  static forService(options: AttachmentsOptions): DynamicModule {
    const resolved = resolveAttachmentsOptions(options);
    return {
      module: AttachmentsModule,
      // The service's own platform module instance: its DataSource (schema) and idempotency interceptor.
      imports: [ServicePlatformModule.of(resolved.service)],
      controllers: [...resolved.ownerTypes.values()].map((type) => createAttachmentsController(resolved.service, type)),
      providers: [{ provide: ATTACHMENTS_OPTIONS, useValue: resolved }, AttachmentRepository, AttachmentService],
      exports: [AttachmentService],
    };
  }
}
