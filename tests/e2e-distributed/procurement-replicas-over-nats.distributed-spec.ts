import pg from 'pg';
import type TestAgent from 'supertest/lib/agent.js';
import { expectEventually } from '@scm/testing';
import { printOutputIfFailed, startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * The procurement process in the distributed topology: started with the others, it learns catalog's suppliers
 * over NATS into its own schema, and the gateway routes /api/procurement/... to it.
 */
describe('procurement replicas in distributed mode', () => {
  let stack: DistributedStack;
  let agent: TestAgent;
  let db: pg.Client;

  beforeAll(async () => {
    stack = await startDistributedStack('proc');
    agent = await stack.signedInAgent();
    db = new pg.Client({ connectionString: stack.database.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  }, 60_000);

  afterEach(() => printOutputIfFailed(stack));

  it("replicates catalog's supplier into the procurement process over NATS", async () => {
    const category = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Dry goods' });
    expect(category.status).toBe(201);
    const created = await agent.post('/api/catalog/suppliers').send({
      supplier_id: 'S1',
      company_name: 'Supplier S1',
      credit_term_in_days: 30,
      contact_name: 'Alice',
      contact_no: '91234567',
      address: '1 Jurong Road',
      postal_code: '600001',
      country: 'Singapore',
      minimum_order_value: '80',
      category_id: category.body.data.category_id,
      gst_price_type: 'inclusive',
      gst_rate: 9,
      tax_rate: 9,
      tax_type: 'GST',
      hashtag_list: [],
    });
    expect(created.status).toBe(201);
    await expectEventually(async () => {
      const { rows } = await db.query(
        `SELECT gst_price_type, minimum_order_value::text AS mov FROM procurement.supplier_replica
          WHERE supplier_id = 'S1'`,
      );
      expect(rows).toEqual([{ gst_price_type: 'inclusive', mov: '80.0000' }]);
    });
  });

  it('routes /api/procurement/... through the gateway to the procurement process', async () => {
    const rebuilt = await agent.post('/api/procurement/replicas/rebuild');
    expect(rebuilt.status).toBe(200);
    const { rows } = await db.query(`SELECT supplier_id FROM procurement.supplier_replica`);
    expect(rows).toEqual([{ supplier_id: 'S1' }]);
  });
});
