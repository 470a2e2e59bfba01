import type { InventoryArea } from '../inventory-area.js';
import { EpointRecordRepository } from './epoint-record.repository.js';
import { CreateSalesUploads1795700000380 } from './migrations/1795700000380-CreateSalesUploads.js';
import { PosIngestService } from './pos-ingest.service.js';
import { SalesUploadController } from './sales-upload.controller.js';
import { SalesUploadService } from './sales-upload.service.js';

/**
 * Sales uploads (/inventory/sales-upload, key SU) and the e-point records (the outlets' POS lines): the document,
 * its backflush through the recipes and the ledger's one posting function, and PosIngestService — the one way POS
 * lines come in (AutoSync's push endpoint and the Epoint Excel upload), exported for the epoint area to inject.
 */
export const salesUploadArea: InventoryArea = {
  controllers: [SalesUploadController],
  providers: [EpointRecordRepository, SalesUploadService, PosIngestService],
  migrations: [CreateSalesUploads1795700000380],
};
