import { Get, HttpCode, Put, Query, Req, Res } from '@nestjs/common';
import { notificationPageQuerySchema } from '@scm/contracts';
import type { AccessTokenClaims, NotificationPageQuery, NotificationPageView } from '@scm/contracts';
import { CurrentUser, IdParam, Permission, ServiceController, SuccessMessage, ZodValidationPipe } from '@scm/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotificationStream } from './notification-stream.js';
import { NotificationService } from './notification.service.js';

/**
 * The notification centre and the bell, at SPEC.md §7's exact paths: `/api/notification/...` (the gateway routes
 * the spec's `notification` segment to this service). Only with view on NOTIFICATION (SPEC.md §6).
 */
@ServiceController('notification', 'notifications: notification centre')
export class NotificationController {
  constructor(
    private readonly notifications: NotificationService,
    private readonly stream: NotificationStream,
  ) {}

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

  /** Server-sent events: `notification` whenever one is stored for the caller (the bell then re-reads its page). */
  @Get('stream')
  @Permission('NOTIFICATION', 'view')
  live(@CurrentUser() user: AccessTokenClaims, @Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    this.stream.open(user.sub, request, reply);
  }
}
