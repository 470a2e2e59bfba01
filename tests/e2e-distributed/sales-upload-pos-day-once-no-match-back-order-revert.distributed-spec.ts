import pg from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { expectEventually } from '@scm/testing';
import { writeWorkbook } from '@scm/platform';
import type { WriteCell } from '@scm/platform';
import { kgSku, salesCase, salesCaseExpectation, seedSalesRecipes } from '../e2e/sales-upload-fixture.js';
import { printOutputIfFailed, startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * Sales upload in the distributed topology (issue 14; the embedded suite's scenario over NATS and BullMQ): a day of
 * POS lines of 50 PLUs on 3-level recipes pushed twice by AutoSync and uploaded once more by Excel is consumed once,
 * one issue line per SKU at FIFO cost; a hand-computed Manual upload waits on its no-match list, is mapped and posts,
 * its OIL shortfall back-ordered and settled by a later receipt; reverting it restores every balance.
 */
describe('sales upload: POS day once, no-match list, back order, revert (distributed mode)', () => {
  let stack: DistributedStack;
  let agent: TestAgent;
  let db: pg.Client;
  const TAG = 'DSU';
  const [OUTLET1, OUTLET2] = ['DSU-OUT1', 'DSU-OUT2'];
  let skus: { flour: string; sugar: string; oil: string; egg: string };

  beforeAll(async () => {
    stack = await startDistributedStack('su');
    agent = await stack.signedInAgent();
    db = new pg.Client({ connectionString: stack.database.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  }, 60_000);

  afterEach(() => printOutputIfFailed(stack));

  async function send(path: string, body: unknown) {
    const response = await agent.post(path).send(body as object);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as Record<string, string>;
  }

  async function balance(locationId: string, itemId: string) {
    const { rows } = await db.query<Record<string, string>>(
      `SELECT on_hand::text AS on_hand, stock_value::text AS stock_value,
              back_order_quantity::text AS back_order_quantity
         FROM inventory.stock_balance WHERE location_id = $1 AND item_id = $2`,
      [locationId, itemId],
    );
    return rows[0] ?? { on_hand: '0.000', stock_value: '0.0000000', back_order_quantity: '0.000' };
  }

  /** A receipt by stock adjustment, retried until inventory knows the SKU and location over NATS. */
  async function receive(locationId: string, itemId: string, quantity: string, unitCost: string) {
    let id = '';
    await expectEventually(
      async () => {
        const created = await agent.post('/api/inventory/stock-adjustments').send({
          location_id: locationId,
          value_date: '2026-03-01',
          lines: [
            {
              item_type: 'sku',
              item_id: itemId,
              uom_name: 'KG',
              adjustment_quantity: quantity,
              reason: 'OTHERS',
              unit_cost: unitCost,
            },
          ],
        });
        expect(created.status).toBe(201);
        id = created.body.data.id as string;
      },
      { timeoutMs: 60_000 },
    );
    await send(`/api/inventory/stock-adjustments/${id}/submit`, { revision: 1 });
    await send(`/api/inventory/stock-adjustments/${id}/approve`, { revision: 2 });
  }

  const upload = async (query: Record<string, string>, rows: WriteCell[][]) =>
    agent
      .post(`/api/inventory/sales-uploads/upload?${new URLSearchParams(query).toString()}`)
      .attach('file', await writeWorkbook([{ name: 'Data', rows }]), 'sales.xlsx');

  it('consumes a POS day pushed twice and uploaded by Excel once, one issue per SKU at FIFO cost', async () => {
    const region = await send('/api/catalog/regions', { region_name: 'Region DSU' });
    const locationCategory = await send('/api/catalog/location-categories', {
      category_name: 'Outlets DSU',
      sub_categories: [],
    });
    for (const id of [OUTLET1, OUTLET2]) {
      await send('/api/catalog/locations', {
        location_id: id,
        location_name: `Outlet ${id}`,
        is_operating: true,
        category_id: locationCategory.category_id,
        sub_category_id: null,
        region_id: region.region_id,
        address: '1 Sales Road',
        country: 'Singapore',
        postal_code: '600001',
        contact_person: [],
        remark: '',
      });
    }
    await send('/api/catalog/uoms', { uom_name: 'KG', secondary_uom: 'BAG', uom_per_primary: '25' });
    const category = await send('/api/catalog/sku-categories', { category_name: 'Dry DSU' });
    for (const [id, name] of [
      [`${TAG}-FLOUR`, 'Flour DSU'],
      [`${TAG}-SUGAR`, 'Sugar DSU'],
    ]) {
      await send('/api/catalog/skus', kgSku(id, name, category.category_id));
    }
    skus = await seedSalesRecipes(
      send,
      { flour: `${TAG}-FLOUR`, sugar: `${TAG}-SUGAR`, categoryId: category.category_id },
      TAG,
    );
    await expectEventually(
      async () => {
        const found = await agent.get(`/api/inventory/recipes/plus?search=${TAG}-PLU-50`);
        expect(found.body.data.map((row: { plu_id: string }) => row.plu_id)).toContain(`${TAG}-PLU-50`);
      },
      { timeoutMs: 60_000 },
    );
    for (const id of Object.values(skus)) {
      await receive(OUTLET1, id, '500', '2');
      await receive(OUTLET1, id, '500', '3');
    }

    // AutoSync pushes the day twice with the outlet's POS key: the second push stores nothing.
    let key = '';
    await expectEventually(
      async () => {
        const created = await agent.post('/api/inventory/epoint/keys').send({ location_id: OUTLET1, label: 'Till' });
        expect(created.status).toBe(201);
        key = (created.body.data as { key: string }).key;
      },
      { timeoutMs: 30_000 },
    );
    const lines = salesCase(TAG).map((line) => ({ ...line, epoint_date: '2026-03-05', uom: 'EA' }));
    const push = () =>
      request(stack.gatewayUrl).post('/api/inventory/epoint/records').set('Authorization', `Bearer ${key}`).send({
        records: lines,
      });
    const first = await push();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ accepted: lines.length });
    const second = await push();
    expect(second.body.data).toMatchObject({ accepted: 0, duplicate: lines.length });

    // The day is posted by AutoSync's job: one upload.
    let suId = '';
    await expectEventually(
      async () => {
        const { rows } = await db.query<{ id: string; status: string }>(
          `SELECT id, status FROM inventory.sales_upload WHERE location_id = $1`,
          [OUTLET1],
        );
        expect(rows).toHaveLength(1);
        expect(rows[0].status).toBe('POSTED');
        suId = rows[0].id;
      },
      { timeoutMs: 60_000 },
    );

    // The same lines by Excel: every row a duplicate.
    const excel = await upload({ source: 'Epoint Excel Upload', location_id: OUTLET1, value_date: '2026-03-05' }, [
      ['plu_code', 'quantity', 'amount', 'sales_date', 'shift_code'],
      ...lines.map((line) => [line.stock_code, line.quantity, line.amount, line.epoint_date, line.shift_code]),
    ]);
    expect(excel.status).toBe(201);
    expect(excel.body.data).toMatchObject({ duplicate_file: false, uploads: [], duplicate_rows: lines.length });

    const expected = salesCaseExpectation(TAG, skus);
    const { rows: moved } = await db.query<{ item_id: string; quantity: string; value: string; lines: number }>(
      `SELECT item_id, (-sum(quantity))::text AS quantity, (-sum(cost_value))::text AS value,
              count(DISTINCT line_no)::int AS lines
         FROM inventory.stock_movement WHERE document_type = 'SU' GROUP BY item_id ORDER BY item_id`,
    );
    expect(Object.fromEntries(moved.map((row) => [row.item_id, row.quantity]))).toEqual(expected);
    expect(moved.every((row) => row.lines === 1)).toBe(true);
    // FIFO: every total fits in the oldest layer, at 2.
    for (const row of moved) expect(Number(row.value)).toBeCloseTo(Number(row.quantity) * 2, 6);
    const view = await agent.get(`/api/inventory/sales-uploads/${suId}`);
    expect(view.body.data).toMatchObject({ status: 'POSTED', source: 'Epoint AutoSync' });
  });

  it('maps a no-match line, back-orders a shortfall a receipt settles, and reverts to every balance', async () => {
    // Outlet 2: FLOUR 1 at 2 then 10 at 3; SUGAR 5 at 1.5; OIL 1 at 4 (short); EGG 10 at 0.4.
    await receive(OUTLET2, skus.flour, '1', '2');
    await receive(OUTLET2, skus.flour, '10', '3');
    await receive(OUTLET2, skus.sugar, '5', '1.5');
    await receive(OUTLET2, skus.oil, '1', '4');
    await receive(OUTLET2, skus.egg, '10', '0.4');
    const made = await upload({ source: 'Manual', location_id: OUTLET2, value_date: '2026-03-06' }, [
      ['plu_code', 'quantity', 'amount'],
      [`${TAG}-PLU-01`, '10', '50'],
      [`${TAG}-PLU-03`, '5', '40'],
      [`POS-${TAG}`, '2', '16'],
    ]);
    expect(made.status).toBe(201);
    const id = made.body.data.uploads[0].id as string;
    let view = (await agent.get(`/api/inventory/sales-uploads/${id}`)).body.data;
    expect(view.status).toBe('PENDING MATCH');
    expect(view.available_actions).not.toContain('post');
    // Lines in code order: POS-DSU is the third.
    expect(view.lines.map((line: { plu_code: string }) => line.plu_code)).toEqual([
      `${TAG}-PLU-01`,
      `${TAG}-PLU-03`,
      `POS-${TAG}`,
    ]);
    const refused = await agent
      .post(`/api/inventory/sales-uploads/${id}/lines/1/map`)
      .send({ revision: view.revision, plu_id: `${TAG}-PLU-03` });
    expect(refused.status).toBe(404);
    const mapped = await agent
      .post(`/api/inventory/sales-uploads/${id}/lines/3/map`)
      .send({ revision: view.revision, plu_id: `${TAG}-PLU-03` });
    expect(mapped.status).toBe(200);
    view = mapped.body.data;
    expect(view.status).toBe('POSTED');
    // SAUCE 4.8 KG → FLOUR 1.32 (1 × 2 + 0.32 × 3), SUGAR 0.6 × 1.5, OIL 1 × 4 with 0.2 back-ordered, EGG 0.85 × 0.4.
    expect(view.issue_value).toBe('8.20');
    expect(await balance(OUTLET2, skus.oil)).toEqual({
      on_hand: '0.000',
      stock_value: '0.0000000',
      back_order_quantity: '-0.200',
    });
    await receive(OUTLET2, skus.oil, '5', '6');
    expect(await balance(OUTLET2, skus.oil)).toEqual({
      on_hand: '4.800',
      stock_value: '28.8000000',
      back_order_quantity: '0.000',
    });

    const reverted = await agent
      .post(`/api/inventory/sales-uploads/${id}/revert`)
      .send({ revision: view.revision, remark: 'wrong outlet' });
    expect(reverted.status).toBe(200);
    expect(await balance(OUTLET2, skus.flour)).toEqual({
      on_hand: '11.000',
      stock_value: '32.0000000',
      back_order_quantity: '0.000',
    });
    expect(await balance(OUTLET2, skus.sugar)).toMatchObject({ on_hand: '5.000', stock_value: '7.5000000' });
    expect(await balance(OUTLET2, skus.oil)).toEqual({
      on_hand: '6.000',
      stock_value: '34.0000000',
      back_order_quantity: '0.000',
    });
    expect(await balance(OUTLET2, skus.egg)).toMatchObject({ on_hand: '10.000', stock_value: '4.0000000' });
  });
});
