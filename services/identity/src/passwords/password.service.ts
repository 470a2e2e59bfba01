import { Injectable } from '@nestjs/common';
import { IdentityErrorCode, IdentitySubjects } from '@scm/contracts';
import { EventPublisher, createLogger } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { hashPassword } from '../auth/password-hasher.js';
import { IdentityException } from '../identity.exception.js';
import { SessionRepository } from '../sessions/session.repository.js';
import { userSnapshot } from '../users/user-snapshot.js';
import type { UserEntity } from '../users/user.entity.js';
import { UserRepository } from '../users/user.repository.js';
import { AccountMailer } from './account-mail.js';
import { assertNotCommon } from './password-policy.js';
import { PasswordTokenRepository } from './password-token.repository.js';
import type { TokenPurpose } from './password-token.repository.js';

const logger = createLogger('identity.passwords');

/** Forgot password, reset by link, and accepting an invitation by choosing a password. */
@Injectable()
export class PasswordService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly tokens: PasswordTokenRepository,
    private readonly mail: AccountMailer,
    private readonly events: EventPublisher,
  ) {}

  /** Answers the same whether or not the account exists; only an active account gets a link. */
  async forgotPassword(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || user.status !== 'Active') {
      logger.info({ email }, 'password reset asked for an unknown or inactive account');
      return;
    }
    const token = await this.users.transaction((manager) => this.tokens.issue(manager, user.user_id, 'reset'));
    await this.mail.send({
      kind: 'reset',
      to: user.email,
      name: user.employee_name,
      token,
      language: user.language === 'zh-CN' ? 'zh-CN' : 'en',
    });
  }

  /** A new password from a reset link: every session of the user ends. */
  resetPassword(token: string, password: string): Promise<void> {
    return this.setPassword(token, 'reset', password, async (user, manager) => {
      if (user.status === 'Inactive') throw IdentityException.onField(IdentityErrorCode.LINK_INVALID, 'token');
      await this.sessions.revokeAllForUser(manager, user.user_id);
      await this.events.publish(manager, IdentitySubjects.UserUpdated, userSnapshot(user));
    });
  }

  /** The invited user chooses a password and becomes Active. */
  acceptInvitation(token: string, password: string): Promise<void> {
    return this.setPassword(token, 'invite', password, async (user, manager) => {
      if (user.status !== 'Invited') throw IdentityException.onField(IdentityErrorCode.LINK_INVALID, 'token');
      user.status = 'Active';
      await this.events.publish(manager, IdentitySubjects.UserActivated, userSnapshot(user));
    });
  }

  /**
   * Consumes the link and stores the new password in one transaction: a refused password (too common)
   * rolls back, so the link stays usable.
   */
  private async setPassword(
    token: string,
    purpose: TokenPurpose,
    password: string,
    apply: (user: UserEntity, manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    await this.users.transaction(async (manager) => {
      const userId = await this.tokens.consume(manager, token, purpose);
      const user = userId ? await this.users.findByIdForUpdate(manager, userId) : null;
      if (!user) throw IdentityException.onField(IdentityErrorCode.LINK_INVALID, 'token');
      assertNotCommon(password, user);
      user.password_hash = await hashPassword(password);
      user.revision += 1;
      user.last_updated_time = new Date();
      user.last_updated_by = user.user_id;
      await apply(user, manager);
      await this.users.save(manager, user);
      logger.info({ userId: user.user_id, purpose }, 'password set');
    });
  }
}
