import { RUNTIME, TokenSigner } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import type { Provider } from '@nestjs/common';

export const TOKEN_SIGNER = Symbol('TOKEN_SIGNER');

/** identity alone holds the private key and signs access tokens. */
export const tokenSignerProvider: Provider = {
  provide: TOKEN_SIGNER,
  inject: [RUNTIME],
  useFactory: (runtime: Runtime) => {
    const pem = runtime.authKeys.privateKeyPem;
    if (!pem) throw new Error('AUTH_PRIVATE_KEY is required by the identity service');
    return TokenSigner.fromPem(pem);
  },
};
