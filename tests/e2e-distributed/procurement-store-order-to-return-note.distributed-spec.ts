import { PROCUREMENT_SCENARIO_STEPS, ProcurementScenario } from '@scm/testing';
import { startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * The procurement proof in the distributed topology (one process per service, NATS JetStream, Redis): the same
 * scenario as the embedded suite (libs/testing/src/procurement-fixture.ts, figures computed there): catalog's
 * master data reaches procurement and inventory over NATS, the POs' approvals and the supplier's link go through
 * the gateway to the procurement process, the receipts' and the return note's posting requests reach inventory's
 * ledger over NATS, and the overview shows the hand-computed quantities and FIFO values after each step; a
 * posting request delivered again (a new event id, as after a lost ack) posts nothing twice.
 */
describe('procurement: store order to return note, posted once (distributed mode)', () => {
  let stack: DistributedStack;
  let scenario: ProcurementScenario | undefined;

  beforeAll(async () => {
    stack = await startDistributedStack('p2e');
    // Every process shares DATA_DIR, so the mails (invitations, the supplier's link) are in one mailbox.
    scenario = await ProcurementScenario.start({
      server: stack.gatewayUrl,
      databaseUrl: stack.database.url,
      dataDir: stack.dataDir,
      eventuallyMs: 60_000,
    });
  }, 240_000);

  afterAll(async () => {
    await scenario?.close();
    await stack?.stop();
  }, 60_000);

  for (const step of PROCUREMENT_SCENARIO_STEPS) {
    it(
      step.name,
      async () => {
        try {
          await step.run(scenario!);
        } catch (error) {
          // A failing step shows what the services said.
          process.stdout.write(stack.output.join(''));
          throw error;
        }
      },
      120_000,
    );
  }
});
