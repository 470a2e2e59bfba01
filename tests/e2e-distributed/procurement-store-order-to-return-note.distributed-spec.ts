import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PROCUREMENT_SCENARIO_STEPS, ProcurementScenario, TEST_ADMIN, createTestDatabase } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import { freePort } from '@scm/platform';
// @ts-expect-error plain ESM script shared with `npm run start:distributed`
import { BACKEND_SERVICES, generateAuthKeys, startService } from '../../scripts/service-processes.mjs';

interface ServiceProcess {
  name: string;
  url: string;
  stop(): Promise<void>;
}

/**
 * The procurement proof in the distributed topology (one process per service, NATS JetStream, Redis): the same
 * scenario as the embedded suite (libs/testing/src/procurement-fixture.ts, figures computed there): catalog's
 * master data reaches procurement and inventory over NATS, the POs' approvals and the supplier's link go through
 * the gateway to the procurement process, the receipts' and the return note's posting requests reach inventory's
 * ledger over NATS, and the overview shows the hand-computed quantities and FIFO values after each step; a
 * posting request delivered again (a new event id, as after a lost ack) posts nothing twice.
 */
describe('procurement: store order to return note, posted once (distributed mode)', () => {
  let database: TestDatabase;
  let dataDir: string;
  const processes: ServiceProcess[] = [];
  let scenario: ProcurementScenario | undefined;
  const output: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('scm_dist_p2e');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scm-dist-p2e-'));
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      NATS_URL: process.env.NATS_URL!,
      REDIS_URL: process.env.REDIS_URL!,
      NATS_NAMESPACE: `t${randomBytes(4).toString('hex')}`,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...(generateAuthKeys() as Record<string, string>),
    };
    const start = async (name: string) => {
      const service = (await startService(name, {
        port: await freePort(),
        env,
        onOutput: (_stream: string, text: string) => output.push(`[${name}] ${text}`),
      })) as ServiceProcess;
      processes.push(service);
      return service;
    };
    for (const name of BACKEND_SERVICES as string[]) env[`${name.toUpperCase()}_URL`] = (await start(name)).url;
    const gateway = await start('gateway');
    // Every process shares DATA_DIR, so the mails (invitations, the supplier's link) are in one mailbox.
    scenario = await ProcurementScenario.start({
      server: gateway.url,
      databaseUrl: database.url,
      dataDir,
      eventuallyMs: 60_000,
    });
  }, 240_000);

  afterAll(async () => {
    await scenario?.close();
    for (const service of processes.reverse()) await service.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  for (const step of PROCUREMENT_SCENARIO_STEPS) {
    it(
      step.name,
      async () => {
        try {
          await step.run(scenario!);
        } catch (error) {
          // A failing step shows what the services said.
          process.stdout.write(output.join(''));
          throw error;
        }
      },
      120_000,
    );
  }
});
