import { Inject, Injectable } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { CommonErrorCode, DIRECTOR_ROLE_NAME } from '@scm/contracts';
import { resolveLanguage } from '@scm/i18n';
import { AppException } from '../http/app-exception.js';
import { createLogger } from '../logging/logger.js';
import { updateContext } from '../logging/request-context.js';
import { TOKEN_VERIFIER } from '../runtime/tokens.js';
import { PUBLIC_ROUTE, REQUIRED_PERMISSION, allowsPermission } from './decorators.js';
import type { AuthenticatedRequest, RequiredPermission } from './decorators.js';
import type { AccessDenialSink, SessionCheck } from './session-check.js';
import { CSRF_HEADER, SESSION_COOKIE, sessionCookieOptions } from './tokens.js';
import type { TokenVerifier } from './tokens.js';

const logger = createLogger('auth');

/** What reading credentials needs of a request (Nest's, or the gateway's plain Fastify one). */
export interface RequestWithCookies {
  headers: AuthenticatedRequest['headers'];
  cookies?: Record<string, string | undefined>;
}

/** A cookie's value, from the parsed cookies (@fastify/cookie) or, where none parses them (the gateway), the header. */
export function cookieOf(request: RequestWithCookies, name: string): string | undefined {
  const parsed = request.cookies?.[name];
  if (parsed !== undefined) return parsed;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The access token from the session cookie, or from `Authorization: Bearer` for API clients. */
export function accessTokenOf(request: RequestWithCookies): string | undefined {
  const cookie = cookieOf(request, SESSION_COOKIE);
  if (cookie) return cookie;
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie-authenticated mutation must send its session's CSRF token (the CSRF cookie, which only a page of
 * the product can read) in the header; bearer calls are immune. The token is bound to the session (see
 * CSRF_COOKIE): any other value, even one equal in cookie and header, is refused.
 */
export function passesCsrfCheck(
  request: Pick<AuthenticatedRequest, 'method' | 'headers' | 'cookies'>,
  sessionId: string,
  verifier: TokenVerifier,
): boolean {
  if (SAFE_METHODS.has(request.method) || !cookieOf(request, SESSION_COOKIE)) return true;
  const header = request.headers[CSRF_HEADER];
  return verifier.isCsrfTokenOf(sessionId, Array.isArray(header) ? header[0] : header);
}

/**
 * The one server-side access check: verifies the signed token locally, then applies SPEC.md §5's rule to the
 * route's declared permission. A route with neither `@Public` nor `@Permission`/`@SignedIn` is refused, so a
 * forgotten declaration fails closed.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier,
    /** Identity's session check when this process hosts identity (see session-check.ts), and cookie settings. */
    private readonly sessions: {
      check: () => SessionCheck | undefined;
      cookieSecure: boolean;
      denials?: () => AccessDenialSink | undefined;
    } = {
      check: () => undefined,
      cookieSecure: false,
    },
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    let claims = await this.verifier.verify(accessTokenOf(request));
    if (!claims) throw new AppException(CommonErrorCode.UNAUTHENTICATED);
    if (!passesCsrfCheck(request, claims.sid, this.verifier)) {
      logger.warn({ route: request.url, actor: claims.sub }, 'CSRF check failed');
      throw new AppException(CommonErrorCode.CSRF_FAILED);
    }
    const session = await this.sessions.check()?.check(claims);
    if (session?.state === 'ended') throw new AppException(CommonErrorCode.SESSION_EXPIRED);
    if (session?.state === 'renewed') {
      claims = session.claims;
      if (cookieOf(request, SESSION_COOKIE)) {
        const reply = context.switchToHttp().getResponse<FastifyReply>();
        void reply.setCookie(
          SESSION_COOKIE,
          session.accessToken,
          sessionCookieOptions(this.sessions.cookieSecure, session.expiresAt),
        );
      }
    }
    request.user = claims;
    updateContext({ actor: claims.sub, language: resolveLanguage(claims.lang, request.headers['accept-language']) });
    const required = this.reflector.getAllAndOverride<RequiredPermission | undefined>(REQUIRED_PERMISSION, targets);
    if (!required) {
      logger.error({ route: request.url }, 'route declares no permission; refused');
      throw new AppException(CommonErrorCode.FORBIDDEN);
    }
    if (required.directorOnly && claims.role !== DIRECTOR_ROLE_NAME) {
      logger.warn({ route: request.url }, 'director-only route refused');
      throw new AppException(CommonErrorCode.FORBIDDEN);
    }
    const signedInIsEnough = Array.isArray(required.keys) && required.keys.length === 0;
    if (!signedInIsEnough && !allowsPermission(claims.perms, required)) {
      logger.warn({ route: request.url, keys: required.keys, check: required.check }, 'permission denied');
      // Reported, never awaited: the refusal does not wait for the activity log (the reporter aggregates).
      this.sessions.denials?.()?.record({
        userId: claims.sub,
        name: claims.name,
        permissionKey: ([] as string[]).concat(required.keys).join(','),
        check: required.check,
        at: new Date(),
      });
      throw new AppException(CommonErrorCode.FORBIDDEN);
    }
    return true;
  }
}
