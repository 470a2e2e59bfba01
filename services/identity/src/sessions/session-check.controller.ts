import { HttpCode, Inject, Post, Req } from '@nestjs/common';
import { Public, ServiceController, TOKEN_VERIFIER } from '@scm/platform';
import type { AuthenticatedRequest, TokenVerifier } from '@scm/platform';
import { SessionCheckService } from './session-check.service.js';

export interface SessionCheckView {
  state: 'current' | 'renewed' | 'ended';
  /** The fresh access token when `renewed`. */
  access_token: string | null;
  expires_at: string | null;
}

/**
 * The gateway's per-request question in the distributed mode (see libs/platform session-check.ts): where does
 * the bearer token's session stand? Public, since the token itself is the credential; a token that does not
 * verify is `ended`. It tells no more than `/api/token` does to the same holder.
 */
@ServiceController('identity/sessions', 'identity: sessions')
export class SessionCheckController {
  constructor(
    private readonly sessions: SessionCheckService,
    @Inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier,
  ) {}

  @Public()
  @Post('check')
  @HttpCode(200)
  async check(@Req() request: AuthenticatedRequest): Promise<SessionCheckView> {
    const header = request.headers.authorization;
    const claims = await this.verifier.verify(header?.startsWith('Bearer ') ? header.slice(7) : undefined);
    if (!claims) return { state: 'ended', access_token: null, expires_at: null };
    const session = await this.sessions.check(claims);
    if (session.state !== 'renewed') return { state: session.state, access_token: null, expires_at: null };
    return { state: 'renewed', access_token: session.accessToken, expires_at: session.expiresAt.toISOString() };
  }
}
