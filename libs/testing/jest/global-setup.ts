import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../platform/src/database/embedded-postgres.ts';

/**
 * Gives every test a PostgreSQL server: TEST_DATABASE_URL when set, otherwise an embedded one started
 * once for the run. Suites create their own databases on it (createTestDatabase).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = path.join(os.tmpdir(), `scm-test-pg-${process.getuid?.() ?? 'user'}`);
  const embedded = await startEmbeddedPostgres(dir, 'postgres');
  process.env.TEST_DATABASE_URL = embedded.url;
  (globalThis as { __embeddedPg?: { stop(): Promise<void> } }).__embeddedPg = embedded;
}
