import { Module } from '@nestjs/common';
import { AttachmentsModule, ServicePlatformModule, gatherAreas } from '@scm/platform';
import type { ServiceArea } from '@scm/platform';
import { purchaseOrderArea } from './purchase-order/purchase-order.area.js';
import { PURCHASE_ORDER_ATTACHMENTS } from './purchase-order/purchase-order.service.js';
import { receivingOrderArea } from './receiving-order/receiving-order.area.js';
import { RECEIVING_ORDER_ATTACHMENTS } from './receiving-order/receiving-order.service.js';
import { pettyCashArea } from './petty-cash/petty-cash.area.js';
import { PETTY_CASH_ATTACHMENTS } from './petty-cash/petty-cash.service.js';
import { replicasArea } from './replicas/replicas.area.js';
import { returnNoteArea } from './return-note/return-note.area.js';
import { RETURN_NOTE_ATTACHMENTS } from './return-note/return-note.service.js';
import { storeOrderArea } from './store-order/store-order.area.js';
import { supplierConfirmationArea } from './supplier-confirmation/supplier-confirmation.area.js';

/**
 * The areas of procurement in dependency order (their migrations run in timestamp order whatever the order
 * here). Store orders, purchase orders, receiving orders, return notes and petty cash each come as an area.
 */
const AREAS: ServiceArea[] = [
  replicasArea,
  purchaseOrderArea,
  supplierConfirmationArea,
  receivingOrderArea,
  pettyCashArea,
  returnNoteArea,
  // After the return note's: its replica of the ledger's postings gives the store order's on hand and usage.
  storeOrderArea,
];
const gathered = gatherAreas(AREAS);

/** Procurement: store orders, purchase orders, receiving, return notes and petty cash, on its own schema. */
@Module({
  imports: [
    ServicePlatformModule.forService({ name: 'procurement', entities: [], migrations: gathered.migrations }),
    // Files on the documents (the document page's attachments): /api/procurement/attachments/<owner type>/<id>.
    // Scoped: every route first runs the document's own location-scope check (its service's guardOwner).
    AttachmentsModule.forService({
      service: 'procurement',
      ownerTypes: {
        [PURCHASE_ORDER_ATTACHMENTS]: {
          permission: 'PO',
          record: { table: 'purchase_order', idColumn: 'id' },
          scoped: true,
        },
        // The receipts of a claim (scans and photos; the kit's 20 MB pdf/jpeg/jpg/png).
        [PETTY_CASH_ATTACHMENTS]: {
          permission: 'PC',
          record: { table: 'petty_cash', idColumn: 'id' },
          scoped: true,
        },
        [RECEIVING_ORDER_ATTACHMENTS]: {
          permission: 'RO',
          record: { table: 'receiving_order', idColumn: 'id' },
          scoped: true,
        },
        // Like the receiving order's: the supplier's acknowledgement, photos of the goods (20 MB pdf/jpeg/jpg/png).
        [RETURN_NOTE_ATTACHMENTS]: {
          permission: 'GR',
          record: { table: 'return_note', idColumn: 'id' },
          scoped: true,
        },
      },
    }),
  ],
  controllers: gathered.controllers,
  providers: gathered.providers,
})
export class ProcurementModule {}
