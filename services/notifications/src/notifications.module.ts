import { Module } from '@nestjs/common';
import { ServicePlatformModule, gatherAreas } from '@scm/platform';
import type { ServiceArea } from '@scm/platform';
import { approvalArea } from './approval/approval.area.js';
import { digestArea } from './digest/digest.area.js';
import { feedArea } from './feed/feed.area.js';

/**
 * The areas of notifications in dependency order (their migrations run in timestamp order whatever the order
 * here): the notification centre and the activity log, fed by the other services' events, the approvals inbox, and the daily e-mail digest.
 */
const AREAS: ServiceArea[] = [feedArea, approvalArea, digestArea];
const gathered = gatherAreas(AREAS);

/**
 * Notifications: the notification centre (`/api/notification/...`, SPEC.md §7), the approvals inbox and the
 * activity log, on its own schema; a read side fed by events only.
 */
@Module({
  imports: [ServicePlatformModule.forService({ name: 'notifications', entities: [], migrations: gathered.migrations })],
  controllers: gathered.controllers,
  providers: gathered.providers,
})
export class NotificationsModule {}
