import { Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { loginSchema } from '@scm/contracts';
import type { LoginInput, SessionUser } from '@scm/contracts';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  PLATFORM_CONFIG,
  Public,
  RootApiController,
  SESSION_COOKIE,
  SuccessMessage,
  ValidBody,
  accessTokenOf,
  sessionCookieOptions,
} from '@scm/platform';
import type { AuthenticatedRequest, PlatformConfig } from '@scm/platform';
import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { AuthService } from './auth.service.js';
import type { SignedInSession } from './auth.service.js';

export interface TokenView {
  token: string | null;
  user: SessionUser | null;
}

/** SPEC.md §7: `POST /api/login`, `GET /api/token`, `POST /api/logout`. */
@RootApiController('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @SuccessMessage('messages.signed_in')
  async login(
    @ValidBody(loginSchema) input: LoginInput,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenView> {
    const session = await this.auth.login(input, {
      userAgent: request.headers['user-agent'] ?? null,
      ip: request.ip ?? null,
    });
    return this.setCookie(reply, session);
  }

  /** Read on every navigation: `token` null means not signed in; a dead session answers 401. */
  @Public()
  @Get('token')
  async token(
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenView> {
    try {
      const session = await this.auth.renew(accessTokenOf(request));
      if (!session) return { token: null, user: null };
      return this.setCookie(reply, session);
    } catch (error) {
      this.clearCookies(reply);
      throw error;
    }
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  @SuccessMessage('messages.signed_out')
  async logout(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<null> {
    const header = request.headers[CSRF_HEADER];
    await this.auth.logout(accessTokenOf(request), {
      viaCookie: Boolean(request.cookies[SESSION_COOKIE]),
      header: Array.isArray(header) ? header[0] : header,
    });
    this.clearCookies(reply);
    return null;
  }

  /**
   * The session cookie (HttpOnly) and the CSRF cookie the web app echoes in a header (readable by design, bound
   * to the session).
   */
  private setCookie(reply: FastifyReply, session: SignedInSession): TokenView {
    const options = sessionCookieOptions(this.config.cookieSecure, session.expiresAt);
    void reply.setCookie(SESSION_COOKIE, session.accessToken, options);
    void reply.setCookie(CSRF_COOKIE, this.auth.csrfTokenOf(session), { ...options, httpOnly: false });
    return { token: session.token, user: session.user };
  }

  private clearCookies(reply: FastifyReply): void {
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    void reply.clearCookie(CSRF_COOKIE, { path: '/' });
  }
}
