import type { InventoryArea } from '../inventory-area.js';
import { EpointKeyGuard } from './epoint-key.guard.js';
import { EpointKeyRepository } from './epoint-key.repository.js';
import { EpointKeyService } from './epoint-key.service.js';
import { EpointKeysController } from './epoint-keys.controller.js';
import { EpointPullService } from './epoint-pull.service.js';
import { EpointRecordListRepository } from './epoint-record-list.repository.js';
import { EpointRecordsController } from './epoint-records.controller.js';
import { EpointSyncService } from './epoint-sync.service.js';
import { CreateEpointKeys1795700000390 } from './migrations/1795700000390-CreateEpointKeys.js';

/**
 * POS AutoSync (issue 14): the push endpoint with its location keys, the posting job per location and business
 * day, the export-folder pull job, and the e-point records page. Storage and posting of the records are the sales
 * upload area's (PosIngestService), which this area needs.
 */
export const epointArea: InventoryArea = {
  controllers: [EpointRecordsController, EpointKeysController],
  providers: [
    EpointKeyRepository,
    EpointKeyService,
    EpointKeyGuard,
    EpointRecordListRepository,
    EpointSyncService,
    EpointPullService,
  ],
  migrations: [CreateEpointKeys1795700000390],
};
