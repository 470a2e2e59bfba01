import type { AccessTokenClaims } from '@scm/contracts';
import { SignJWT, importPKCS8, importSPKI, jwtVerify } from 'jose';

type VerifyKey = Awaited<ReturnType<typeof importSPKI>>;
type SignKey = Awaited<ReturnType<typeof importPKCS8>>;

const ISSUER = 'scm-identity';
const AUDIENCE = 'scm';

/** Name of the HttpOnly session cookie carrying the access token. */
export const SESSION_COOKIE = 'scm_session';
/**
 * Double-submit CSRF token: a readable cookie the web app copies into the `x-csrf-token` header of every
 * mutation. A cross-site page can make the browser send cookies but cannot read this one to set the header.
 */
export const CSRF_COOKIE = 'scm_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Access tokens are short-lived; `/api/token` renews them while the session lives. */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;

export class TokenVerifier {
  private constructor(private readonly key: VerifyKey) {}

  static async fromPem(publicKeyPem: string): Promise<TokenVerifier> {
    return new TokenVerifier(await importSPKI(publicKeyPem, 'EdDSA'));
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
  private constructor(private readonly key: SignKey) {}

  static async fromPem(privateKeyPem: string): Promise<TokenSigner> {
    return new TokenSigner(await importPKCS8(privateKeyPem, 'EdDSA'));
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
