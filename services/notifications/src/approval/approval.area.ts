import type { ServiceArea } from '@scm/platform';
import { ApprovalController } from './approval.controller.js';
import { ApprovalProjection } from './approval.projection.js';
import { ApprovalService } from './approval.service.js';
import { CreateApprovalRequest1796000000200 } from './migrations/1796000000200-CreateApprovalRequest.js';

/**
 * The approvals inbox: a read model of the documents' approval requests, applied by the activity feed (one handler
 * per subject) from the registry's metadata, listed per caller, rebuildable by replay. Needs the feed area (the
 * approver directory and the feed's subscription).
 */
export const approvalArea: ServiceArea = {
  controllers: [ApprovalController],
  providers: [ApprovalProjection, ApprovalService],
  migrations: [CreateApprovalRequest1796000000200],
};
