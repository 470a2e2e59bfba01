import pg from 'pg';
import type TestAgent from 'supertest/lib/agent.js';
import { InventorySubjects } from '@scm/contracts';
import { expectEventually } from '@scm/testing';
import { EventPublisher } from '@scm/platform';
import { DataSource } from 'typeorm';
import { printOutputIfFailed, startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * The notifications process in the distributed topology: started with the others, it receives inventory's
 * activity events (and identity's users and roles) over NATS into its own schema, and the gateway routes the
 * spec's /api/notification/... to it.
 */
describe('notifications over NATS in distributed mode', () => {
  let stack: DistributedStack;
  let agent: TestAgent;
  let db: pg.Client;

  beforeAll(async () => {
    stack = await startDistributedStack('ntf');
    agent = await stack.signedInAgent();
    db = new pg.Client({ connectionString: stack.database.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  }, 60_000);

  afterEach(() => printOutputIfFailed(stack));

  it("notifies the approver of inventory's SA submitted event, received over NATS, through the gateway", async () => {
    const inventory = await new DataSource({
      type: 'postgres',
      url: stack.database.url,
      schema: 'inventory',
      extra: { options: '-c search_path=inventory' },
    }).initialize();
    try {
      const event = await inventory.transaction((manager) =>
        new EventPublisher('inventory').publish(manager, InventorySubjects.StockAdjustmentSubmitted, {
          document_type: 'SA',
          document_id: '0193a000-0000-7000-8000-000000000001',
          doc_no: 'SA-LOC1-000001',
          location_id: 'LOC1',
          action: 'submit',
          from_status: 'DRAFT',
          to_status: 'PENDING APPROVAL',
          actor_id: 'someone-else',
          actor_name: 'Someone Else',
          remark: null,
          revision: 2,
          value_usd: '10.00',
        }),
      );
      await inventory.query(`SELECT pg_notify('outbox', 'inventory')`);
      // The seeded administrator (every location, every key, no limit) reaches the directory over NATS too.
      await expectEventually(
        async () => {
          const page = await agent.get('/api/notification/get?limit=3&offset=0');
          expect(page.status).toBe(200);
          expect(page.body.data.unread_count).toBe(1);
          expect(page.body.data.list).toEqual([
            expect.objectContaining({
              reference_type: 'SA',
              message: 'Someone Else submitted Stock Adjustment SA-LOC1-000001 for your approval',
            }),
          ]);
        },
        { timeoutMs: 30_000 },
      );
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM notifications.inbox WHERE event_id = $1`, [
        event.id,
      ]);
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await inventory.destroy();
    }
  });

  it('routes /api/notification/... and /api/notifications/... through the gateway to the notifications process', async () => {
    const marked = await agent.put('/api/notification/mark_all_as_read');
    expect(marked.status).toBe(200);
    expect((await agent.get('/api/notification/get?limit=3&offset=0')).body.data.unread_count).toBe(0);
    const log = await agent
      .post('/api/notification/activity-log/list')
      .send({ limit: 10, other_params: { module: ['Stock Adjustment'] } });
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual([
      expect.objectContaining({ module: 'Stock Adjustment', created_by: 'Someone Else' }),
    ]);
    // Identity's events reach the log over NATS too: the administrator's sign-in, under SYSTEM.
    const system = await agent
      .post('/api/notification/activity-log/list')
      .send({ limit: 10, other_params: { module: ['SYSTEM'] } });
    expect(system.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ message: 'Administrator signed in', module: 'SYSTEM' })]),
    );
    expect((await agent.get('/api/notifications/dead-letters')).status).toBe(200);
  });
});
