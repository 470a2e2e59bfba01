import 'reflect-metadata';
import fs from 'node:fs';
import pg from 'pg';
import { ALL_SERVICES, createEmbeddedApp } from '@scm/gateway';
import { ServicePlatformModule } from '@scm/platform';
import { createTestDatabase, testConfig } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';

/**
 * `npm run migrate` (and the test run's template database): every service's schema brought up to date on an empty
 * database without starting anything, so completely that the product's own start finds no migration left to run.
 */
describe('migrating every schema ahead of the start', () => {
  let database: TestDatabase;
  let db: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase('scm_migrate');
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await database?.drop();
  });

  const appliedMigrations = async () => {
    const counts: Record<string, number> = {};
    for (const service of ALL_SERVICES) {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${service.name}".migrations`);
      counts[service.name] = rows[0].n;
    }
    return counts;
  };

  it('creates every service schema with its migrations, and a second run changes nothing', async () => {
    const migrated = await ServicePlatformModule.migrateAll(database.url);
    expect([...migrated].sort()).toEqual(ALL_SERVICES.map((service) => service.name).sort());
    const first = await appliedMigrations();
    for (const count of Object.values(first)) expect(count).toBeGreaterThan(3);
    await ServicePlatformModule.migrateAll(database.url);
    expect(await appliedMigrations()).toEqual(first);
  });

  it('leaves the product nothing to migrate when it starts on that database', async () => {
    const before = await appliedMigrations();
    // testConfig's own database goes unused: the product starts on the migrated one.
    const { config, database: unused, dataDir } = await testConfig({ DATABASE_URL: database.url });
    const { close } = await createEmbeddedApp(config);
    try {
      expect(await appliedMigrations()).toEqual(before);
    } finally {
      await close();
      await unused.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
