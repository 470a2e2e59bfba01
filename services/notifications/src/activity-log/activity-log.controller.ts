import { Get, HttpCode, Inject, Post } from '@nestjs/common';
import { PERMISSION_KEYS, hasPermission, listQuerySchema } from '@scm/contracts';
import type { AccessTokenClaims, ActivityLogRow, ActivityLogUserOption, ListQuery } from '@scm/contracts';
import {
  CallerScope,
  CurrentUser,
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

/** The permission keys the caller may view: the activity log lists entries of these keys (and of none). */
function viewableKeys(user: AccessTokenClaims): string[] {
  return PERMISSION_KEYS.filter((key) => hasPermission(user.perms, key, 'view'));
}

/**
 * The condition keeping a caller to the entries they may read. The keys are PERMISSION_KEYS' own constants (never
 * the caller's input), so they are written into the SQL as literals.
 */
function readableEntries(user: AccessTokenClaims): string {
  const keys = viewableKeys(user).map((key) => `'${key.replace(/'/g, "''")}'`);
  return `(a.permission_key IS NULL${keys.length > 0 ? ` OR a.permission_key IN (${keys.join(', ')})` : ''})`;
}

/**
 * The activity log page (`/activity-log`, under NOTIFICATION, SPEC.md §2): the list kit over activity_log, each
 * entry shown to callers who may view its record's key (sign-ins and denials: the user administrators).
 */
@ServiceController('notification/activity-log', 'notifications: activity log')
export class ActivityLogController {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  @Post('list')
  @HttpCode(200)
  @Permission('NOTIFICATION', 'view')
  async list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<ListPage<ActivityLogRow>> {
    const resource = ACTIVITY_LOG_LISTS[callerLanguage()] ?? ACTIVITY_LOG_LISTS.en;
    const page = await runListQuery<ActivityLogRow>(
      this.dataSource.manager,
      { ...resource, baseWhere: readableEntries(user) },
      query,
      scope,
    );
    return new ListPage(page.data, page.recordsTotal);
  }

  /** The users the caller's activity log names (its user filter), by name: the entries it shows them. */
  @Get('users')
  @Permission('NOTIFICATION', 'view')
  users(@CallerScope() scope: LocationScope, @CurrentUser() user: AccessTokenClaims): Promise<ActivityLogUserOption[]> {
    const locations = scope.locations === 'all' ? null : [...scope.locations];
    return this.dataSource.query<ActivityLogUserOption[]>(
      `SELECT user_id, name FROM (
         SELECT DISTINCT ON (created_by_id) created_by_id AS user_id, created_by AS name
           FROM activity_log
          WHERE created_by_id IS NOT NULL AND ($1::text[] IS NULL OR location_id IS NULL OR location_id = ANY($1))
            AND (permission_key IS NULL OR permission_key = ANY($2::text[]))
          ORDER BY created_by_id, created_time DESC) latest
        ORDER BY name, user_id`,
      [locations, viewableKeys(user)],
    );
  }
}
