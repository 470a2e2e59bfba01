import { HttpCode, Post, Put } from '@nestjs/common';
import { forgotPasswordSchema, setPasswordSchema } from '@scm/contracts';
import { CallerScope, IdParam, Permission, Public, RootApiController, SuccessMessage, ValidBody } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { UserService } from '../users/user.service.js';
import { PasswordService } from './password.service.js';

/** SPEC.md §7: forgot / reset password, resend invitation; and accepting an invitation. */
@RootApiController('identity: passwords')
export class PasswordController {
  constructor(
    private readonly passwords: PasswordService,
    private readonly users: UserService,
  ) {}

  @Public()
  @Post('forgot_password')
  @HttpCode(200)
  @SuccessMessage('messages.forgot_password')
  async forgotPassword(@ValidBody(forgotPasswordSchema) input: { email: string }): Promise<null> {
    await this.passwords.forgotPassword(input.email);
    return null;
  }

  @Public()
  @Put('reset_password')
  @SuccessMessage('messages.password_set')
  async resetPassword(@ValidBody(setPasswordSchema) input: { token: string; password: string }): Promise<null> {
    await this.passwords.resetPassword(input.token, input.password);
    return null;
  }

  @Public()
  @Put('accept_invitation')
  @SuccessMessage('messages.password_set')
  async acceptInvitation(@ValidBody(setPasswordSchema) input: { token: string; password: string }): Promise<null> {
    await this.passwords.acceptInvitation(input.token, input.password);
    return null;
  }

  @Post('resend_invitation/:id')
  @HttpCode(200)
  @Permission('USER', 'edit')
  @SuccessMessage('messages.invitation_resent')
  async resendInvitation(@IdParam() userId: string, @CallerScope() scope: LocationScope): Promise<null> {
    await this.users.resendInvitation(userId, scope);
    return null;
  }
}
