import { Module } from '@nestjs/common';
import { AttachmentsModule, ServicePlatformModule } from '@scm/platform';
import { CreateUoms1763800000200 } from './migrations/1763800000200-CreateUoms.js';
import { UomController } from './uom/uom.controller.js';
import { UomEntity } from './uom/uom.entity.js';
import { UomRepository } from './uom/uom.repository.js';
import { UomService } from './uom/uom.service.js';
import { RecordUsageRepository } from './usage/record-usage.repository.js';

@Module({
  imports: [
    ServicePlatformModule.forService({
      name: 'catalog',
      entities: [UomEntity],
      migrations: [CreateUoms1763800000200],
    }),
    // Files on catalog records: /api/catalog/attachments/<owner type>/<id>, with each owner type's own key.
    AttachmentsModule.forService({
      service: 'catalog',
      ownerTypes: { uom: { permission: 'UOM', record: { table: 'uom', idColumn: 'uom_id' } } },
    }),
  ],
  controllers: [UomController],
  providers: [UomService, UomRepository, RecordUsageRepository],
  exports: [RecordUsageRepository],
})
export class CatalogModule {}
