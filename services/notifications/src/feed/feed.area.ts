import type { ServiceArea } from '@scm/platform';
import { ApproverDirectory, ApproverDirectoryHandler } from '@scm/platform';
import { ActivityLogController } from '../activity-log/activity-log.controller.js';
import { NotificationController } from '../notification/notification.controller.js';
import { NotificationStream } from '../notification/notification-stream.js';
import { NotificationService } from '../notification/notification.service.js';
import { ACTIVITY_REGISTRY_PROVIDER, ActivityFeed } from './activity-feed.js';
import { RECORD_ACTIVITY_REGISTRY_PROVIDER, RecordActivityFeed } from './record-activity-feed.js';
import { CreateNotificationFeed1796000000100 } from './migrations/1796000000100-CreateNotificationFeed.js';
import { AddActivityLogPermissionKey1796000000400 } from './migrations/1796000000400-AddActivityLogPermissionKey.js';

/**
 * The activity log and the notifications, fed by the activity subjects of the contracts' registries (documents,
 * and records: master data, users, roles, sign-ins), addressed
 * through the document kit's approver directory (identity's users and roles, replicated).
 */
export const feedArea: ServiceArea = {
  controllers: [NotificationController, ActivityLogController],
  providers: [
    ApproverDirectory,
    ApproverDirectoryHandler,
    ACTIVITY_REGISTRY_PROVIDER,
    ActivityFeed,
    // After ApproverDirectoryHandler: it adds itself to identity's subjects the directory already handles.
    RECORD_ACTIVITY_REGISTRY_PROVIDER,
    RecordActivityFeed,
    NotificationService,
    NotificationStream,
  ],
  migrations: [CreateNotificationFeed1796000000100, AddActivityLogPermissionKey1796000000400],
};
