import fs from 'node:fs';
import type { PlatformConfig, Runtime } from '@scm/platform';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { TEST_ADMIN, signInAgent, testConfig } from './embedded-app.js';

/**
 * The time a suite's `beforeAll` / `afterAll` gets to start or stop the app: jest's 5 s default is too short
 * while other test runs share the machine's two cores.
 */
export const SUITE_HOOK_TIMEOUT_MS = 60_000;

/** What a suite needs of the HTTP app: its server for supertest, and a way to wait until it is ready. */
export interface SuiteHttpApp {
  getHttpServer(): Parameters<typeof request.agent>[0];
  getHttpAdapter(): { getInstance(): { ready(): PromiseLike<unknown> } };
}

/**
 * Starts the app on a configuration: `createEmbeddedApp` from @scm/gateway, passed in because libraries do not
 * import services.
 */
export type EmbeddedAppFactory<App extends SuiteHttpApp> = (
  config: PlatformConfig,
) => Promise<{ app: App; runtime: Runtime; close: () => Promise<void> }>;

export interface CatalogSuite<App extends SuiteHttpApp> {
  app: App;
  runtime: Runtime;
  /** A supertest agent on the app, signed in as the test administrator unless `signIn: false`. */
  agent: TestAgent;
  /** The suite's database, catalog's schema first: for reading what the API does not show (the outbox). */
  catalogDb: DataSource;
  /** The app's data directory (file storage lives under `files/`). */
  dataDir: string;
  /** Stops the app and removes its database and data directory. */
  close: () => Promise<void>;
}

/**
 * The set-up every master-data e2e suite shares: its own database and data directory, the embedded app
 * ready to serve, an agent signed in as the administrator, and a data source on catalog's schema.
 *
 * ```ts
 * beforeAll(async () => {
 *   ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
 * }, SUITE_HOOK_TIMEOUT_MS);
 * afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);
 * ```
 */
export async function startCatalogSuite<App extends SuiteHttpApp>(
  createApp: EmbeddedAppFactory<App>,
  options: { signIn?: boolean } = {},
): Promise<CatalogSuite<App>> {
  const { config, database, dataDir } = await testConfig();
  const cleanUp: (() => Promise<unknown>)[] = [
    () => database.drop(),
    () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })),
  ];
  const close = async () => {
    for (const step of cleanUp.splice(0)) await step();
  };
  try {
    const { app, runtime, close: closeApp } = await createApp(config);
    cleanUp.unshift(closeApp);
    await app.getHttpAdapter().getInstance().ready();
    const agent = request.agent(app.getHttpServer());
    if (options.signIn ?? true) await signInAgent(agent, TEST_ADMIN.email, TEST_ADMIN.password);
    const catalogDb = new DataSource({ type: 'postgres', url: database.url, schema: 'catalog' });
    await catalogDb.initialize();
    cleanUp.unshift(() => catalogDb.destroy());
    return { app, runtime, agent, catalogDb, dataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}
