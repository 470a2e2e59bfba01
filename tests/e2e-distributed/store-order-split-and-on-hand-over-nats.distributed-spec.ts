import pg from 'pg';
import type TestAgent from 'supertest/lib/agent.js';
import { expectEventually } from '@scm/testing';
import { printOutputIfFailed, startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * The store order in the distributed topology: catalog's master data reaches the procurement process over NATS; a
 * walk-in receipt posts through inventory's ledger and the ledger's `inventory.stock.posted` comes back to
 * procurement, whose store order then suggests from that on hand; submitting splits the order into a DRAFT PO per
 * supplier and one transfer request for the central kitchen's item.
 */
describe('store order split and on hand over NATS (distributed mode)', () => {
  let stack: DistributedStack;
  let agent: TestAgent;
  let db: pg.Client;
  const [OUT, KITCHEN] = ['DSO-OUT', 'DSO-CK'];

  beforeAll(async () => {
    stack = await startDistributedStack('so');
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
    return response.body.data as Record<string, string>;
  }

  it('suggests from the on hand the ledger posted, and splits on submit', async () => {
    const region = await send('post', '/api/catalog/regions', { region_name: 'Region DSO' });
    const locationCategory = await send('post', '/api/catalog/location-categories', {
      category_name: 'Outlets DSO',
      sub_categories: [],
    });
    for (const id of [OUT, KITCHEN]) {
      await send('post', '/api/catalog/locations', {
        location_id: id,
        location_name: `Place ${id}`,
        is_operating: true,
        category_id: locationCategory.category_id,
        sub_category_id: null,
        region_id: region.region_id,
        address: '1 Order Road',
        country: 'Singapore',
        postal_code: '600001',
        contact_person: [],
        remark: '',
      });
    }
    await send('post', '/api/catalog/uoms', { uom_name: 'DSOKG', secondary_uom: 'SACK', uom_per_primary: '25' });
    const supplierCategory = await send('post', '/api/catalog/supplier-categories', { category_name: 'Dry DSO' });
    for (const id of ['DSO-S1', 'DSO-S2']) {
      await send('post', '/api/catalog/suppliers', {
        supplier_id: id,
        company_name: `Supplier ${id}`,
        credit_term_in_days: 30,
        contact_name: 'Alice',
        contact_no: '91234567',
        address: '1 Jurong Road',
        postal_code: '600001',
        country: 'Singapore',
        minimum_order_value: '0',
        category_id: supplierCategory.category_id,
        gst_price_type: 'exclusive',
        gst_rate: 9,
        tax_rate: 9,
        tax_type: 'GST',
        hashtag_list: [],
      });
    }
    const skuCategory = await send('post', '/api/catalog/sku-categories', { category_name: 'Baking DSO' });
    for (const [sku, supplier] of [
      ['DSO-FLOUR', 'DSO-S1'],
      ['DSO-SUGAR', 'DSO-S2'],
      ['DSO-SAUCE', 'DSO-S1'],
    ]) {
      await send('post', '/api/catalog/skus', {
        sku_id: sku,
        name: `Name ${sku}`,
        display_name: `Name ${sku}`,
        category_id: skuCategory.category_id,
        primary_uom_name: 'DSOKG',
        purchasing_uom_name: 'DSOKG',
        receiving_uom_name: 'DSOKG',
        counting_uom_name: 'DSOKG',
        uom_list: [{ uom_name: 'DSOKG', factor: '1' }],
        supplier_list: [supplier],
        default_supplier_id: supplier,
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: '0',
      });
      await send('put', '/api/catalog/supplier-prices', {
        sku_id: sku,
        supplier_id: supplier,
        uom_name: 'DSOKG',
        current_price: '4',
        future_price_1: null,
        future_price_1_date: null,
        future_price_2: null,
        future_price_2_date: null,
      });
    }
    // Procurement knows the kitchen once catalog's events arrive over NATS.
    await expectEventually(
      async () => {
        const set = await agent
          .put('/api/procurement/store-orders/settings')
          .send({ central_kitchen_location_id: KITCHEN });
        expect(set.status).toBe(200);
      },
      { timeoutMs: 60_000 },
    );

    // 10 KG of flour received at the outlet: procurement posts it, inventory's ledger posts it, and its
    // inventory.stock.posted comes back to procurement's replica.
    let receipt: Record<string, string> = {};
    await expectEventually(
      async () => {
        const created = await agent.post('/api/procurement/receiving-orders').send({
          supplier_id: 'DSO-S1',
          currency: 'USD',
          location_id: OUT,
          receive_time: new Date().toISOString(),
          additional_list: [{ sku_id: 'DSO-FLOUR', uom_name: 'DSOKG', receive_qty: '10', unit_price: '4' }],
        });
        expect(created.status).toBe(201);
        receipt = created.body.data as Record<string, string>;
      },
      { timeoutMs: 60_000 },
    );
    for (const [action, revision] of [
      ['submit', 1],
      ['approve', 2],
      ['receive', 3],
    ] as const) {
      await send('post', `/api/procurement/receiving-orders/${receipt.id}/${action}`, { revision });
    }
    await send('put', '/api/procurement/store-orders/par-levels', {
      location_id: OUT,
      sku_id: 'DSO-FLOUR',
      par_level: '25',
    });
    // par 25 − on hand 10 + no usage = 15 KG.
    await expectEventually(
      async () => {
        const info = await agent.post('/api/procurement/store-orders/line-info').send({
          location_id: OUT,
          lines: [{ sku_id: 'DSO-FLOUR', uom_name: 'DSOKG' }],
        });
        expect(info.body.data[0]).toMatchObject({ on_hand: '10.000', suggested_quantity: '15' });
      },
      { timeoutMs: 60_000 },
    );

    const created = await send('post', '/api/procurement/store-orders', {
      location_id: OUT,
      delivery_time: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      order_type: 'Business Order',
      lines: [
        { sku_id: 'DSO-FLOUR', uom_name: 'DSOKG', quantity: '15' },
        { sku_id: 'DSO-SUGAR', uom_name: 'DSOKG', quantity: '3' },
        { sku_id: 'DSO-SAUCE', uom_name: 'DSOKG', quantity: '1', source: 'central_kitchen' },
      ],
    });
    const submitted = await agent.post(`/api/procurement/store-orders/${created.id}/submit`).send({ revision: 1 });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.status).toBe('SUBMITTED');
    expect(
      (submitted.body.data.purchase_orders as { supplier_id: string; status: string }[]).map((po) => [
        po.supplier_id,
        po.status,
      ]),
    ).toEqual([
      ['DSO-S1', 'DRAFT'],
      ['DSO-S2', 'DRAFT'],
    ]);
    const { rows } = await db.query<{ data: { from_location_id: string; to_location_id: string } }>(
      `SELECT envelope->'data' AS data FROM procurement.outbox
        WHERE subject = 'procurement.store-order.transfer-requested'`,
    );
    expect(rows.map((row) => [row.data.from_location_id, row.data.to_location_id])).toEqual([[KITCHEN, OUT]]);
  }, 240_000);
});
