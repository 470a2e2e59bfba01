import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { IdentityErrorCode, IdentitySubjects } from '@scm/contracts';
import type { ListQuery, UserView, ValidUserInput } from '@scm/contracts';
import {
  ALL_LOCATIONS,
  EventPublisher,
  ListPage,
  assertLocationsInScope,
  currentContext,
  inLocationScope,
  isAllLocations,
  isUniqueViolation,
  stampChange,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { IdentityException } from '../identity.exception.js';
import { AccountMailer } from '../passwords/account-mail.js';
import { PasswordTokenRepository } from '../passwords/password-token.repository.js';
import { SessionRepository } from '../sessions/session.repository.js';
import { userSnapshot } from './user-snapshot.js';
import { UserEntity } from './user.entity.js';
import { UserRepository } from './user.repository.js';
import type { UserRow } from './user.repository.js';

const UNIQUE_FIELDS: Record<string, [IdentityErrorCode, string]> = {
  app_user_email_unique: [IdentityErrorCode.USER_DUPLICATE_EMAIL, 'email'],
  app_user_username_unique: [IdentityErrorCode.USER_DUPLICATE_USERNAME, 'username'],
  app_user_employee_code_unique: [IdentityErrorCode.USER_DUPLICATE_CODE, 'employee_code'],
};

/**
 * Users (SPEC.md §3, §6): invited by an administrator, active once they accept, set inactive or active
 * again, sent a new invitation or a password-reset link. Deactivation and a role change end their sessions.
 */
@Injectable()
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly tokens: PasswordTokenRepository,
    private readonly mail: AccountMailer,
    private readonly events: EventPublisher,
  ) {}

  async list(query: ListQuery, scope: LocationScope): Promise<ListPage<UserRow>> {
    const page = await this.users.list(query, scope);
    return new ListPage(page.data, page.recordsTotal);
  }

  roleOptions(): Promise<{ role_id: string; role_name: string }[]> {
    return this.users.roleOptions();
  }

  async get(userId: string, scope: LocationScope): Promise<UserView> {
    const user = await this.users.findById(userId);
    return this.view(manageable(scope, user));
  }

  /** Creates the user as Invited and e-mails a one-time link to choose a password. */
  async invite(input: ValidUserInput, scope: LocationScope): Promise<UserView> {
    assertAssignable(scope, input.location_list);
    const actor = currentContext()?.actor ?? null;
    const now = new Date();
    const user: UserEntity = {
      user_id: randomUUID(),
      ...this.fields(input),
      password_hash: null,
      status: 'Invited',
      revision: 1,
      last_sign_in_at: null,
      created_by: actor,
      last_updated_by: actor,
      created_time: now,
      last_updated_time: now,
    };
    const token = await this.write(async (manager) => {
      await this.assertRole(manager, input.role_id);
      await this.users.insert(manager, user);
      await this.events.publish(manager, IdentitySubjects.UserInvited, userSnapshot(user));
      return this.tokens.issue(manager, user.user_id, 'invite');
    });
    await this.mail.send({
      kind: 'invite',
      to: user.email,
      name: user.employee_name,
      token,
      language: languageOf(user),
    });
    return this.view(user);
  }

  update(userId: string, input: ValidUserInput, scope: LocationScope): Promise<UserView> {
    assertAssignable(scope, input.location_list);
    return this.change(userId, scope, IdentitySubjects.UserUpdated, async (user, manager) => {
      if (input.role_id !== user.role_id) {
        assertNotSelf(userId);
        await this.assertRole(manager, input.role_id);
        await this.sessions.revokeAllForUser(manager, userId);
      }
      Object.assign(user, this.fields(input));
    });
  }

  activate(userId: string, scope: LocationScope): Promise<UserView> {
    return this.change(userId, scope, IdentitySubjects.UserActivated, (user) => {
      // An invited user becomes active by accepting the invitation and choosing a password.
      if (user.status === 'Invited' || !user.password_hash)
        throw new IdentityException(IdentityErrorCode.USER_NOT_INVITED);
      user.status = 'Active';
      return Promise.resolve();
    });
  }

  deactivate(userId: string, scope: LocationScope): Promise<UserView> {
    assertNotSelf(userId);
    return this.change(userId, scope, IdentitySubjects.UserDeactivated, async (user, manager) => {
      user.status = 'Inactive';
      await this.sessions.revokeAllForUser(manager, userId);
    });
  }

  async resendInvitation(userId: string, scope: LocationScope): Promise<void> {
    const { user, token } = await this.users.transaction(async (manager) => {
      const found = manageable(scope, await this.users.findByIdForUpdate(manager, userId));
      if (found.status !== 'Invited') throw new IdentityException(IdentityErrorCode.USER_NOT_INVITED);
      return { user: found, token: await this.tokens.issue(manager, userId, 'invite') };
    });
    await this.mail.send({
      kind: 'invite',
      to: user.email,
      name: user.employee_name,
      token,
      language: languageOf(user),
    });
  }

  /** An administrator sends the user a link to choose a new password. */
  async sendPasswordReset(userId: string, scope: LocationScope): Promise<void> {
    const { user, token } = await this.users.transaction(async (manager) => {
      const found = manageable(scope, await this.users.findByIdForUpdate(manager, userId));
      if (found.status === 'Invited') throw new IdentityException(IdentityErrorCode.USER_NOT_INVITED);
      return { user: found, token: await this.tokens.issue(manager, userId, 'reset') };
    });
    await this.mail.send({
      kind: 'reset',
      to: user.email,
      name: user.employee_name,
      token,
      language: languageOf(user),
    });
  }

  /** Only a user who never signed in can be deleted; others are set inactive. */
  async delete(userId: string, scope: LocationScope): Promise<void> {
    assertNotSelf(userId);
    await this.users.transaction(async (manager) => {
      const user = manageable(scope, await this.users.findByIdForUpdate(manager, userId));
      if (user.last_sign_in_at || (await this.sessions.hasEverSignedIn(manager, userId))) {
        throw new IdentityException(IdentityErrorCode.USER_IN_USE);
      }
      await this.users.delete(manager, userId);
      // A deleted user is published as inactive and holding no location, so replicas release what it held
      // (a merely deactivated user keeps its locations: its history still refers to them).
      await this.events.publish(
        manager,
        IdentitySubjects.UserDeactivated,
        userSnapshot({ ...user, status: 'Inactive', location_list: [], revision: user.revision + 1 }),
      );
    });
  }

  private async change(
    userId: string,
    scope: LocationScope,
    subject: (typeof IdentitySubjects)['UserUpdated' | 'UserActivated' | 'UserDeactivated'],
    mutate: (user: UserEntity, manager: EntityManager) => Promise<void>,
  ): Promise<UserView> {
    const user = await this.write(async (manager) => {
      const found = manageable(scope, await this.users.findByIdForUpdate(manager, userId));
      await mutate(found, manager);
      stampChange(found);
      await this.users.save(manager, found);
      await this.events.publish(manager, subject, userSnapshot(found));
      return found;
    });
    return this.view(user);
  }

  private fields(input: ValidUserInput) {
    return {
      employee_code: input.employee_code,
      employee_name: input.employee_name,
      email: input.email,
      username: input.username,
      role_id: input.role_id,
      location_list: [...new Set(input.location_list)],
      language: input.language ?? null,
    };
  }

  private async assertRole(manager: EntityManager, roleId: string): Promise<void> {
    if (!(await this.users.findRole(roleId, manager)))
      throw IdentityException.onField(IdentityErrorCode.ROLE_NOT_FOUND, 'role_id');
  }

  /** A transaction whose unique violations become the field's duplicate error. */
  private async write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.users.transaction(work);
    } catch (error) {
      const duplicate = UNIQUE_FIELDS[(error as { constraint?: string }).constraint ?? ''];
      if (isUniqueViolation(error) && duplicate) throw IdentityException.onField(...duplicate);
      throw error;
    }
  }

  private async view(user: UserEntity): Promise<UserView> {
    const role = await this.users.findRole(user.role_id);
    const { password_hash: _hash, ...rest } = user;
    return {
      ...rest,
      role_name: role?.role_name ?? '',
      created_time: user.created_time.toISOString(),
      last_updated_time: user.last_updated_time.toISOString(),
      last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    };
  }
}

