import { HttpCode, Inject, Post } from '@nestjs/common';
import { listQuerySchema } from '@scm/contracts';
import type { ActivityLogRow, ListQuery } from '@scm/contracts';
import { CallerScope, DATA_SOURCE, ListPage, Permission, ServiceController, ValidBody, runListQuery } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { callerLanguage } from '../notification/notification.service.js';
import { ACTIVITY_LOG_LISTS } from './activity-log.list.js';

/** The activity log page (`/activity-log`, under NOTIFICATION, SPEC.md §2): the list kit over activity_log. */
@ServiceController('notification/activity-log', 'notifications: activity log')
export class ActivityLogController {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  @Post('list')
  @HttpCode(200)
  @Permission('NOTIFICATION', 'view')
  async list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<ActivityLogRow>> {
    const resource = ACTIVITY_LOG_LISTS[callerLanguage()] ?? ACTIVITY_LOG_LISTS.en;
    const page = await runListQuery<ActivityLogRow>(this.dataSource.manager, resource, query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }
}
