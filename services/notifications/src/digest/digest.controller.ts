import { Body, Get, HttpCode, Put } from '@nestjs/common';
import { notificationSettingsSchema } from '@scm/contracts';
import type { AccessTokenClaims, NotificationSettings } from '@scm/contracts';
import { CurrentUser, Permission, ServiceController, SuccessMessage, ZodValidationPipe } from '@scm/platform';
import { EmailDigest } from './email-digest.js';

/**
 * The caller's notification settings, beside the notification centre's calls: the optional e-mail digest (off /
 * daily). Only the caller's own; whoever may see notifications may choose.
 */
@ServiceController('notification', 'notifications: settings')
export class DigestController {
  constructor(private readonly digest: EmailDigest) {}

  @Get('settings')
  @Permission('NOTIFICATION', 'view')
  async settings(@CurrentUser() user: AccessTokenClaims): Promise<NotificationSettings> {
    return { email_digest: await this.digest.setting(user.sub) };
  }

  @Put('settings')
  @HttpCode(200)
  @Permission('NOTIFICATION', 'view')
  @SuccessMessage('messages.updated')
  async choose(
    @Body(new ZodValidationPipe(notificationSettingsSchema)) body: NotificationSettings,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<NotificationSettings> {
    await this.digest.choose(user.sub, body.email_digest);
    return { email_digest: body.email_digest };
  }
}
