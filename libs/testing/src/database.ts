import { randomBytes } from 'node:crypto';
import { createDatabase, dropDatabase } from '@scm/platform';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database on the test server (TEST_DATABASE_URL, set by the jest global set-up). */
export async function createTestDatabase(prefix = 'scm_test'): Promise<TestDatabase> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('TEST_DATABASE_URL is not set: run the tests through jest (npm test)');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = await createDatabase(server, name);
  return { url, drop: () => dropDatabase(server, name) };
}
