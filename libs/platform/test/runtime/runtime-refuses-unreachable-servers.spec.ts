import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, createRuntime, loadAuthKeys, loadConfig } from '@scm/platform';
import { createTestDatabase } from '@scm/testing';

/** A configured server that cannot be reached stops start-up with a message naming its variable. */
describe('createRuntime refuses unreachable or missing settings', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scm-runtime-'));
  const start = (env: Record<string, string>) =>
    createRuntime(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }), {
      needsPrivateKey: false,
      processName: 'test',
    });

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('names DATABASE_URL when PostgreSQL does not answer, without showing the password', async () => {
    const failure = start({ DATABASE_URL: 'postgres://scm:secret@127.0.0.1:1/scm' });
    await expect(failure).rejects.toThrow(
      /Cannot connect to PostgreSQL at DATABASE_URL=postgres:\/\/scm:\*\*\*@127\.0\.0\.1:1\/scm/,
    );
  });

  it('names NATS_URL when NATS does not answer', async () => {
    const database = await createTestDatabase();
    try {
      await expect(start({ DATABASE_URL: database.url, NATS_URL: 'nats://127.0.0.1:1' })).rejects.toThrow(/NATS_URL/);
    } finally {
      await database.drop();
    }
  });

  it('refuses the distributed mode without the shared token key instead of inventing one', () => {
    const distributed = loadConfig({ DATA_DIR: dataDir, NATS_URL: 'nats://127.0.0.1:4222' });
    expect(() => loadAuthKeys(distributed, false)).toThrow(ConfigError);
    expect(() => loadAuthKeys(distributed, false)).toThrow(/AUTH_PUBLIC_KEY is required in distributed mode/);
    const identityWithoutPrivateKey = loadConfig({ DATA_DIR: dataDir, AUTH_PUBLIC_KEY: 'pem' });
    expect(() => loadAuthKeys(identityWithoutPrivateKey, true)).toThrow(/AUTH_PRIVATE_KEY is required/);
  });

  it('keeps one generated key pair under DATA_DIR in the embedded mode', () => {
    const embedded = loadConfig({ DATA_DIR: dataDir });
    const first = loadAuthKeys(embedded, true);
    expect(first.privateKeyPem).toContain('PRIVATE KEY');
    expect(loadAuthKeys(embedded, true)).toEqual(first);
  });
});
