import { hkdfSync } from 'node:crypto';
import { Get, Inject } from '@nestjs/common';
import { CurrentUser, RUNTIME, RootApiController, SignedIn } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import type { AccessTokenClaims } from '@scm/contracts';

export interface DraftKey {
  /** AES-256-GCM key, base64url. */
  key: string;
  algorithm: 'AES-GCM';
}

/**
 * SPEC.md §7 `GET /encryption_public_key`: the key with which the web app encrypts form drafts it keeps in
 * browser storage (SPEC.md §9). Derived per user from identity's signing secret, so it is stable across a
 * user's sessions, differs between users, and is never stored in the browser.
 */
@RootApiController('identity: drafts')
export class DraftKeyController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get('encryption_public_key')
  @SignedIn()
  key(@CurrentUser() user: AccessTokenClaims): DraftKey {
    const secret = this.runtime.authKeys.privateKeyPem ?? '';
    const key = Buffer.from(hkdfSync('sha256', secret, 'scm-draft-key', user.sub, 32));
    return { key: key.toString('base64url'), algorithm: 'AES-GCM' };
  }
}
