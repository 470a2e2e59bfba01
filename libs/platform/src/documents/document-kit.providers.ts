import type { Provider } from '@nestjs/common';
import { ApproverDirectory, ApproverDirectoryHandler } from './approver-directory.js';
import { DocumentActions } from './document-actions.js';

/**
 * What a service that keeps documents lists in its module's providers, ONCE per service (the handler registers
 * identity's subjects on the service's EventConsumer, which accepts one handler per subject):
 *
 * ```ts
 * providers: [...DOCUMENT_KIT_PROVIDERS, StockAdjustmentService, ...]
 * ```
 *
 * The module must import the service's ServicePlatformModule (its EventConsumer). The kit's tables are already
 * in every service's schema (ServicePlatformModule's migrations).
 */
export const DOCUMENT_KIT_PROVIDERS: Provider[] = [DocumentActions, ApproverDirectory, ApproverDirectoryHandler];
