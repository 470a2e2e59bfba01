import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { InventorySubjects } from '@scm/contracts';
import type { WipDiscrepancyFound } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { EventPublisher } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, expectEventually, fullRightsToken, startCatalogSuite } from '@scm/testing';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { inventoryDb, seedStock, skuBody } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];

/**
 * WIP production (SPEC.md §3, §4; docs/stock-ledger.md "WIP production"), embedded mode. A SKU BOM makes 2 KG of
 * DOUGH from FLOUR 1 KG (+10% wastage), SUGAR 0.5 KG and OIL 0.2 KG (+25%). Planned 20 KG, produced 16 KG: the
 * posting issues the expected 8.8 / 4 / 2 KG at FIFO (FLOUR across 2 layers), 40.00 in all; the CRUMBS by-product
 * takes its 10% share (4.00), the DOUGH the rest (36.00, 2.2500 a KG). The cook used 9.3 FLOUR (0.5 more) and 3.6
 * SUGAR (0.4 less): ONE automatic adjustment, however often its event comes. Short stock refuses the posting and
 * names the ingredient; another location's user sees nothing; a role without can_see_cost sees no value.
 */
describe('WIP production through the ledger (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let fx: StockFixture;
  let db: DataSource;
  let kitchen: string;
  let flour: string;
  let sugar: string;
  const oil = 'WIP-OIL';
  const dough = 'WIP-DOUGH';
  const crumbs = 'WIP-CRUMBS';
  const bomId = 'WIP-BOM-DOUGH';
  let stranger: string;

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    fx = await seedStock(server, runtime, 'WIP');
    [kitchen] = fx.locations;
    ({ flour, sugar } = fx.skus);
    for (const [id, name] of [
      [oil, 'Oil WIP'],
      [dough, 'Dough WIP'],
      [crumbs, 'Crumbs WIP'],
    ]) {
      const made = await request(server)
        .post('/api/catalog/skus')
        .set('Authorization', fx.admin)
        .send(skuBody(id, name, fx.categoryId));
      expect(made.status).toBe(201);
    }
    const bomCategory = await request(server)
      .post('/api/catalog/item-categories/sku-bom')
      .set('Authorization', fx.admin)
      .send({ category_name: 'Bakery WIP' });
    expect(bomCategory.status).toBe(201);
    const bom = await request(server)
      .post('/api/catalog/sku-boms')
      .set('Authorization', fx.admin)
      .send({
        bom_id: bomId,
        bom_name: 'Dough WIP',
        output_sku_id: dough,
        output_quantity: '2',
        output_uom_name: 'KG',
        category_id: bomCategory.body.data.category_id,
        consume_sku_list: [
          { sku_id: flour, quantity_per_uom: '1', uom_name: 'KG', wastage_percentage: '10' },
          { sku_id: sugar, quantity_per_uom: '0.5', uom_name: 'KG', wastage_percentage: '0' },
          { sku_id: oil, quantity_per_uom: '0.2', uom_name: 'KG', wastage_percentage: '25' },
        ],
      });
    expect(bom.status).toBe(201);
    // Inventory knows the SKUs and the BOM from catalog's events.
    await expectEventually(
      async () => {
        for (const id of [oil, dough, crumbs]) {
          const stock = await request(server)
            .get(`/api/inventory/stock/${kitchen}/sku/${id}`)
            .set('Authorization', fx.admin);
          expect(stock.status).toBe(200);
        }
        const boms = await request(server)
          .get(`/api/inventory/recipes/sku-boms?search=${bomId}`)
          .set('Authorization', fx.admin);
        expect(boms.body.data.map((row: { bom_id: string }) => row.bom_id)).toContain(bomId);
      },
      { timeoutMs: 30_000 },
    );
    db = await inventoryDb(runtime);
    stranger = `Bearer ${await fullRightsToken(runtime, ['WIP-ELSEWHERE'], { sub: randomUUID() })}`;

    // The kitchen's stock: FLOUR 5 KG at 2 then 10 KG at 3 (2 FIFO layers), SUGAR 6 at 1.5, OIL 4 at 6.3.
    for (const [item, quantity, cost] of [
      [flour, '5', '2'],
      [flour, '10', '3'],
      [sugar, '6', '1.5'],
      [oil, '4', '6.3'],
    ]) {
      await receiveByAdjustment(item, quantity, cost);
    }
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await db?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  const as = (token: string) => ({
    get: (path: string) => request(server).get(`/api/inventory/${path}`).set('Authorization', token),
    post: (path: string, body: object = {}) =>
      request(server).post(`/api/inventory/${path}`).set('Authorization', token).send(body),
    put: (path: string, body: object = {}) =>
      request(server).put(`/api/inventory/${path}`).set('Authorization', token).send(body),
  });
  const admin = () => as(fx.admin);

  async function receiveByAdjustment(itemId: string, quantity: string, unitCost: string) {
    const created = await admin().post('stock-adjustments', {
      location_id: kitchen,
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
    await admin().post(`stock-adjustments/${created.body.data.id}/submit`, { revision: 1 });
    expect((await admin().post(`stock-adjustments/${created.body.data.id}/approve`, { revision: 2 })).status).toBe(200);
  }

  async function balance(itemId: string): Promise<[string, string]> {
    const [row] = await db.query<{ on_hand: string; stock_value: string }[]>(
      `SELECT on_hand::text AS on_hand, stock_value::text AS stock_value
         FROM stock_balance WHERE location_id = $1 AND item_id = $2`,
      [kitchen, itemId],
    );
    return row ? [row.on_hand, row.stock_value] : ['0.000', '0.0000000'];
  }

  it('posts the expected consumption at FIFO, values the output and by-product, and adjusts the discrepancy once', async () => {
    const created = await admin().post('wips', {
      location_id: kitchen,
      wip_date: '2026-03-02',
      remark: 'Morning bake',
      outputs: [{ bom_id: bomId, planned_quantity: '20' }],
    });
    expect(created.status).toBe(201);
    const made = created.body.data;
    expect(made).toMatchObject({ doc_no: `WIP-${kitchen}-000001`, status: 'DRAFT', revision: 1 });
    expect(made.available_actions).toEqual(['post', 'discard']);
    expect(made.outputs).toEqual([
      expect.objectContaining({ bom_id: bomId, sku_id: dough, uom_name: 'KG', planned_quantity: '20.000' }),
    ]);
    // 10 runs of the BOM: FLOUR 10 × 1 × 1.1, SUGAR 10 × 0.5, OIL 10 × 0.2 × 1.25.
    expect(
      made.consumption.map((l: Record<string, string>) => [l.sku_id, l.planned_quantity, l.expected_quantity]),
    ).toEqual([
      [flour, '11.000', null],
      [oil, '2.500', null],
      [sugar, '5.000', null],
    ]);
    // Nothing moves before posting.
    expect(await balance(flour)).toEqual(['15.000', '40.0000000']);

    // Posting needs the produce quantity.
    const early = await admin().post(`wips/${made.id}/post`, { revision: 1 });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('INVENTORY_WIP_PRODUCE_QUANTITY_REQUIRED');

    // The cook's actuals: 16 KG made; FLOUR 9.3 used, SUGAR 3.6, OIL as expected (blank); CRUMBS 1 KG at 10%.
    const recorded = await admin().put(`wips/${made.id}`, {
      revision: 1,
      location_id: kitchen,
      wip_date: '2026-03-02',
      remark: 'Morning bake',
      outputs: [{ bom_id: bomId, planned_quantity: '20', produce_quantity: '16' }],
      consumption: [
        { sku_id: flour, actual_quantity: '9.3' },
        { sku_id: sugar, actual_quantity: '3.6' },
        { sku_id: oil, actual_quantity: '' },
      ],
      by_products: [{ item_id: crumbs, uom_name: 'KG', quantity: '1', cost_share_percentage: '10' }],
    });
    expect(recorded.status).toBe(200);
    expect(
      recorded.body.data.consumption.map((l: Record<string, string | null>) => [
        l.sku_id,
        l.expected_quantity,
        l.actual_quantity,
        l.discrepancy_quantity,
      ]),
    ).toEqual([
      [flour, '8.800', '9.300', '0.500'],
      [oil, '2.000', null, null],
      [sugar, '4.000', '3.600', '-0.400'],
    ]);

    // Another location's user neither sees nor posts it.
    expect((await as(stranger).get(`wips/${made.id}`)).status).toBe(404);
    expect((await as(stranger).post(`wips/${made.id}/post`, { revision: 2 })).status).toBe(404);
    expect((await as(stranger).post('wips/list', { limit: 50 })).body.data).toEqual([]);

    const posted = await admin().post(`wips/${made.id}/post`, { revision: 2 });
    expect(posted.status).toBe(200);
    // Issued: FLOUR 5 × 2 + 3.8 × 3 = 21.40, SUGAR 4 × 1.5 = 6.00, OIL 2 × 6.3 = 12.60: 40.00. CRUMBS 10% = 4.00
    // (4.0000 a KG), DOUGH the other 36.00 for 16 KG = 2.2500 a KG.
    expect(posted.body.data).toMatchObject({
      status: 'COMPLETED',
      ingredient_value: '40.00',
      output_value: '36.00',
      by_product_value: '4.00',
      posted_by_name: expect.any(String),
    });
    expect(posted.body.data.outputs[0]).toMatchObject({ output_value: '36.00', wip_unit_cost: '2.2500' });
    expect(posted.body.data.by_products[0]).toMatchObject({ by_product_value: '4.00', wip_unit_cost: '4.0000' });
    expect(posted.body.data.consumption.map((l: Record<string, string>) => l.issued_value)).toEqual([
      '21.40',
      '12.60',
      '6.00',
    ]);
    expect(await balance(flour)).toEqual(['6.200', '18.6000000']);
    expect(await balance(sugar)).toEqual(['2.000', '3.0000000']);
    expect(await balance(oil)).toEqual(['2.000', '12.6000000']);
    expect(await balance(dough)).toEqual(['16.000', '36.0000000']);
    expect(await balance(crumbs)).toEqual(['1.000', '4.0000000']);
    // Two postings of the one action: the issue (the ledger's FIFO) of the posting revision, the receipts after it.
    const postings = await db.query<{ document_type: string; revision: number }[]>(
      `SELECT document_type, revision FROM stock_posting WHERE document_id = $1 ORDER BY revision`,
      [made.id],
    );
    expect(postings).toEqual([
      { document_type: 'WIP', revision: 3 },
      { document_type: 'WIP', revision: 4 },
    ]);
    expect(posted.body.data.history.map((h: { action: string }) => h.action)).toEqual(['create', 'update', 'post']);
    // Posted once: a second post is refused.
    expect((await admin().post(`wips/${made.id}/post`, { revision: 3 })).status).toBe(409);

    // The discrepancy becomes ONE adjustment, whether its event is delivered again or copied.
    const adjustments = async () => {
      const list = await admin().post('stock-adjustments/list', { limit: 50, other_params: { source: ['wip'] } });
      return list.body.data as { id: string; source_no: string; positive_value: string; negative_value: string }[];
    };
    await expectEventually(async () => expect(await adjustments()).toHaveLength(1));
    const [sent] = await db.query<{ id: string; envelope: { data: WipDiscrepancyFound } }[]>(
      `SELECT id, envelope FROM outbox WHERE subject = $1`,
      [InventorySubjects.WipDiscrepancyFound],
    );
    expect(sent.envelope.data.lines).toEqual([
      { line_no: 1, item_type: 'sku', item_id: flour, uom_name: 'KG', quantity: '-0.500' },
      { line_no: 2, item_type: 'sku', item_id: sugar, uom_name: 'KG', quantity: '0.400', unit_cost: '1.5000' },
    ]);
    await db.query(`UPDATE outbox SET sent_at = NULL, next_attempt_at = now() WHERE id = $1`, [sent.id]);
    await db.query(`SELECT pg_notify('outbox', 'inventory')`);
    await expectEventually(async () => {
      const [row] = await db.query(`SELECT sent_at FROM outbox WHERE id = $1`, [sent.id]);
      expect(row.sent_at).not.toBeNull();
    });
    const copy = await db.transaction((manager) =>
      new EventPublisher('inventory').publish(manager, InventorySubjects.WipDiscrepancyFound, sent.envelope.data),
    );
    await expectEventually(async () => {
      const rows = await db.query(`SELECT 1 FROM inbox WHERE consumer = 'inventory' AND event_id = $1`, [copy.id]);
      expect(rows).toHaveLength(1);
    });
    expect(await adjustments()).toHaveLength(1);
    const [adjustment] = await adjustments();
    // FLOUR −0.5 from its oldest layer left (3.0000): −1.50; SUGAR +0.4 at its issued cost 1.5: +0.60.
    expect(adjustment).toMatchObject({ source_no: made.doc_no, positive_value: '0.60', negative_value: '-1.50' });
    const adjustmentView = (await admin().get(`stock-adjustments/${adjustment.id}`)).body.data;
    expect(adjustmentView.status).toBe('PENDING APPROVAL');
    expect(
      adjustmentView.lines.map((l: Record<string, string>) => [l.item_id, l.adjustment_quantity, l.unit_cost]),
    ).toEqual([
      [flour, '-0.500', null],
      [sugar, '0.400', '1.5000'],
    ]);
    expect((await admin().get(`wips/${made.id}`)).body.data.adjustment_no).toBe(adjustmentView.doc_no);
    const approved = await admin().post(`stock-adjustments/${adjustment.id}/approve`, {
      revision: adjustmentView.revision,
    });
    expect(approved.status).toBe(200);
    expect(await balance(flour)).toEqual(['5.700', '17.1000000']);
    expect(await balance(sugar)).toEqual(['2.400', '3.6000000']);

    // The activity: the posting is news for notifications and the activity log.
    const subjects = await db.query<{ subject: string }[]>(
      `SELECT subject FROM outbox WHERE envelope->'data'->>'document_id' = $1 AND subject LIKE 'inventory.wip.%'
        ORDER BY created_at, id`,
      [made.id],
    );
    expect(subjects.map((row) => row.subject)).toEqual([InventorySubjects.WipPosted]);
  });

  it('refuses a posting short of an ingredient, naming it, and posts nothing', async () => {
    // 16 KG of DOUGH left 6.2 FLOUR − 0.5 = 5.7; 12 KG of DOUGH need 6.6 FLOUR.
    const created = await admin().post('wips', {
      location_id: kitchen,
      wip_date: '2026-03-03',
      outputs: [{ bom_id: bomId, planned_quantity: '12', produce_quantity: '12' }],
    });
    expect(created.status).toBe(201);
    const before = await Promise.all([flour, sugar, oil, dough].map((id) => balance(id)));
    const refused = await admin().post(`wips/${created.body.data.id}/post`, { revision: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVENTORY_INSUFFICIENT_STOCK');
    expect(refused.body.message).toContain('Insufficient available quantity');
    expect(refused.body.message).toContain('Flour WIP at Outlet');
    expect(await Promise.all([flour, sugar, oil, dough].map((id) => balance(id)))).toEqual(before);
    const view = (await admin().get(`wips/${created.body.data.id}`)).body.data;
    expect(view).toMatchObject({ status: 'DRAFT', revision: 1, ingredient_value: null });
    // A BOM that is not there is named.
    const unknown = await admin().post('wips', {
      location_id: kitchen,
      wip_date: '2026-03-03',
      outputs: [{ bom_id: 'WIP-NO-SUCH-BOM', planned_quantity: '1' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('INVENTORY_WIP_BOM_UNKNOWN');
    // Discarded: nothing posted, final.
    const discarded = await admin().post(`wips/${created.body.data.id}/discard`, { revision: 1 });
    expect(discarded.status).toBe(200);
    expect(discarded.body.data.status).toBe('DISCARDED');
  });

  it('posts two WIPs racing for the same ingredients one at a time: one is posted, the other refused short', async () => {
    // FLOUR 5.7 and SUGAR 2.4 are left: 8 DOUGH need 4.4 and 2 of them, so only one of two such WIPs can be made.
    const drafts = await Promise.all(
      [0, 1].map(async () => {
        const created = await admin().post('wips', {
          location_id: kitchen,
          wip_date: '2026-03-04',
          outputs: [{ bom_id: bomId, planned_quantity: '8', produce_quantity: '8' }],
        });
        expect(created.status).toBe(201);
        return created.body.data as { id: string };
      }),
    );
    const answers = await Promise.all(drafts.map((draft) => admin().post(`wips/${draft.id}/post`, { revision: 1 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('INVENTORY_INSUFFICIENT_STOCK');
    // FLOUR 5.7 − 4.4 from the 3.0000 layer; the ledger's balance is its batches and its movements, to the digit.
    expect(await balance(flour)).toEqual(['1.300', '3.9000000']);
    for (const item of [flour, sugar, oil, dough]) {
      const [sums] = await db.query<{ batches: string; batch_value: string; moved: string; moved_value: string }[]>(
        `SELECT (SELECT COALESCE(sum(remaining_quantity), 0)::numeric(18,3)::text FROM stock_batch
                  WHERE location_id = $1 AND item_id = $2) AS batches,
                (SELECT COALESCE(sum(remaining_quantity * unit_cost), 0)::numeric(24,7)::text FROM stock_batch
                  WHERE location_id = $1 AND item_id = $2) AS batch_value,
                (SELECT COALESCE(sum(quantity), 0)::numeric(18,3)::text FROM stock_movement
                  WHERE location_id = $1 AND item_id = $2) AS moved,
                (SELECT COALESCE(sum(cost_value), 0)::numeric(24,7)::text FROM stock_movement
                  WHERE location_id = $1 AND item_id = $2) AS moved_value`,
        [kitchen, item],
      );
      const [onHand, value] = await balance(item);
      expect(sums).toEqual({ batches: onHand, batch_value: value, moved: onHand, moved_value: value });
    }
  });

  it("puts its BOM, SKUs and location in use: catalog refuses to archive the WIP's BOM", async () => {
    await expectEventually(async () => {
      const rows = await db.query<{ used_by_type: string }[]>(
        `SELECT used_by_type FROM catalog.record_usage WHERE target_type = 'sku_bom' AND target_id = $1`,
        [bomId],
      );
      expect(rows.map((row) => row.used_by_type)).toContain('inventory.wip');
    });
    const refused = await request(server).post(`/api/catalog/sku-boms/${bomId}/archive`).set('Authorization', fx.admin);
    expect(refused.status).toBe(409);
  });

  it('hides the values from a role without can_see_cost', async () => {
    const noCost = `Bearer ${await fullRightsToken(runtime, [kitchen], { sub: randomUUID(), cost: false })}`;
    const list = (
      (await as(noCost).post('wips/list', { limit: 50 })).body.data as { id: string; doc_no: string }[]
    ).filter((row) => row.doc_no === `WIP-${kitchen}-000001`);
    expect(list).toHaveLength(1);
    expect(list[0]).not.toHaveProperty('output_value');
    const view = (await as(noCost).get(`wips/${list[0].id}`)).body.data;
    for (const field of ['ingredient_value', 'output_value', 'by_product_value'])
      expect(view).not.toHaveProperty(field);
    expect(view.outputs[0]).not.toHaveProperty('wip_unit_cost');
    expect(view.consumption[0]).not.toHaveProperty('issued_value');
    expect(view.by_products[0]).not.toHaveProperty('by_product_value');
  });
});
