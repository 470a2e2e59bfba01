import { Get, HttpCode, Put, Query } from '@nestjs/common';
import { notificationPageQuerySchema } from '@scm/contracts';
import type { AccessTokenClaims, NotificationPageQuery, NotificationPageView } from '@scm/contracts';
import {
  CurrentUser,
  IdParam,
  Permission,
  ServiceController,
  SuccessMessage,
  ZodValidationPipe,
} from '@scm/platform';
import { NotificationService } from './notification.service.js';

/**
 * The notification centre and the bell, at SPEC.md §7's exact paths: `/api/notification/...` (the gateway routes
 * the spec's `notification` segment to this service). Only with view on NOTIFICATION (SPEC.md §6).
 */
@ServiceController('notification', 'notifications: notification centre')
export class NotificationController {
  constructor(private readonly notifications: NotificationService) {}

  @Get('get')
  @Permission('NOTIFICATION', 'view')
  page(
    @Query(new ZodValidationPipe(notificationPageQuerySchema)) query: NotificationPageQuery,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<NotificationPageView> {
    return this.notifications.page(user.sub, query.limit, query.offset);
  }

  @Put('mark_all_as_read')
  @HttpCode(200)
  @Permission('NOTIFICATION', 'view')
  @SuccessMessage('messages.updated')
  markAll(@CurrentUser() user: AccessTokenClaims): Promise<void> {
    return this.notifications.markAllRead(user.sub);
  }

  @Put('mark_one_as_read/:id')
  @HttpCode(200)
  @Permission('NOTIFICATION', 'view')
  @SuccessMessage('messages.updated')
  markOne(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<void> {
    return this.notifications.markOneRead(user.sub, id);
  }
}
