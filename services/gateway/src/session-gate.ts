import { SESSION_COOKIE, accessTokenOf, cookieOf } from '@scm/platform';
import type { TokenVerifier } from '@scm/platform';
import type { FastifyRequest } from 'fastify';

/** What the gateway does with a request's credentials before forwarding it. */
export interface GateDecision {
  /** Headers to forward instead of the request's own (credentials replaced or removed). */
  headers: Record<string, string | undefined>;
  /** A Set-Cookie to add to the answer (the renewed session cookie). */
  setCookie?: string;
}

/** Thrown when identity cannot say where a session stands: the gateway answers 503 rather than let it through. */
export class SessionCheckUnavailableError extends Error {}

/**
 * The distributed mode's per-request session check (libs/platform session-check.ts says why): a request with a
 * token that verifies is forwarded only after identity says its session still holds. An ended session's
 * credentials are removed (the service answers as for an anonymous caller: 401, or its public answer); a
 * renewed one's token is replaced by the fresh one, both towards the service and in the browser's cookie.
 * Requests to identity itself go through untouched: identity checks in-process.
 */
export function createSessionGate(identityUrl: string, verifier: TokenVerifier, cookieSecure: boolean) {
  return async (request: FastifyRequest): Promise<GateDecision> => {
    const token = accessTokenOf(request);
    if (!token || !(await verifier.verify(token))) return { headers: {} };
    let answer: { data?: { state?: string; access_token?: string | null; expires_at?: string | null } };
    try {
      const response = await fetch(`${identityUrl}/api/identity/sessions/check`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-correlation-id': request.id },
        signal: AbortSignal.timeout(3000),
      });
      if (!response.ok) throw new SessionCheckUnavailableError(`identity answered ${response.status}`);
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      throw error instanceof SessionCheckUnavailableError
        ? error
        : new SessionCheckUnavailableError(error instanceof Error ? error.message : String(error));
    }
    const viaCookie = cookieOf(request, SESSION_COOKIE) !== undefined;
    const state = answer.data?.state;
    if (state === 'current') return { headers: {} };
    if (state === 'renewed' && answer.data?.access_token && answer.data.expires_at) {
      const fresh = answer.data.access_token;
      return {
        headers: viaCookie
          ? { cookie: withSessionCookie(request.headers.cookie, fresh) }
          : { authorization: `Bearer ${fresh}` },
        ...(viaCookie && { setCookie: sessionSetCookie(fresh, new Date(answer.data.expires_at), cookieSecure) }),
      };
    }
    // Ended (or an answer we do not understand): forward without credentials.
    return { headers: { cookie: withSessionCookie(request.headers.cookie, undefined), authorization: undefined } };
  };
}

/** The Cookie header with the session cookie replaced by `token`, or removed when undefined. */
export function withSessionCookie(header: string | undefined, token: string | undefined): string | undefined {
  const others = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${SESSION_COOKIE}=`));
  const all = token === undefined ? others : [...others, `${SESSION_COOKIE}=${token}`];
  return all.length > 0 ? all.join('; ') : undefined;
}

function sessionSetCookie(token: string, expires: Date, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Expires=${expires.toUTCString()}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
