import type { ServiceArea } from '@scm/platform';
import { CreateReturnNotes1795900000500 } from './migrations/1795900000500-CreateReturnNotes.js';
import { ReturnNoteController } from './return-note.controller.js';
import { ReturnNoteRepository } from './return-note.repository.js';
import { ReturnNoteService } from './return-note.service.js';
import { StockPostedHandler } from './stock-posted.handler.js';
import { StockPostingReplicaRepository } from './stock-posting-replica.repository.js';

/**
 * Return notes: the document, its posting request to the ledger, and the replica of the ledger's postings that
 * tells it the location's on hand. The document kit's providers come with the purchase order's area.
 */
export const returnNoteArea: ServiceArea = {
  controllers: [ReturnNoteController],
  providers: [ReturnNoteRepository, ReturnNoteService, StockPostingReplicaRepository, StockPostedHandler],
  migrations: [CreateReturnNotes1795900000500],
};
