#!/usr/bin/env node
// Prints a new Ed25519 key pair as two env lines, AUTH_PUBLIC_KEY and AUTH_PRIVATE_KEY (PEM, newlines written
// as \n inside double quotes), ready to append to .env:
//
//   node scripts/generate-auth-keys.mjs >> .env
//
// The same lines work in a shell (`set -a; . ./.env; set +a`); the platform config turns \n back into newlines.
import { generateKeyPairSync } from 'node:crypto';

const { publicKey, privateKey } = generateKeyPairSync('ed25519', {
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const envLine = (name, pem) => `${name}="${pem.trim().replace(/\n/g, '\\n')}"`;

process.stdout.write(`${envLine('AUTH_PUBLIC_KEY', publicKey)}\n${envLine('AUTH_PRIVATE_KEY', privateKey)}\n`);
