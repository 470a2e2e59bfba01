import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccessTokenClaims, PermissionEntry } from '@scm/contracts';
import { TokenSigner, loadConfig } from '@scm/platform';
import type { PlatformConfig, Runtime } from '@scm/platform';
import { createTestDatabase } from './database.js';
import type { TestDatabase } from './database.js';

export const TEST_ADMIN = { email: 'admin@test.local', password: 'Adm1n!Password' };

/** Configuration of a test process: its own database and data directory, the test administrator. */
export async function testConfig(extra: Record<string, string> = {}): Promise<{
  config: PlatformConfig;
  database: TestDatabase;
  dataDir: string;
}> {
  const database = await createTestDatabase('scm_test', { migrated: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scm-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'error',
    ...extra,
  });
  return { config, database, dataDir };
}

/** A bearer token for a made-up user with exactly these permissions, signed with the runtime's key. */
export async function tokenWithPermissions(
  runtime: Runtime,
  permissions: PermissionEntry[],
  overrides: Partial<AccessTokenClaims> = {},
): Promise<string> {
  const pem = runtime.authKeys.privateKeyPem;
  if (!pem) throw new Error('the runtime has no private key');
  const signer = await TokenSigner.fromPem(pem);
  return signer.sign({
    sub: '00000000-0000-4000-8000-000000000001',
    sid: '00000000-0000-4000-8000-000000000002',
    name: 'Test User',
    role: 'tester',
    perms: permissions,
    cost: false,
    limit: null,
    locs: ['*'],
    lang: null,
    ...overrides,
  });
}

export function permission(key: string, view: boolean, edit = false, approval = false): PermissionEntry {
  return { permission: { key }, view, edit, approval };
}

/**
 * Signs a supertest agent in and makes it echo the CSRF cookie on every later request, as the web app does.
 */
export async function signInAgent(
  agent: {
    post(path: string): { send(body: unknown): Promise<{ status: number; headers: Record<string, unknown> }> };
    set(name: string, value: string): unknown;
  },
  username: string,
  password: string,
): Promise<void> {
  const response = await agent.post('/api/login').send({ username, password });
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}`);
  const cookies = ([] as string[]).concat((response.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const csrf = cookies.map((cookie) => /^scm_csrf=([^;]+)/.exec(cookie)?.[1]).find(Boolean);
  if (!csrf) throw new Error('sign-in set no CSRF cookie');
  agent.set('x-csrf-token', csrf);
}
