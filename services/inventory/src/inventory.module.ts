import { Module } from '@nestjs/common';
import { ServicePlatformModule } from '@scm/platform';
import { CreateUomReplica1763800000300 } from './migrations/1763800000300-CreateUomReplica.js';
import { UomReplicaController } from './uom-replica/uom-replica.controller.js';
import { UomReplicaHandler } from './uom-replica/uom-replica.handler.js';
import { UomReplicaRepository } from './uom-replica/uom-replica.repository.js';

@Module({
  imports: [
    ServicePlatformModule.forService({
      name: 'inventory',
      entities: [],
      migrations: [CreateUomReplica1763800000300],
    }),
  ],
  controllers: [UomReplicaController],
  providers: [UomReplicaHandler, UomReplicaRepository],
})
export class InventoryModule {}
