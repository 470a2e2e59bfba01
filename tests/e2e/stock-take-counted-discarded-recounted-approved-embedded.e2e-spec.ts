import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import { readWorkbook, writeWorkbook } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  binaryBody,
  fieldErrors,
  fullRights,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import request from 'supertest';
import { seedStock } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];

interface TakeView {
  id: string;
  doc_no: string;
  status: string;
  revision: number;
  adjustment_id: string | null;
  adjustment_no: string | null;
  counted_lines: number;
  available_actions: string[];
  history: { action: string; from_status: string | null; to_status: string; remark: string | null }[];
  lines: {
    line_no: number;
    item_id: string;
    uom_name: string;
    category_name: string;
    system_quantity: string | null;
    counted_quantity: string | null;
    discrepancy: string | null;
  }[];
}

/**
 * A stock take through the gateway (SPEC.md §3-§5, docs/stock-ledger.md): counted in each SKU's counting unit,
 * submitted into a linked adjustment of the discrepancies (DUE TO STOCK TAKE) — a receipt posted while counting is
 * not counted twice — that adjustment discarded (RECOUNT), the sheet recounted, submitted again and approved
 * (COMPLETED); a blind count hides the system quantity until submitted; counts imported from an .xlsx.
 */
describe('stock take: counted, submitted, discarded, recounted, approved (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let fx: StockFixture;
  let out1: string;
  let flour: string;
  let sugar: string;

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    fx = await seedStock(server, runtime, 'ST');
    [out1] = fx.locations;
    ({ flour, sugar } = fx.skus);
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  const api = (auth = fx.admin) => ({
    get: (path: string) => request(server).get(`/api/inventory/${path}`).set('Authorization', auth),
    post: (path: string, body: object = {}) =>
      request(server).post(`/api/inventory/${path}`).set('Authorization', auth).send(body),
    put: (path: string, body: object) =>
      request(server).put(`/api/inventory/${path}`).set('Authorization', auth).send(body),
  });

  async function take(id: string): Promise<TakeView> {
    const response = await api().get(`stock-takes/${id}`);
    expect(response.status).toBe(200);
    return response.body.data as TakeView;
  }

  async function adjustment(id: string) {
    const response = await api().get(`stock-adjustments/${id}`);
    expect(response.status).toBe(200);
    return response.body.data;
  }

  /** Stock in through an approved adjustment (the ledger's only receipt this issue has). */
  async function receive(itemId: string, uom: string, quantity: string, unitCost: string) {
    const created = await api().post('stock-adjustments', {
      location_id: out1,
      value_date: '2026-02-01',
      lines: [
        {
          item_type: 'sku',
          item_id: itemId,
          uom_name: uom,
          adjustment_quantity: quantity,
          reason: 'OTHERS',
          unit_cost: unitCost,
        },
      ],
    });
    expect(created.status).toBe(201);
    expect((await api().post(`stock-adjustments/${created.body.data.id}/submit`, { revision: 1 })).status).toBe(200);
    expect((await api().post(`stock-adjustments/${created.body.data.id}/approve`, { revision: 2 })).status).toBe(200);
  }

  async function count(id: string, revision: number, counts: Record<number, string | null>) {
    const response = await api().put(`stock-takes/${id}/counts`, {
      revision,
      lines: Object.entries(counts).map(([lineNo, counted]) => ({
        line_no: Number(lineNo),
        counted_quantity: counted,
      })),
    });
    expect(response.status).toBe(200);
    return response.body.data as TakeView;
  }

  async function onHand(itemId: string): Promise<string> {
    return (await api().get(`stock/${out1}/sku/${itemId}`)).body.data.on_hand as string;
  }

  let takeId: string;

  it('refuses a stock take of nothing (SPEC.md §5)', async () => {
    await receive(flour, 'BAG', '4', '50');
    await receive(sugar, 'KG', '30', '1');
    const refused = await api().post('stock-takes', { location_id: out1, items: [], categories: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVENTORY_STOCK_TAKE_NO_ITEMS');
    expect(refused.body.message).toBe('Please select SKU(s) or Product(s) before creating a stock take');
  });

  it('makes the sheet of a whole category in the counting units, system quantities as of now', async () => {
    const created = await api().post('stock-takes', {
      location_id: out1,
      categories: [{ item_type: 'sku', category_id: fx.categoryId }],
    });
    expect(created.status).toBe(201);
    const view = created.body.data as TakeView;
    takeId = view.id;
    expect(view).toMatchObject({
      status: 'DRAFT',
      revision: 1,
      doc_no: `ST-${out1}-000001`,
      available_actions: ['submit'],
    });
    const byItem = Object.fromEntries(view.lines.map((line) => [line.item_id, line]));
    // FLOUR is counted in BAG (100 KG = 4 BAG), SUGAR in KG.
    expect(byItem[flour]).toMatchObject({
      uom_name: 'BAG',
      system_quantity: '4.000',
      counted_quantity: null,
      category_name: `Dry ST`,
    });
    expect(byItem[sugar]).toMatchObject({ uom_name: 'KG', system_quantity: '30.000' });
  });

  it('refuses to submit while a line is uncounted (SPEC.md §5)', async () => {
    const view = await take(takeId);
    const flourLine = view.lines.find((line) => line.item_id === flour)!;
    const counted = await count(takeId, view.revision, { [flourLine.line_no]: '3.5' });
    expect(counted.counted_lines).toBe(1);
    const refused = await api().post(`stock-takes/${takeId}/submit`, { revision: counted.revision });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVENTORY_STOCK_TAKE_UNCOUNTED');
    expect(refused.body.message).toBe('Count the discrepancy before submitting (1 item(s) not counted)');
  });

  it('submits into an adjustment of the discrepancies; 10 KG received while counting is not counted twice', async () => {
    // Posted after the count's effective time: on hand is 40 KG now, but the shelf was counted against 30.
    await receive(sugar, 'KG', '10', '1');
    expect(await onHand(sugar)).toBe('40.000');
    const view = await take(takeId);
    const sugarLine = view.lines.find((line) => line.item_id === sugar)!;
    const counted = await count(takeId, view.revision, { [sugarLine.line_no]: '32' });
    expect(counted.lines.find((line) => line.item_id === sugar)).toMatchObject({
      system_quantity: '30.000',
      discrepancy: '2.000',
    });

    const submitted = await api().post(`stock-takes/${takeId}/submit`, { revision: counted.revision });
    expect(submitted.status).toBe(200);
    const pending = submitted.body.data as TakeView;
    expect(pending).toMatchObject({
      status: 'PENDING SA',
      adjustment_no: expect.stringMatching(/^SA-/),
      available_actions: [],
    });

    const sa = await adjustment(pending.adjustment_id!);
    expect(sa).toMatchObject({
      status: 'PENDING APPROVAL',
      source: 'stock_take',
      source_id: takeId,
      source_no: pending.doc_no,
    });
    const lines = Object.fromEntries(sa.lines.map((line: { item_id: string }) => [line.item_id, line]));
    // 3.5 BAG counted against 4 BAG: 12.5 KG out, from the oldest batch; 2 KG in at the average cost ($1).
    expect(lines[flour]).toMatchObject({ uom_name: 'KG', adjustment_quantity: '-12.500', reason: 'DUE TO STOCK TAKE' });
    expect(lines[flour].batches).toEqual([expect.objectContaining({ quantity: '12.500', unit_cost: '2.0000' })]);
    expect(lines[sugar]).toMatchObject({
      adjustment_quantity: '2.000',
      unit_cost: '1.0000',
      reason: 'DUE TO STOCK TAKE',
    });
    const counts = await api().put(`stock-takes/${takeId}/counts`, { revision: pending.revision, lines: [] });
    expect(counts.status).toBe(409);
    expect(counts.body.code).toBe('DOCUMENT_NOT_EDITABLE');
  });

  it('discarding the adjustment unlinks it and returns the stock take to RECOUNT', async () => {
    const pending = await take(takeId);
    const sa = await adjustment(pending.adjustment_id!);
    const discarded = await api().post(`stock-adjustments/${sa.id}/discard`, { revision: sa.revision });
    expect(discarded.status).toBe(200);
    const recount = await take(takeId);
    expect(recount).toMatchObject({
      status: 'RECOUNT',
      adjustment_id: null,
      adjustment_no: null,
      available_actions: ['submit'],
    });
    expect(recount.history.map((entry) => [entry.action, entry.to_status])).toEqual([
      ['create', 'DRAFT'],
      ['count', 'DRAFT'],
      ['count', 'DRAFT'],
      ['submit', 'PENDING SA'],
      ['recount', 'RECOUNT'],
    ]);
    expect(await onHand(flour)).toBe('100.000');
  });

  it('recounted and submitted again, its adjustment approved, the stock take is COMPLETED', async () => {
    const recount = await take(takeId);
    const lineOf = (itemId: string) => recount.lines.find((line) => line.item_id === itemId)!.line_no;
    const counted = await count(takeId, recount.revision, { [lineOf(flour)]: '4', [lineOf(sugar)]: '31' });
    const submitted = await api().post(`stock-takes/${takeId}/submit`, { revision: counted.revision });
    expect(submitted.body.data).toMatchObject({ status: 'PENDING SA' });
    const sa = await adjustment(submitted.body.data.adjustment_id);
    expect(sa.lines).toEqual([expect.objectContaining({ item_id: sugar, adjustment_quantity: '1.000' })]);
    const approved = await api().post(`stock-adjustments/${sa.id}/approve`, { revision: sa.revision });
    expect(approved.status).toBe(200);
    const done = await take(takeId);
    expect(done).toMatchObject({ status: 'COMPLETED', adjustment_id: sa.id });
    expect(done.history.at(-1)).toMatchObject({ action: 'complete', to_status: 'COMPLETED', remark: sa.doc_no });
    expect(await onHand(sugar)).toBe('41.000');
    expect(await onHand(flour)).toBe('100.000');
  });

  it('a blind count hides the system quantity until submitted; nothing differs: COMPLETED at once', async () => {
    const created = await api().post('stock-takes', {
      location_id: out1,
      blind_count: true,
      items: [{ item_type: 'sku', item_id: flour }],
    });
    expect(created.status).toBe(201);
    const blind = created.body.data as TakeView;
    expect(blind.lines[0]).toMatchObject({ system_quantity: null, discrepancy: null });
    const sheet = await api().get(`stock-takes/${blind.id}/counts/sheet`).buffer(true).parse(binaryBody);
    expect(sheet.status).toBe(200);
    const [rows] = await readWorkbook(sheet.body as Buffer);
    expect(rows.rows[0]).not.toContain('System quantity');
    const counted = await count(blind.id, blind.revision, { 1: '4' });
    expect(counted.lines[0]).toMatchObject({ counted_quantity: '4.000', system_quantity: null, discrepancy: null });
    const submitted = await api().post(`stock-takes/${blind.id}/submit`, { revision: counted.revision });
    expect(submitted.body.data).toMatchObject({ status: 'COMPLETED', adjustment_id: null });
    expect(submitted.body.data.lines[0]).toMatchObject({ system_quantity: '4.000', discrepancy: '0.000' });
    // Two steps, each with its revision and history line: submitted, then completed.
    expect(submitted.body.data.revision).toBe(counted.revision + 2);
    expect(
      (submitted.body.data as TakeView).history
        .slice(-2)
        .map((entry) => [entry.action, entry.from_status, entry.to_status]),
    ).toEqual([
      ['submit', 'DRAFT', 'PENDING SA'],
      ['complete', 'PENDING SA', 'COMPLETED'],
    ]);
  });

  it('imports counts from an .xlsx, refusing the whole file when a row names an item not on the sheet', async () => {
    const created = await api().post('stock-takes', {
      location_id: out1,
      items: [
        { item_type: 'sku', item_id: sugar },
        { item_type: 'sku', item_id: flour },
      ],
    });
    const sheet = created.body.data as TakeView;
    const file = async (rows: (string | null)[][]) =>
      writeWorkbook([{ name: 'Counts', rows: [['Item ID', 'Counted quantity'], ...rows] }]);

    const bad = await request(server)
      .post(`/api/inventory/stock-takes/${sheet.id}/counts/import?revision=${sheet.revision}`)
      .set('Authorization', fx.admin)
      .set('Accept-Language', 'en')
      .attach(
        'file',
        await file([
          [sugar, '40'],
          ['NOPE', '1'],
          [flour, '-2'],
        ]),
        'counts.xlsx',
      );
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.body)).toEqual({
      'rows.3.item_id': 'NOPE is not a known, active SKU or product',
      'rows.4.counted_quantity': expect.any(String),
    });
    const zh = await request(server)
      .post(`/api/inventory/stock-takes/${sheet.id}/counts/import`)
      .set('Authorization', fx.admin)
      .set('Accept-Language', 'zh-CN')
      .attach('file', await file([['NOPE', '1']]), 'counts.xlsx');
    expect(zh.status).toBe(400);
    expect(fieldErrors(zh.body)['rows.2.item_id']).not.toBe('NOPE is not a known, active SKU or product');
    expect((await take(sheet.id)).counted_lines).toBe(0);

    const good = await request(server)
      .post(`/api/inventory/stock-takes/${sheet.id}/counts/import?revision=${sheet.revision}`)
      .set('Authorization', fx.admin)
      .attach(
        'file',
        await file([
          [sugar.toLowerCase(), '40'],
          [flour, '4'],
        ]),
        'counts.xlsx',
      );
    expect(good.status).toBe(200);
    const imported = good.body.data as TakeView;
    expect(imported.counted_lines).toBe(2);
    expect(imported.lines.map((line) => [line.item_id, line.counted_quantity, line.discrepancy])).toEqual([
      [sugar, '40.000', '-1.000'],
      [flour, '4.000', '0.000'],
    ]);

    // Its adjustment rejected: back to RECOUNT too, with the approver's remark in the history.
    const submitted = await api().post(`stock-takes/${sheet.id}/submit`, { revision: imported.revision });
    const sa = await adjustment(submitted.body.data.adjustment_id);
    expect(sa.lines).toEqual([expect.objectContaining({ item_id: sugar, adjustment_quantity: '-1.000' })]);
    const rejected = await api().post(`stock-adjustments/${sa.id}/reject`, {
      revision: sa.revision,
      remark: 'count again',
    });
    expect(rejected.status).toBe(200);
    const recount = await take(sheet.id);
    expect(recount).toMatchObject({ status: 'RECOUNT', adjustment_id: null });
    expect(recount.history.at(-1)).toMatchObject({ action: 'recount', remark: `${sa.doc_no}: count again` });
  });

  it('lists stock takes with status tabs', async () => {
    const list = await api().post('stock-takes/list', { limit: 50, other_params: { location_ids: [out1] } });
    expect(list.status).toBe(200);
    expect(list.body.recordsTotal).toBe(3);
    const counts = await api().post('stock-takes/status-counts', { other_params: {} });
    const byStatus = Object.fromEntries(
      (counts.body.data as { status: string | null; count: number }[]).map((entry) => [entry.status, entry.count]),
    );
    expect(byStatus).toEqual({ null: 3, DRAFT: 0, 'PENDING SA': 0, COMPLETED: 2, RECOUNT: 1 });

    // Another location's user sees none of them, and reads one as not found.
    const elsewhere = `Bearer ${await tokenWithPermissions(runtime, fullRights(), { locs: [fx.locations[1]] })}`;
    const foreign = await api(elsewhere).post('stock-takes/list', { limit: 50 });
    expect(foreign.body.recordsTotal).toBe(0);
    expect((await api(elsewhere).get(`stock-takes/${takeId}`)).status).toBe(404);
    const create = await api(elsewhere).post('stock-takes', {
      location_id: out1,
      items: [{ item_type: 'sku', item_id: flour }],
    });
    expect(create.status).toBe(403);
  });
});
