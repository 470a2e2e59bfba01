import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PlatformConfig } from '../config/config.js';
import { ConfigError } from '../config/config.js';

export interface AuthKeys {
  publicKeyPem: string;
  /** Only identity signs tokens; other services get undefined in distributed mode. */
  privateKeyPem: string | undefined;
}

/**
 * Ed25519 keys for access tokens. Configured keys win. Without them, the embedded mode (no NATS_URL) keeps a
 * generated pair under `${DATA_DIR}/keys`; the distributed mode refuses to start, since each process would
 * otherwise invent its own pair and no token would verify anywhere else.
 */
export function loadAuthKeys(config: PlatformConfig, needsPrivateKey: boolean): AuthKeys {
  if (config.authPublicKey) {
    if (needsPrivateKey && !config.authPrivateKey) {
      throw new ConfigError('AUTH_PRIVATE_KEY', 'is required by the identity service when AUTH_PUBLIC_KEY is set');
    }
    return { publicKeyPem: config.authPublicKey, privateKeyPem: config.authPrivateKey };
  }
  if (config.natsUrl) {
    throw new ConfigError('AUTH_PUBLIC_KEY', 'is required in distributed mode (NATS_URL is set); see README');
  }
  const dir = path.join(config.dataDir, 'keys');
  const publicFile = path.join(dir, 'auth-ed25519.pub.pem');
  const privateFile = path.join(dir, 'auth-ed25519.pem');
  if (!fs.existsSync(publicFile) || !fs.existsSync(privateFile)) {
    const pair = generateKeyPairSync('ed25519');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(privateFile, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    fs.writeFileSync(publicFile, pair.publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return { publicKeyPem: fs.readFileSync(publicFile, 'utf8'), privateKeyPem: fs.readFileSync(privateFile, 'utf8') };
}
