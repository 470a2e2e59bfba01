import pg from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { TEST_ADMIN, expectEventually, signInAgent } from '@scm/testing';
import { CatalogUsageSubjects } from '@scm/contracts';
import { EventPublisher } from '@scm/platform';
import { DataSource } from 'typeorm';
import { printOutputIfFailed, startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * The distributed topology (one process per service, real PostgreSQL, NATS JetStream and Redis), driven
 * through the gateway. The inventory process is killed while catalog keeps publishing; once restarted, its
 * replica converges on catalog's state with no event lost and none applied twice.
 */
describe('UOM replica in distributed mode survives an inventory crash', () => {
  let stack: DistributedStack;
  let agent: TestAgent;
  let db: pg.Client;

  beforeAll(async () => {
    stack = await startDistributedStack('uom');
    agent = request.agent(stack.gatewayUrl);
    db = new pg.Client({ connectionString: stack.database.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  }, 60_000);

  afterEach(() => printOutputIfFailed(stack));

  it('signs in through the gateway, which forwards to identity', async () => {
    await signInAgent(agent, TEST_ADMIN.email, TEST_ADMIN.password);
    const token = await agent.get('/api/token');
    expect(token.body.data.user.role.role_name).toBe('director');
  });

  it('creates a UOM in catalog and the inventory process replicates it over NATS', async () => {
    const created = await agent
      .post('/api/catalog/uoms')
      .send({ uom_name: 'PCS', secondary_uom: 'CARTON', uom_per_primary: 24 });
    expect(created.status).toBe(201);
    await expectEventually(async () => {
      const list = await agent.post('/api/inventory/uoms/list').send({});
      expect(list.body.data).toContainEqual(expect.objectContaining({ uom_id: created.body.data.uom_id, revision: 1 }));
    });
  });

  it('converges with no loss and no duplicate after inventory is killed mid-stream and restarted', async () => {
    const inventory = stack.processes.get('inventory')!;
    const inventoryPort = Number(new URL(inventory.url).port);
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i += 1) {
      writes.push(
        agent.post('/api/catalog/uoms').send({ uom_name: `U${i}`, secondary_uom: 'BOX', uom_per_primary: i + 1 }),
      );
      if (i === 10) await inventory.kill();
    }
    const results = (await Promise.all(writes)) as { status: number; body: { data: { uom_id: string } } }[];
    expect(results.every((result) => result.status === 201)).toBe(true);
    // Edit a few while inventory is down, so the replica must also apply newer revisions in order.
    for (const result of results.slice(0, 5)) {
      const edited = await agent
        .put(`/api/catalog/uoms/${result.body.data.uom_id}`)
        .send({ uom_name: 'EDITED', secondary_uom: result.body.data.uom_id.slice(0, 8), uom_per_primary: 2 });
      expect(edited.status).toBe(200);
    }
    const gatewayDown = await agent.post('/api/inventory/uoms/list').send({});
    expect(gatewayDown.status).toBe(503);

    await stack.start('inventory', inventoryPort);

    await expectEventually(
      async () => {
        const catalog = await db.query(`SELECT uom_id::text, revision FROM catalog.uom ORDER BY uom_id`);
        const replica = await db.query(
          `SELECT uom_id::text, revision FROM inventory.uom_replica WHERE NOT deleted ORDER BY uom_id`,
        );
        expect(replica.rows).toEqual(catalog.rows);
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    // Exactly-once effect: one inbox row per UOM event, however often NATS delivered it. (Catalog publishes more
    // than inventory consumes, e.g. its settings announced at start; inventory also consumes identity's events.)
    const events = await db.query(`SELECT count(*)::int AS n FROM catalog.outbox WHERE subject LIKE 'catalog.uom.%'`);
    const handled = await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT event_id)::int AS d FROM inventory.inbox WHERE subject LIKE 'catalog.uom.%'`,
    );
    expect(handled.rows[0]).toEqual({ n: events.rows[0].n, d: events.rows[0].n });
    const unsent = await db.query(`SELECT count(*)::int AS n FROM catalog.outbox WHERE sent_at IS NULL`);
    expect(unsent.rows[0].n).toBe(0);
  }, 120_000);

  it('learns over NATS that inventory uses a UOM, and refuses its archive until released', async () => {
    const uom = await agent
      .post('/api/catalog/uoms')
      .send({ uom_name: 'TRAY', secondary_uom: 'EGG', uom_per_primary: 30 });
    expect(uom.status).toBe(201);
    const uomId: string = uom.body.data.uom_id;
    const inventoryDb = new DataSource({
      type: 'postgres',
      url: stack.database.url,
      extra: { options: '-c search_path=inventory' },
    });
    await inventoryDb.initialize();
    // What inventory's stock ledger does when a balance's references change: its outbox, its relay, NATS.
    const publish = (revision: number, held: boolean) =>
      inventoryDb.transaction((manager) =>
        new EventPublisher('inventory').publish(manager, CatalogUsageSubjects.inventory, {
          used_by_type: 'stock_balance',
          used_by_id: 'EGG@L1',
          revision,
          targets: held ? [{ target_type: 'uom', target_id: uomId }] : [],
        }),
      );
    try {
      await publish(1, true);
      await expectEventually(async () => {
        const archived = await agent.post(`/api/catalog/uoms/${uomId}/archive`);
        expect(archived.status).toBe(409);
      });
      await publish(2, false);
      await expectEventually(async () => {
        const archived = await agent.post(`/api/catalog/uoms/${uomId}/archive`);
        expect(archived.status).toBe(200);
      });
    } finally {
      await inventoryDb.destroy();
    }
  }, 60_000);

  it('merges every service OpenAPI document at /api/docs/json', async () => {
    const docs = await request(stack.gatewayUrl).get('/api/docs/json');
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/catalog/uoms/list', '/api/inventory/uoms/list']),
    );
  });
});
