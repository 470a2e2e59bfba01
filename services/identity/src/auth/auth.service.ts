import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommonErrorCode, IdentityErrorCode, IdentitySubjects } from '@scm/contracts';
import type { AccessTokenClaims, LoginInput, SessionUser } from '@scm/contracts';
import { AppException, EventPublisher, TOKEN_VERIFIER, createLogger } from '@scm/platform';
import type { TokenVerifier } from '@scm/platform';
import { RoleEntity } from '../roles/role.entity.js';
import { SessionEntity } from '../sessions/session.entity.js';
import { SessionRepository } from '../sessions/session.repository.js';
import { UserEntity } from '../users/user.entity.js';
import { SignInThrottle } from '../throttle/sign-in-throttle.js';
import { UserRepository } from '../users/user.repository.js';
import { decoyHash, verifyPassword } from './password-hasher.js';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from './session-policy.js';
import { TOKEN_SIGNER } from './token-signer.provider.js';
import type { TokenSigner } from '@scm/platform';

const logger = createLogger('identity.auth');

export interface SignedInSession {
  /** The signed access token for the HttpOnly cookie. */
  accessToken: string;
  /** Non-secret marker the web app reads to know it is signed in (SPEC.md §7 "token field"). */
  token: string;
  user: SessionUser;
  expiresAt: Date;
}

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly throttle: SignInThrottle,
    @Inject(TOKEN_SIGNER) private readonly signer: TokenSigner,
    @Inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier,
    private readonly events: EventPublisher,
  ) {}

  async login(input: LoginInput, client: ClientInfo): Promise<SignedInSession> {
    await this.throttle.assertAllowed(input.username, client.ip);
    const user = await this.users.findByLogin(input.username);
    const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
    if (!user || !passwordOk) {
      logger.warn({ login: input.username, ip: client.ip }, 'sign-in failed');
      await this.throttle.recordFailure(input.username, client.ip);
      await this.recordFailure(input.username, client, null, 'invalid_credentials');
      throw new AppException(IdentityErrorCode.INVALID_CREDENTIALS);
    }
    await this.throttle.clear(input.username, client.ip);
    if (user.status !== 'Active') {
      logger.warn({ userId: user.user_id }, 'sign-in refused: account not active');
      await this.recordFailure(input.username, client, user, 'inactive');
      throw new AppException(IdentityErrorCode.ACCOUNT_INACTIVE);
    }
    const now = new Date();
    const session: SessionEntity = {
      session_id: randomUUID(),
      user_id: user.user_id,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000),
      revoked_at: null,
      user_agent: client.userAgent?.slice(0, 500) ?? null,
      ip: client.ip,
    };
    // The sign-in and its activity-log event commit together (the outbox row needs the transaction).
    await this.users.transaction(async (manager) => {
      await this.sessions.insert(session, manager);
      await this.users.markSignedIn(user.user_id, manager);
      await this.events.publish(manager, IdentitySubjects.SignedIn, {
        session_id: session.session_id,
        user_id: user.user_id,
        employee_name: user.employee_name,
        ip: client.ip,
      });
    });
    logger.info({ userId: user.user_id, sessionId: session.session_id }, 'signed in');
    return this.issue(user, session);
  }

  /**
   * Renews the access token while the session lives (not revoked, within the idle and absolute time-outs,
   * user still active). Claims are rebuilt from the database so a changed role applies at once.
   * Returns undefined when there is no session cookie at all (an anonymous visitor).
   */
  async renew(accessToken: string | undefined): Promise<SignedInSession | undefined> {
    if (!accessToken) return undefined;
    const claims = await this.verifier.verify(accessToken, { clockToleranceSeconds: SESSION_IDLE_SECONDS });
    if (!claims) throw new AppException(CommonErrorCode.SESSION_EXPIRED);
    const session = await this.sessions.findById(claims.sid);
    const now = new Date();
    const live =
      session !== null &&
      session.revoked_at === null &&
      session.expires_at > now &&
      session.last_seen_at.getTime() + SESSION_IDLE_SECONDS * 1000 > now.getTime();
    if (!live) throw new AppException(CommonErrorCode.SESSION_EXPIRED);
    const user = await this.users.findById(session.user_id);
    if (!user || user.status !== 'Active') {
      await this.sessions.revoke(session.session_id, now);
      throw new AppException(CommonErrorCode.SESSION_EXPIRED);
    }
    await this.sessions.touch(session.session_id, now);
    return this.issue(user, session);
  }

  /**
   * Ends the session. Signing out by cookie is a mutation like any other: it needs the session's CSRF token,
   * so a cross-site page cannot sign the user out.
   */
  async logout(
    accessToken: string | undefined,
    csrf: { viaCookie: boolean; header: string | undefined },
  ): Promise<void> {
    const claims = await this.verifier.verify(accessToken, { clockToleranceSeconds: SESSION_ABSOLUTE_SECONDS });
    if (!claims) return;
    if (csrf.viaCookie && !this.verifier.isCsrfTokenOf(claims.sid, csrf.header)) {
      logger.warn({ userId: claims.sub }, 'sign-out refused: CSRF check failed');
      throw new AppException(CommonErrorCode.CSRF_FAILED);
    }
    await this.sessions.revoke(claims.sid, new Date());
    logger.info({ userId: claims.sub, sessionId: claims.sid }, 'signed out');
  }

  /**
   * A refused sign-in for the activity log. Its own small transaction: nothing else is written on a refusal. The
   * throttle (checked before this) bounds how many refusals one login or address can cause, so this cannot be
   * used to flood the log faster than sign-in attempts are allowed at all. Only an existing user's id and name
   * are recorded when the password matched (an inactive account): a wrong password never reveals whom it named.
   */
  private async recordFailure(
    login: string,
    client: ClientInfo,
    user: UserEntity | null,
    reason: 'invalid_credentials' | 'inactive',
  ): Promise<void> {
    await this.users.transaction((manager) =>
      this.events.publish(manager, IdentitySubjects.SignInFailed, {
        attempt_id: randomUUID(),
        login: login.slice(0, 200),
        user_id: user?.user_id ?? null,
        employee_name: user?.employee_name ?? null,
        reason,
        ip: client.ip,
      }),
    );
  }

  /** The CSRF token of the session an access token names (bound to the session, see CSRF_COOKIE). */
  csrfTokenOf(session: SignedInSession): string {
    return this.signer.csrfToken(session.token);
  }

  private async issue(user: UserEntity, session: SessionEntity): Promise<SignedInSession> {
    const role = await this.users.findRole(user.role_id);
    if (!role) throw new Error(`User ${user.user_id} has no role ${user.role_id}`);
    return {
      accessToken: await this.signer.sign(claimsOf(user, role, session.session_id)),
      token: session.session_id,
      user: toSessionUser(user, role),
      expiresAt: session.expires_at,
    };
  }
}

/** What the claims are made of (SessionRepository.findAccess reads exactly this). */
export type ClaimsUser = Pick<UserEntity, 'user_id' | 'employee_name' | 'location_list' | 'language'>;
export type ClaimsRole = Pick<RoleEntity, 'role_name' | 'permission_list' | 'can_see_cost' | 'approval_limit'>;

/** The signed claims of a user's session: what every service decides access by. */
export function claimsOf(user: ClaimsUser, role: ClaimsRole, sessionId: string): AccessTokenClaims {
  return {
    sub: user.user_id,
    sid: sessionId,
    name: user.employee_name,
    role: role.role_name,
    perms: role.permission_list,
    cost: role.can_see_cost,
    limit: role.approval_limit,
    locs: user.location_list,
    lang: user.language,
  };
}

export function toSessionUser(user: UserEntity, role: RoleEntity): SessionUser {
  return {
    user_id: user.user_id,
    employee_name: user.employee_name,
    email: user.email,
    username: user.username,
    role: {
      role_id: role.role_id,
      role_name: role.role_name,
      permission_list: role.permission_list,
      can_see_cost: role.can_see_cost,
      approval_limit: role.approval_limit,
    },
    locations: user.location_list,
    language: user.language,
  };
}
