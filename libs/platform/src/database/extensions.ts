import type { QueryRunner } from 'typeorm';

/**
 * Creates a PostgreSQL extension once per database, from a migration. An extension is database-wide while each
 * service migrates its own schema, and in embedded mode (and in tests) the services migrate at the same time:
 * two concurrent `CREATE EXTENSION IF NOT EXISTS` both see it missing and one fails on pg_extension's unique key.
 * A transaction-scoped advisory lock serialises them; the second then finds it. Migrations run one per
 * transaction (data-source.ts, migrationsTransactionMode 'each'), so the lock is released at the migration's commit.
 * The extension goes in `public`, which every service's search_path reaches by its qualified name
 * (`public.gin_trgm_ops`).
 */
export async function createExtensionOnce(queryRunner: QueryRunner, extension: 'pg_trgm'): Promise<void> {
  await queryRunner.query(`SELECT pg_advisory_xact_lock(hashtext('scm:create-extension'))`);
  await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS ${extension} WITH SCHEMA public`);
}
