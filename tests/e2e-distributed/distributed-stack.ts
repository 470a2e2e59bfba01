import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { TEST_ADMIN, createTestDatabase, signInAgent } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import { freePort } from '@scm/platform';
// @ts-expect-error plain ESM script shared with `npm run start:distributed`
import { BACKEND_SERVICES, generateAuthKeys, startService } from '../../scripts/service-processes.mjs';

export interface ServiceProcess {
  name: string;
  url: string;
  /** SIGKILL: a crash, nothing is closed cleanly. */
  kill(): Promise<void>;
  /** SIGTERM: a clean shutdown. */
  stop(): Promise<void>;
}

/** The product in the distributed topology: every service its own process, over real NATS and Redis. */
export interface DistributedStack {
  database: TestDatabase;
  /** Shared by every process, so the mails (invitations, a supplier's link) are in one mailbox. */
  dataDir: string;
  /** What every process was started with: its namespaces, the key pair, the back-end services' URLs. */
  env: Record<string, string>;
  gatewayUrl: string;
  /** The running processes by service name (a restarted one replaces its entry). */
  processes: Map<string, ServiceProcess>;
  /** Starts (or, after `kill`, restarts) one service with the stack's environment, on `port` if given. */
  start(name: string, port?: number): Promise<ServiceProcess>;
  /** A supertest agent on the gateway, signed in as the test administrator. */
  signedInAgent(): Promise<TestAgent>;
  /** Everything the processes printed, in order. */
  output: string[];
  /** Stops the processes (gateway first), drops the database and removes the data directory. */
  stop(): Promise<void>;
}

/**
 * Starts identity, catalog, inventory, procurement, notifications and the gateway as processes from the build, on a
 * fresh database (a copy of the run's migrated template when there is one) and a NATS namespace and BullMQ prefix
 * of their own, so that suites running at the same time, and earlier runs' leftovers, never meet.
 * `extraEnv` adds to or overrides every process's environment (e.g. EVENT_MAX_ATTEMPTS).
 * Call from `beforeAll`, and `stop()` from `afterAll`; `printOutputIfFailed` from `afterEach`.
 */
export async function startDistributedStack(
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<DistributedStack> {
  const database = await createTestDatabase(`scm_dist_${name}`, { migrated: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `scm-dist-${name}-`));
  const namespace = `t${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    NATS_URL: process.env.NATS_URL!,
    REDIS_URL: process.env.REDIS_URL!,
    NATS_NAMESPACE: namespace,
    REDIS_PREFIX: `scm-${namespace}`,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ...(generateAuthKeys() as Record<string, string>),
    ...extraEnv,
  };
  const processes = new Map<string, ServiceProcess>();
  const output: string[] = [];
  const start = async (service: string, port?: number): Promise<ServiceProcess> => {
    const started = (await startService(service, {
      port: port ?? (await freePort()),
      env,
      entry: 'main.js',
      onOutput: (_stream: string, text: string) => output.push(`[${service}] ${text}`),
    })) as ServiceProcess;
    processes.set(service, started);
    return started;
  };
  const stop = async () => {
    for (const service of [...processes.values()].reverse()) await service.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // In order, each told the URLs of those before it; the gateway last, told them all.
    for (const service of BACKEND_SERVICES as string[])
      env[`${service.toUpperCase()}_URL`] = (await start(service)).url;
    const gatewayUrl = (await start('gateway')).url;
    return {
      database,
      dataDir,
      env,
      gatewayUrl,
      processes,
      start,
      output,
      stop,
      async signedInAgent() {
        const agent = request.agent(gatewayUrl);
        await signInAgent(agent, TEST_ADMIN.email, TEST_ADMIN.password);
        return agent;
      },
    };
  } catch (error) {
    process.stdout.write(output.join(''));
    await stop();
    throw error;
  }
}

/** For `afterEach`: a test that failed before its first assertion prints what the processes said. */
export function printOutputIfFailed(stack: DistributedStack | undefined): void {
  if (stack && expect.getState().assertionCalls === 0) process.stdout.write(stack.output.join(''));
}