function assertNotSelf(userId: string): void {
  if (currentContext()?.actor === userId) throw new IdentityException(IdentityErrorCode.CANNOT_CHANGE_OWN_ACCOUNT);
}

function languageOf(user: UserEntity): 'en' | 'zh-CN' {
  return user.language === 'zh-CN' ? 'zh-CN' : 'en';
}

/**
 * USER LOCATION SCOPE (docs/architecture.md, access rules). A user manager holding every location (`*`) reaches every
 * user. One holding some locations reaches — lists, reads, changes — exactly the users all of whose locations are
 * theirs (users holding none yet included; users holding every location or another location not): any other user
 * answers as not found, like an id that does not exist. So everything a manager sees they may change, and a colleague's
 * other locations are never named to them. They assign only their own locations (never `*`).
 */
function manageable(scope: LocationScope, user: UserEntity | null): UserEntity {
  const reachable =
    user !== null &&
    (isAllLocations(scope) || user.location_list.every((id) => id !== ALL_LOCATIONS && inLocationScope(scope, id)));
  if (!reachable) throw new IdentityException(IdentityErrorCode.USER_NOT_FOUND);
  return user;
}

/** The locations given to a user must all be the manager's own (`*` only by a manager holding every one). */
function assertAssignable(scope: LocationScope, locations: readonly string[]): void {
  assertLocationsInScope(
    scope,
    locations.map((locationId, index) => ({
      field: `location_list.${index}`,
      // `*` is in no list of ids: only the all scope covers it.
      locationId,
    })),
  );
}
