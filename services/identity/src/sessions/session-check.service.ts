import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import type { AccessTokenClaims } from '@scm/contracts';
import { RUNTIME } from '@scm/platform';
import type { Runtime, SessionCheck, SessionState, TokenSigner } from '@scm/platform';
import { claimsOf } from '../auth/auth.service.js';
import { TOKEN_SIGNER } from '../auth/token-signer.provider.js';
import { SessionRepository } from './session.repository.js';

/**
 * Identity's answer to "does this signed token still hold?" for every signed-in request (libs/platform
 * session-check.ts says why per request). Reads the session, its user and the user's role in one
 * primary-key read.
 * Registered on the runtime, so the auth guard of this process applies it; the gateway asks it over HTTP in
 * the distributed mode (SessionCheckController).
 */
@Injectable()
export class SessionCheckService implements SessionCheck, OnModuleInit {
  constructor(
    private readonly sessions: SessionRepository,
    @Inject(TOKEN_SIGNER) private readonly signer: TokenSigner,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  onModuleInit(): void {
    this.runtime.sessionCheck = this;
  }

  async check(claims: AccessTokenClaims): Promise<SessionState> {
    const session = await this.sessions.findAccess(claims.sid);
    // Never issued at sign-in (a key-holder's token, e.g. a test fixture): nothing here to take away.
    if (!session) return { state: 'current' };
    if (session.revokedAt !== null || session.expiresAt <= new Date()) return { state: 'ended' };
    const { user, role } = session;
    if (!user || user.status !== 'Active' || !role) return { state: 'ended' };
    const fresh = claimsOf(user, role, claims.sid);
    if (sameAccess(claims, fresh)) return { state: 'current' };
    return {
      state: 'renewed',
      claims: fresh,
      accessToken: await this.signer.sign(fresh),
      expiresAt: session.expiresAt,
    };
  }
}

/** Whether two claims grant the same (ignoring the token's own iat/exp/iss/aud). */
function sameAccess(token: AccessTokenClaims, fresh: AccessTokenClaims): boolean {
  return (Object.keys(fresh) as (keyof AccessTokenClaims)[]).every((key) => isDeepStrictEqual(token[key], fresh[key]));
}
