import { createPrivateKey, createPublicKey, sign as signBytes, verify as verifyBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { AccessTokenClaims } from '@scm/contracts';
import { SignJWT, importPKCS8, importSPKI, jwtVerify } from 'jose';

type VerifyKey = Awaited<ReturnType<typeof importSPKI>>;
type SignKey = Awaited<ReturnType<typeof importPKCS8>>;

const ISSUER = 'scm-identity';
const AUDIENCE = 'scm';

/** Name of the HttpOnly session cookie carrying the access token. */
export const SESSION_COOKIE = 'scm_session';
/**
 * CSRF token: a readable cookie the web app copies into the `x-csrf-token` header of every mutation. A
 * cross-site page can make the browser send cookies but cannot read this one to set the header. It is bound to
 * the session: identity's Ed25519 signature of the session id, so every service checks it with the public key
 * it already holds (no shared secret), and a value planted in the cookie (a sibling sub-domain, an old
 * session) does not pass.
 */
export const CSRF_COOKIE = 'scm_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Access tokens are short-lived; `/api/token` renews them while the session lives. */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;

const csrfMessage = (sessionId: string) => Buffer.from(`scm-csrf:${sessionId}`);

/** The session cookie's attributes, shared by sign-in, renewal and the per-request renewal (auth guard). */
export function sessionCookieOptions(secure: boolean, expires: Date) {
  return { sameSite: 'lax' as const, secure, path: '/', expires, httpOnly: true };
}

export class TokenVerifier {
  private constructor(
    private readonly key: VerifyKey,
    private readonly publicKey: KeyObject,
  ) {}

  static async fromPem(publicKeyPem: string): Promise<TokenVerifier> {
    return new TokenVerifier(await importSPKI(publicKeyPem, 'EdDSA'), createPublicKey(publicKeyPem));
  }

  /** Whether `token` is the CSRF token of session `sessionId` (see CSRF_COOKIE). */
  isCsrfTokenOf(sessionId: string, token: string | undefined): boolean {
    if (!token || token.length > 200) return false;
    try {
      return verifyBytes(null, csrfMessage(sessionId), this.publicKey, Buffer.from(token, 'base64url'));
    } catch {
      return false;
    }
  }

  /**
   * The claims of a valid token, or undefined when it is missing, forged or expired. identity alone passes a
   * clock tolerance, to renew or end a session whose short-lived token has just expired.
   */
  async verify(
    token: string | undefined,
    options: { clockToleranceSeconds?: number } = {},
  ): Promise<AccessTokenClaims | undefined> {
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['EdDSA'],
        clockTolerance: options.clockToleranceSeconds ?? 0,
      });
      return payload as unknown as AccessTokenClaims;
    } catch {
      return undefined;
    }
  }
}

export class TokenSigner {
  private constructor(
    private readonly key: SignKey,
    private readonly privateKey: KeyObject,
  ) {}

  static async fromPem(privateKeyPem: string): Promise<TokenSigner> {
    return new TokenSigner(await importPKCS8(privateKeyPem, 'EdDSA'), createPrivateKey(privateKeyPem));
  }

  /** The CSRF token of a session: the same for the session's whole life, checked by `isCsrfTokenOf`. */
  csrfToken(sessionId: string): string {
    return signBytes(null, csrfMessage(sessionId), this.privateKey).toString('base64url');
  }

  async sign(claims: AccessTokenClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }
}
