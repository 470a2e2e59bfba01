import pg from 'pg';
import type TestAgent from 'supertest/lib/agent.js';
import { expectEventually } from '@scm/testing';
import { printOutputIfFailed, startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * The stock transfer in the distributed topology (the embedded suite's scenario over NATS): 3 lines, one across 2
 * FIFO layers, leave the kitchen at FIFO cost into transit, arrive at the outlet at those costs with one line partly
 * rejected; the rejects' event — relayed twice — makes ONE automatic adjustment; a denied transfer goes back.
 * Quantities and values at both locations and in transit are read from the ledger at every step.
 */
describe('stock transfer through the ledger in transit (distributed mode)', () => {
  let stack: DistributedStack;
  let agent: TestAgent;
  let db: pg.Client;
  const [KITCHEN, OUTLET] = ['DST-CK', 'DST-OUT'];
  const [FLOUR, SUGAR, OIL] = ['DST-FLOUR', 'DST-SUGAR', 'DST-OIL'];

  beforeAll(async () => {
    stack = await startDistributedStack('sr');
    agent = await stack.signedInAgent();
    db = new pg.Client({ connectionString: stack.database.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  }, 60_000);

  afterEach(() => printOutputIfFailed(stack));

  async function send(method: 'post' | 'put', url: string, body: object) {
    const response = await agent[method](url).send(body);
    if (response.status >= 300) throw new Error(`${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as Record<string, unknown>;
  }

  async function balance(locationId: string, itemId: string) {
    const { rows } = await db.query<Record<string, string>>(
      `SELECT on_hand::text AS on_hand, stock_value::text AS stock_value, in_transit::text AS in_transit,
              in_transit_value::text AS in_transit_value
         FROM inventory.stock_balance WHERE location_id = $1 AND item_id = $2`,
      [locationId, itemId],
    );
    return (
      rows[0] ?? { on_hand: '0.000', stock_value: '0.0000000', in_transit: '0.000', in_transit_value: '0.0000000' }
    );
  }
  const b = (on_hand: string, stock_value: string, in_transit = '0.000', in_transit_value = '0.0000000') => ({
    on_hand,
    stock_value,
    in_transit,
    in_transit_value,
  });

  async function transfer(lines: [string, string][]) {
    const made = await send('post', '/api/inventory/stock-transfers', {
      from_location_id: KITCHEN,
      to_location_id: OUTLET,
      urgency: 'MEDIUM',
      release_date: '2026-03-02',
      lines: lines.map(([item_id, release_quantity]) => ({
        item_type: 'sku',
        item_id,
        uom_name: 'DSTKG',
        release_quantity,
      })),
    });
    await send('post', `/api/inventory/stock-transfers/${made.id as string}/submit`, { revision: 1 });
    const approved = await send('post', `/api/inventory/stock-transfers/${made.id as string}/approve`, {
      revision: 2,
    });
    expect(approved.status).toBe('IN TRANSIT');
    return approved as { id: string; doc_no: string; transfer_value: string };
  }

  it('carries the value through transit, adjusts the rejects once, and takes a denial back', async () => {
    const region = await send('post', '/api/catalog/regions', { region_name: 'Region DST' });
    const locationCategory = await send('post', '/api/catalog/location-categories', {
      category_name: 'Places DST',
      sub_categories: [],
    });
    for (const id of [KITCHEN, OUTLET]) {
      await send('post', '/api/catalog/locations', {
        location_id: id,
        location_name: `Place ${id}`,
        is_operating: true,
        category_id: locationCategory.category_id,
        sub_category_id: null,
        region_id: region.region_id,
        address: '1 Transfer Road',
        country: 'Singapore',
        postal_code: '600001',
        contact_person: [],
        remark: '',
      });
    }
    await send('post', '/api/catalog/uoms', { uom_name: 'DSTKG', secondary_uom: 'SACK', uom_per_primary: '25' });
    const skuCategory = await send('post', '/api/catalog/sku-categories', { category_name: 'Dry DST' });
    for (const sku of [FLOUR, SUGAR, OIL]) {
      await send('post', '/api/catalog/skus', {
        sku_id: sku,
        name: `Name ${sku}`,
        display_name: `Name ${sku}`,
        category_id: skuCategory.category_id,
        primary_uom_name: 'DSTKG',
        purchasing_uom_name: 'DSTKG',
        receiving_uom_name: 'DSTKG',
        counting_uom_name: 'DSTKG',
        uom_list: [{ uom_name: 'DSTKG', factor: '1' }],
        supplier_list: [],
        default_supplier_id: null,
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: '0',
      });
    }
    // The kitchen's stock (adjustments, once inventory's replicas know the SKUs over NATS): FLOUR 10 at 2 and
    // 10 at 3, SUGAR 5 at 1.5, OIL 8 at 4.
    for (const [item, quantity, cost] of [
      [FLOUR, '10', '2'],
      [FLOUR, '10', '3'],
      [SUGAR, '5', '1.5'],
      [OIL, '8', '4'],
    ]) {
      let id = '';
      await expectEventually(
        async () => {
          const created = await agent.post('/api/inventory/stock-adjustments').send({
            location_id: KITCHEN,
            value_date: '2026-03-01',
            lines: [
              {
                item_type: 'sku',
                item_id: item,
                uom_name: 'DSTKG',
                adjustment_quantity: quantity,
                reason: 'OTHERS',
                unit_cost: cost,
              },
            ],
          });
          expect(created.status).toBe(201);
          id = created.body.data.id as string;
        },
        { timeoutMs: 60_000 },
      );
      await send('post', `/api/inventory/stock-adjustments/${id}/submit`, { revision: 1 });
      await send('post', `/api/inventory/stock-adjustments/${id}/approve`, { revision: 2 });
    }

    const moved = await transfer([
      [FLOUR, '12'],
      [SUGAR, '4'],
      [OIL, '3'],
    ]);
    // 10 × 2 + 2 × 3 + 4 × 1.5 + 3 × 4 = 44.
    expect(moved.transfer_value).toBe('44.00');
    expect(await balance(KITCHEN, FLOUR)).toEqual(b('8.000', '24.0000000', '12.000', '26.0000000'));
    expect(await balance(KITCHEN, OIL)).toEqual(b('5.000', '20.0000000', '3.000', '12.0000000'));

    const received = await send('post', `/api/inventory/stock-transfers/${moved.id}/receive`, {
      revision: 3,
      lines: [
        { line_no: 1, received_quantity: '12' },
        { line_no: 2, received_quantity: '4' },
        { line_no: 3, received_quantity: '2', rejected_quantity: '1', reject_reason: 'SPOILT' },
      ],
    });
    expect(received.status).toBe('PARTIALLY RECEIVED');
    expect(await balance(KITCHEN, FLOUR)).toEqual(b('8.000', '24.0000000'));
    expect(await balance(OUTLET, FLOUR)).toEqual(b('12.000', '26.0000000'));
    expect(await balance(OUTLET, SUGAR)).toEqual(b('4.000', '6.0000000'));
    expect(await balance(OUTLET, OIL)).toEqual(b('3.000', '12.0000000'));

    // The rejects' event comes back over NATS and makes the adjustment; relayed again, it makes no second one.
    const adjustments = async () => {
      const list = await agent
        .post('/api/inventory/stock-adjustments/list')
        .send({ limit: 50, other_params: { source: ['transfer'] } });
      return list.body.data as { id: string; source_no: string; negative_value: string }[];
    };
    await expectEventually(async () => expect(await adjustments()).toHaveLength(1), { timeoutMs: 60_000 });
    const {
      rows: [sent],
    } = await db.query<{ id: string }>(`SELECT id FROM inventory.outbox WHERE subject = $1`, [
      'inventory.transfer.received-with-rejects',
    ]);
    await db.query(`UPDATE inventory.outbox SET sent_at = NULL, next_attempt_at = now() WHERE id = $1`, [sent.id]);
    await db.query(`SELECT pg_notify('outbox', 'inventory')`);
    await expectEventually(
      async () => {
        const { rows } = await db.query(`SELECT sent_at FROM inventory.outbox WHERE id = $1`, [sent.id]);
        expect(rows[0].sent_at).not.toBeNull();
        const inbox = await db.query(`SELECT 1 FROM inventory.inbox WHERE consumer = 'inventory' AND event_id = $1`, [
          sent.id,
        ]);
        expect(inbox.rows).toHaveLength(1);
      },
      { timeoutMs: 60_000 },
    );
    const made = await adjustments();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ source_no: moved.doc_no, negative_value: '-4.00' });

    // Denied: everything back to the kitchen at the costs it left at.
    const denied = await transfer([[SUGAR, '1']]);
    expect(await balance(KITCHEN, SUGAR)).toEqual(b('0.000', '0.0000000', '1.000', '1.5000000'));
    const back = await send('post', `/api/inventory/stock-transfers/${denied.id}/deny`, {
      revision: 3,
      remark: 'Not ordered',
    });
    expect(back.status).toBe('DENIED');
    expect(await balance(KITCHEN, SUGAR)).toEqual(b('1.000', '1.5000000'));
    expect(await balance(OUTLET, SUGAR)).toEqual(b('4.000', '6.0000000'));
  }, 300_000);
});
