import pg from 'pg';
import type TestAgent from 'supertest/lib/agent.js';
import { expectEventually } from '@scm/testing';
import { printOutputIfFailed, startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * WIP production in the distributed topology (the embedded suite's scenario over NATS): catalog's SKU BOM (DOUGH 2
 * from FLOUR 1 +10%, SUGAR 0.5, OIL 0.2 +25%) reaches inventory's recipes; 16 of 20 planned are produced, the
 * expected 8.8 / 4 / 2 are issued at FIFO (FLOUR across 2 layers) = 40.00, CRUMBS take 10% (4.00), DOUGH 36.00;
 * the discrepancy's event — relayed twice — makes ONE automatic adjustment (FLOUR −0.5 at 3, SUGAR +0.4 at 1.5).
 */
describe('WIP production through the ledger (distributed mode)', () => {
  let stack: DistributedStack;
  let agent: TestAgent;
  let db: pg.Client;
  const KITCHEN = 'DWIP-CK';
  const [FLOUR, SUGAR, OIL, DOUGH, CRUMBS] = ['FLOUR', 'SUGAR', 'OIL', 'DOUGH', 'CRUMBS'].map((name) => `DWIP-${name}`);
  const BOM = 'DWIP-BOM';

  beforeAll(async () => {
    stack = await startDistributedStack('wip');
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

  async function balance(itemId: string): Promise<[string, string]> {
    const { rows } = await db.query<{ on_hand: string; stock_value: string }>(
      `SELECT on_hand::text AS on_hand, stock_value::text AS stock_value
         FROM inventory.stock_balance WHERE location_id = $1 AND item_id = $2`,
      [KITCHEN, itemId],
    );
    return rows[0] ? [rows[0].on_hand, rows[0].stock_value] : ['0.000', '0.0000000'];
  }

  it('posts the expected consumption at FIFO, values output and by-product, and adjusts the discrepancy once', async () => {
    const region = await send('post', '/api/catalog/regions', { region_name: 'Region DWIP' });
    const locationCategory = await send('post', '/api/catalog/location-categories', {
      category_name: 'Places DWIP',
      sub_categories: [],
    });
    await send('post', '/api/catalog/locations', {
      location_id: KITCHEN,
      location_name: `Place ${KITCHEN}`,
      is_operating: true,
      category_id: locationCategory.category_id,
      sub_category_id: null,
      region_id: region.region_id,
      address: '1 Bakery Road',
      country: 'Singapore',
      postal_code: '600001',
      contact_person: [],
      remark: '',
    });
    await send('post', '/api/catalog/uoms', { uom_name: 'DWKG', secondary_uom: 'SACK', uom_per_primary: '25' });
    const skuCategory = await send('post', '/api/catalog/sku-categories', { category_name: 'Dry DWIP' });
    for (const sku of [FLOUR, SUGAR, OIL, DOUGH, CRUMBS]) {
      await send('post', '/api/catalog/skus', {
        sku_id: sku,
        name: `Name ${sku}`,
        display_name: `Name ${sku}`,
        category_id: skuCategory.category_id,
        primary_uom_name: 'DWKG',
        purchasing_uom_name: 'DWKG',
        receiving_uom_name: 'DWKG',
        counting_uom_name: 'DWKG',
        uom_list: [{ uom_name: 'DWKG', factor: '1' }],
        supplier_list: [],
        default_supplier_id: null,
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: '0',
      });
    }
    const bomCategory = await send('post', '/api/catalog/item-categories/sku-bom', { category_name: 'Bakery DWIP' });
    await send('post', '/api/catalog/sku-boms', {
      bom_id: BOM,
      bom_name: 'Dough DWIP',
      output_sku_id: DOUGH,
      output_quantity: '2',
      output_uom_name: 'DWKG',
      category_id: bomCategory.category_id,
      consume_sku_list: [
        { sku_id: FLOUR, quantity_per_uom: '1', uom_name: 'DWKG', wastage_percentage: '10' },
        { sku_id: SUGAR, quantity_per_uom: '0.5', uom_name: 'DWKG', wastage_percentage: '0' },
        { sku_id: OIL, quantity_per_uom: '0.2', uom_name: 'DWKG', wastage_percentage: '25' },
      ],
    });
    // The kitchen's stock (adjustments, once inventory's replicas know the SKUs over NATS): FLOUR 5 at 2 and
    // 10 at 3, SUGAR 6 at 1.5, OIL 4 at 6.3.
    for (const [item, quantity, cost] of [
      [FLOUR, '5', '2'],
      [FLOUR, '10', '3'],
      [SUGAR, '6', '1.5'],
      [OIL, '4', '6.3'],
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
                uom_name: 'DWKG',
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

    // The WIP, once inventory's recipes know the BOM (and its output SKUs) over NATS.
    let made: { id: string; doc_no: string } = { id: '', doc_no: '' };
    await expectEventually(
      async () => {
        const created = await agent.post('/api/inventory/wips').send({
          location_id: KITCHEN,
          wip_date: '2026-03-02',
          outputs: [{ bom_id: BOM, planned_quantity: '20' }],
        });
        expect(created.status).toBe(201);
        made = created.body.data as { id: string; doc_no: string };
      },
      { timeoutMs: 60_000 },
    );
    await send('put', `/api/inventory/wips/${made.id}`, {
      revision: 1,
      location_id: KITCHEN,
      wip_date: '2026-03-02',
      outputs: [{ bom_id: BOM, planned_quantity: '20', produce_quantity: '16' }],
      consumption: [
        { sku_id: FLOUR, actual_quantity: '9.3' },
        { sku_id: SUGAR, actual_quantity: '3.6' },
      ],
      by_products: [{ item_id: CRUMBS, uom_name: 'DWKG', quantity: '1', cost_share_percentage: '10' }],
    });
    const posted = await send('post', `/api/inventory/wips/${made.id}/post`, { revision: 2 });
    // 5 × 2 + 3.8 × 3 + 4 × 1.5 + 2 × 6.3 = 40.00; CRUMBS 10% = 4.00; DOUGH 36.00 for 16 = 2.2500.
    expect(posted).toMatchObject({
      status: 'COMPLETED',
      ingredient_value: '40.00',
      output_value: '36.00',
      by_product_value: '4.00',
    });
    expect(await balance(FLOUR)).toEqual(['6.200', '18.6000000']);
    expect(await balance(SUGAR)).toEqual(['2.000', '3.0000000']);
    expect(await balance(OIL)).toEqual(['2.000', '12.6000000']);
    expect(await balance(DOUGH)).toEqual(['16.000', '36.0000000']);
    expect(await balance(CRUMBS)).toEqual(['1.000', '4.0000000']);

    // The discrepancy's event comes back over NATS and makes the adjustment; relayed again, it makes no second one.
    const adjustments = async () => {
      const list = await agent
        .post('/api/inventory/stock-adjustments/list')
        .send({ limit: 50, other_params: { source: ['wip'] } });
      return list.body.data as { id: string; source_no: string; positive_value: string; negative_value: string }[];
    };
    await expectEventually(async () => expect(await adjustments()).toHaveLength(1), { timeoutMs: 60_000 });
    const {
      rows: [sent],
    } = await db.query<{ id: string }>(`SELECT id FROM inventory.outbox WHERE subject = $1`, [
      'inventory.wip.discrepancy-found',
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
    const adjusted = await adjustments();
    expect(adjusted).toHaveLength(1);
    // FLOUR −0.5 from its oldest layer left (3): −1.50; SUGAR +0.4 at its issued cost 1.5: +0.60.
    expect(adjusted[0]).toMatchObject({ source_no: made.doc_no, positive_value: '0.60', negative_value: '-1.50' });
    const view = await agent.get(`/api/inventory/stock-adjustments/${adjusted[0].id}`);
    await send('post', `/api/inventory/stock-adjustments/${adjusted[0].id}/approve`, {
      revision: view.body.data.revision as number,
    });
    expect(await balance(FLOUR)).toEqual(['5.700', '17.1000000']);
    expect(await balance(SUGAR)).toEqual(['2.400', '3.6000000']);
  }, 300_000);
});
