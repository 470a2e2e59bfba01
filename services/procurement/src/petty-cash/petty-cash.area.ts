import type { ServiceArea } from '@scm/platform';
import { CreatePettyCash1795900000450 } from './migrations/1795900000450-CreatePettyCash.js';
import { PettyCashController } from './petty-cash.controller.js';
import { PettyCashRepository } from './petty-cash.repository.js';
import { PettyCashService } from './petty-cash.service.js';

/**
 * Petty cash: the claim document, its signatures and the refund list. The document kit's providers come with the
 * purchase order's area (once per service module); it posts nothing to the ledger.
 */
export const pettyCashArea: ServiceArea = {
  controllers: [PettyCashController],
  providers: [PettyCashRepository, PettyCashService],
  migrations: [CreatePettyCash1795900000450],
};
