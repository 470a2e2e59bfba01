import pg from 'pg';
import { DataSource } from 'typeorm';
import type { EntitySchema, MigrationInterface, MixedList } from 'typeorm';

export interface ServiceDataSourceOptions {
  url: string;
  /** The service's own PostgreSQL schema; the service never reads or writes another one. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  migrations: (new () => MigrationInterface)[];
  poolSize?: number;
}

/** A schema name is interpolated into SQL, so only plain identifiers are accepted. */
export function assertIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a safe SQL identifier: ${name}`);
  return name;
}

/**
 * One DataSource per service on its own schema. The pool's search_path is the schema, so raw SQL in
 * repositories and migrations stays inside it. Migrations run here, at start-up.
 */
export async function openServiceDataSource(options: ServiceDataSourceOptions): Promise<DataSource> {
  const schema = assertIdentifier(options.schema);
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    // Two processes creating the same schema at once: one wins, the other sees a unique violation.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    poolSize: options.poolSize ?? 10,
    extra: { options: `-c search_path=${schema}` },
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  return dataSource;
}

/** The URL without its password, for messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Start-up check: a configured database that cannot be reached stops start-up, naming DATABASE_URL. */
export async function assertDatabaseReachable(url: string, timeoutMs = 5000): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(
      `Cannot connect to PostgreSQL at DATABASE_URL=${redactDatabaseUrl(url)}: ${(error as Error).message || String(error)}`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface CreateDatabaseOptions {
  /** Start as a copy of this database, which nobody may be connected to. */
  template?: string;
}

/** Creates and drops throw-away databases on a server (tests run each suite in its own database). */
export async function createDatabase(
  serverUrl: string,
  name: string,
  options: CreateDatabaseOptions = {},
): Promise<string> {
  assertIdentifier(name);
  const template = options.template === undefined ? '' : ` TEMPLATE "${assertIdentifier(options.template)}"`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"${template}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  assertIdentifier(name);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
