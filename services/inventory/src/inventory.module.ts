import { Module } from '@nestjs/common';
import { AttachmentsModule, ServicePlatformModule } from '@scm/platform';
import { deliveryOrderArea } from './delivery-order/delivery-order.area.js';
import { DELIVERY_ORDER_ATTACHMENTS } from './delivery-order/delivery-order.service.js';
import { epointArea } from './epoint/epoint.area.js';
import type { InventoryArea } from './inventory-area.js';
import { ledgerArea } from './ledger/ledger.area.js';
import { CreateUomReplica1763800000300 } from './migrations/1763800000300-CreateUomReplica.js';
import { recipesArea } from './recipes/recipes.area.js';
import { replicasArea } from './replicas/replicas.area.js';
import { salesUploadArea } from './sales-upload/sales-upload.area.js';
import { stockAdjustmentArea } from './stock-adjustment/stock-adjustment.area.js';
import { STOCK_ADJUSTMENT_ATTACHMENTS } from './stock-adjustment/stock-adjustment.service.js';
import { stockArea } from './stock/stock.area.js';
import { stockTakeArea } from './stock-take/stock-take.area.js';
import { STOCK_TAKE_ATTACHMENTS } from './stock-take/stock-take.service.js';
import { stockTransferArea } from './stock-transfer/stock-transfer.area.js';
import { STOCK_TRANSFER_ATTACHMENTS } from './stock-transfer/stock-transfer.service.js';
import { UomReplicaController } from './uom-replica/uom-replica.controller.js';
import { UomReplicaHandler } from './uom-replica/uom-replica.handler.js';
import { UomReplicaRepository } from './uom-replica/uom-replica.repository.js';
import { wipArea } from './wip/wip.area.js';
import { WIP_ATTACHMENTS } from './wip/wip.service.js';
import { usageVarianceArea } from './usage-variance/usage-variance.area.js';

/** The areas in dependency order (their migrations run in timestamp order whatever the order here). */
const AREAS: InventoryArea[] = [
  replicasArea,
  recipesArea,
  ledgerArea,
  stockArea,
  stockAdjustmentArea,
  stockTakeArea,
  stockTransferArea,
  deliveryOrderArea,
  salesUploadArea,
  epointArea,
  wipArea,
  usageVarianceArea,
];

@Module({
  imports: [
    ServicePlatformModule.forService({
      name: 'inventory',
      entities: [],
      migrations: [CreateUomReplica1763800000300, ...AREAS.flatMap((area) => area.migrations)],
    }),
    // Files on the documents (the document page's attachments): /api/inventory/attachments/<owner type>/<id>.
    // Scoped: every route first runs the document's own location-scope check (its service's guardOwner).
    AttachmentsModule.forService({
      service: 'inventory',
      ownerTypes: {
        [STOCK_ADJUSTMENT_ATTACHMENTS]: {
          permission: 'SA',
          record: { table: 'stock_adjustment', idColumn: 'id' },
          scoped: true,
        },
        [STOCK_TAKE_ATTACHMENTS]: { permission: 'ST', record: { table: 'stock_take', idColumn: 'id' }, scoped: true },
        [WIP_ATTACHMENTS]: { permission: 'WIP', record: { table: 'wip', idColumn: 'id' }, scoped: true },
        // A consignment's files are RJ_SR's (the owner check keeps each document to its type's key).
        [STOCK_TRANSFER_ATTACHMENTS]: {
          permission: { anyOf: ['SR', 'RJ_SR'] },
          record: { table: 'stock_transfer', idColumn: 'id' },
          scoped: true,
        },
        [DELIVERY_ORDER_ATTACHMENTS]: {
          permission: 'DO',
          record: { table: 'delivery_order', idColumn: 'id' },
          scoped: true,
        },
      },
    }),
  ],
  controllers: [UomReplicaController, ...AREAS.flatMap((area) => area.controllers)],
  providers: [UomReplicaHandler, UomReplicaRepository, ...AREAS.flatMap((area) => area.providers)],
})
export class InventoryModule {}
