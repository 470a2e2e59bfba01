import { Get, HttpCode, Inject, Post } from '@nestjs/common';
import { listQuerySchema } from '@scm/contracts';
import type { ActivityLogRow, ActivityLogUserOption, ListQuery } from '@scm/contracts';
import {
  CallerScope,
  DATA_SOURCE,
  ListPage,
  Permission,
  ServiceController,
  ValidBody,
  runListQuery,
} from '@scm/platform';
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

  /** The users the caller's activity log names (its user filter), by name: entries of their locations and SYSTEM. */
  @Get('users')
  @Permission('NOTIFICATION', 'view')
  users(@CallerScope() scope: LocationScope): Promise<ActivityLogUserOption[]> {
    const locations = scope.locations === 'all' ? null : [...scope.locations];
    return this.dataSource.query<ActivityLogUserOption[]>(
      `SELECT user_id, name FROM (
         SELECT DISTINCT ON (created_by_id) created_by_id AS user_id, created_by AS name
           FROM activity_log
          WHERE created_by_id IS NOT NULL AND ($1::text[] IS NULL OR location_id IS NULL OR location_id = ANY($1))
          ORDER BY created_by_id, created_time DESC) latest
        ORDER BY name, user_id`,
      [locations],
    );
  }
}
