import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../platform/src/database/embedded-postgres.ts';

/**
 * Gives every test a PostgreSQL server: TEST_DATABASE_URL when set, otherwise an embedded one started
 * once for the run. Suites create their own databases on it (createTestDatabase).
 */
export default async function globalSetup(): Promise<void> {
  // JetStream reserves every stream's max_bytes against the server's store, and each suite makes streams of its
  // own namespace: small ones, so that a run's many namespaces never exhaust a developer's or CI's NATS.
  process.env.EVENT_STREAM_MAX_BYTES ??= String(8 * 1024 ** 2);
  if (process.env.TEST_DATABASE_URL) return;
  const dir = path.join(os.tmpdir(), `scm-test-pg-${process.getuid?.() ?? 'user'}`);
  const embedded = await startEmbeddedPostgres(dir, 'postgres');
  process.env.TEST_DATABASE_URL = embedded.url;
  (globalThis as { __embeddedPg?: { stop(): Promise<void> } }).__embeddedPg = embedded;
}
