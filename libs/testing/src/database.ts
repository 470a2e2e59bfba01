import { randomBytes } from 'node:crypto';
import { createDatabase, dropDatabase } from '@scm/platform';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the test server (TEST_DATABASE_URL, set by the jest global set-up).
 *
 * `migrated`: for a suite that starts the whole product. When the test run made a template database with every
 * service's schema migrated (`npm test` does: SCM_TEST_TEMPLATE_DATABASE), the database is a copy of it, so the
 * product's start finds no migration left to run (about two seconds of a calm machine per start, ~75 starts a
 * run). Without the template the product migrates at start, as it would anyway: the copy only saves time.
 * Suites that run chosen migrations themselves (integration) leave it off and get an empty database.
 */
export async function createTestDatabase(
  prefix = 'scm_test',
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('TEST_DATABASE_URL is not set: run the tests through jest (npm test)');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? process.env.SCM_TEST_TEMPLATE_DATABASE || undefined : undefined;
  const url = await createDatabase(server, name, { template });
  return { url, drop: () => dropDatabase(server, name) };
}
