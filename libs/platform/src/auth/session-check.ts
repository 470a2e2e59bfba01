import type { AccessTokenClaims } from '@scm/contracts';

/**
 * Where a signed access token's session stands now, beyond its signature and expiry:
 * - `current`: nothing changed since it was issued;
 * - `renewed`: the session lives but the user's permissions, role, locations or name changed: the request goes
 *   on with the fresh claims, and the fresh token replaces the old one (cookie or bearer answer);
 * - `ended`: signed out, revoked (deactivation, password reset, role change) or past its absolute time-out.
 */
export type SessionState =
  | { state: 'current' }
  | { state: 'renewed'; claims: AccessTokenClaims; accessToken: string; expiresAt: Date }
  | { state: 'ended' };

/**
 * Revocation and permission changes on the NEXT request (docs/architecture.md, "Access rules"), with tokens that every service
 * verifies locally.
 *
 * Why a per-request check against identity rather than a replica of revoked sessions in every service: a
 * replica fed by events lags by the outbox relay's delivery, so "signed out" or "permission removed" would
 * hold only eventually, and a replica table would be one more migration and consumer per service. Identity's
 * session row is the one truth; reading it by primary key (session, user, role) is cheap, and there is a
 * single HTTP entry in both modes to do it:
 * - embedded: identity registers its check on the runtime (`runtime.sessionCheck`), and the one auth guard of
 *   the one process calls it for every signed-in route;
 * - distributed: the gateway, the only published HTTP entry, asks identity's check endpoint before forwarding
 *   (services/gateway/src/session-gate.ts), forwards the fresh token when it was renewed and strips the
 *   credentials of an ended session, so the service behind answers 401 exactly as for a missing token;
 *   identity's own process checks in-process like the embedded mode.
 * A token whose session identity does not know (signed with the key but never issued at sign-in, as test
 * fixtures do) is trusted on its signature: the check only takes away, it never adds.
 */
export interface SessionCheck {
  check(claims: AccessTokenClaims): Promise<SessionState>;
}

/** One refused permission check of the auth guard, for the activity log. */
export interface AccessDenial {
  userId: string;
  name: string;
  permissionKey: string;
  check: string;
  at: Date;
}

/**
 * Where the auth guard reports a permission denial: identity's reporter when this process hosts identity
 * (`runtime.accessDenials`). `record` must return at once and never throw: the request is refused whatever
 * becomes of the report, and a caller hammering a forbidden route must not slow it or flood the log (the
 * reporter aggregates).
 */
export interface AccessDenialSink {
  record(denial: AccessDenial): void;
}
