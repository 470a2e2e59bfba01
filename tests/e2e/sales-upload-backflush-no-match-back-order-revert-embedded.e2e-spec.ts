import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import { writeWorkbook } from '@scm/platform';
import type { Runtime, WriteCell } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, binaryBody, expectEventually, startCatalogSuite } from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PosIngestService } from '../../services/inventory/src/sales-upload/pos-ingest.service.js';
import type { PosLineInput } from '../../services/inventory/src/sales-upload/pos-ingest.service.js';
import { inventoryDb, seedStock } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import { salesCase, salesCaseExpectation, seedSalesRecipes } from './sales-upload-fixture.js';

type Server = Parameters<typeof request>[0];

interface BalanceRow {
  on_hand: string;
  stock_value: string;
  back_order_quantity: string;
}

/**
 * Sales upload (issue 14; SPEC.md §3, §4, §9), embedded mode. 50 PLUs on 3-level recipes (PLU BOM → SAUCE, a
 * non-inventorised SKU made by a SKU BOM → BASE, made by another → FLOUR, SUGAR; OIL and EGG on the way):
 * - a day of POS lines pushed twice and uploaded once more by Excel is consumed exactly once, one issue per SKU;
 * - a small Manual upload, hand-computed: no-match lines mapped (remembered) and ignored, then posted at FIFO cost,
 *   a shortfall of OIL back-ordered and settled by a later receipt; the same file again does nothing;
 * - reverting restores every balance, the settled back order's part included.
 */
describe('sales upload: backflush, no-match list, back order, revert (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let fx: StockFixture;
  let db: DataSource;
  let pos: PosIngestService;
  let outlet1: string;
  let outlet2: string;
  let skus: { flour: string; sugar: string; oil: string; egg: string };

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    fx = await seedStock(server, runtime, 'SUP');
    [outlet1, outlet2] = fx.locations;
    const send = async (path: string, body: unknown) => {
      const response = await request(server)
        .post(path)
        .set('Authorization', fx.admin)
        .send(body as object);
      if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return (response.body as { data: Record<string, string> }).data;
    };
    skus = await seedSalesRecipes(send, { ...fx.skus, categoryId: fx.categoryId }, 'SUP');
    await expectEventually(
      async () => {
        const found = await request(server)
          .get(`/api/inventory/recipes/plus?search=SUP-PLU-50`)
          .set('Authorization', fx.admin);
        expect(found.body.data.map((row: { plu_id: string }) => row.plu_id)).toContain('SUP-PLU-50');
        for (const id of Object.values(skus)) {
          const stock = await request(server)
            .get(`/api/inventory/stock/${outlet2}/sku/${id}`)
            .set('Authorization', fx.admin);
          expect(stock.status).toBe(200);
        }
      },
      { timeoutMs: 60_000 },
    );
    db = await inventoryDb(runtime);
    pos = suite.app.get(PosIngestService, { strict: false });
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await db?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  const api = {
    get: (path: string) => request(server).get(`/api/inventory/${path}`).set('Authorization', fx.admin),
    post: (path: string, body: object = {}) =>
      request(server).post(`/api/inventory/${path}`).set('Authorization', fx.admin).send(body),
  };

  async function receive(locationId: string, itemId: string, quantity: string, unitCost: string) {
    const created = await api.post('stock-adjustments', {
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
    await api.post(`stock-adjustments/${created.body.data.id}/submit`, { revision: 1 });
    expect((await api.post(`stock-adjustments/${created.body.data.id}/approve`, { revision: 2 })).status).toBe(200);
  }

  async function balance(locationId: string, itemId: string): Promise<BalanceRow> {
    const [row] = await db.query<BalanceRow[]>(
      `SELECT on_hand::text AS on_hand, stock_value::text AS stock_value,
              back_order_quantity::text AS back_order_quantity
         FROM stock_balance WHERE location_id = $1 AND item_id = $2`,
      [locationId, itemId],
    );
    return row ?? { on_hand: '0.000', stock_value: '0.0000000', back_order_quantity: '0.000' };
  }

  const upload = (query: Record<string, string>, body: Buffer) =>
    request(server)
      .post(`/api/inventory/sales-uploads/upload?${new URLSearchParams(query).toString()}`)
      .set('Authorization', fx.admin)
      .attach('file', body, 'sales.xlsx');
  const xlsx = (rows: WriteCell[][]) => writeWorkbook([{ name: 'Data', rows }]);

  it('posts a day of POS lines pushed twice and uploaded once more by Excel exactly once, one issue per SKU', async () => {
    // Plenty of stock at outlet 1: every SKU in two FIFO layers.
    for (const id of Object.values(skus)) {
      await receive(outlet1, id, '500', '2');
      await receive(outlet1, id, '500', '3');
    }
    const lines: PosLineInput[] = salesCase('SUP').map((line) => ({ ...line, epoint_date: '2026-03-05', uom: 'EA' }));
    const first = await db.transaction((manager) =>
      pos.ingest(manager, { location_id: outlet1, source: 'Epoint AutoSync', lines }),
    );
    expect(first.outcomes.every((outcome) => outcome.outcome === 'accepted')).toBe(true);
    expect(first.days).toEqual(['2026-03-05']);
    const again = await db.transaction((manager) =>
      pos.ingest(manager, { location_id: outlet1, source: 'Epoint AutoSync', lines }),
    );
    expect(again.outcomes.every((outcome) => outcome.outcome === 'duplicate')).toBe(true);
    expect(again.days).toEqual([]);

    const posted = await pos.postDay({ location_id: outlet1, value_date: '2026-03-05', source: 'Epoint AutoSync' });
    expect(posted).not.toBeNull();
    expect(await pos.postDay({ location_id: outlet1, value_date: '2026-03-05', source: 'Epoint AutoSync' })).toBeNull();

    // The same lines exported to Excel: every row a duplicate, no upload made.
    const header: WriteCell[] = ['plu_code', 'quantity', 'amount', 'sales_date', 'location_id', 'shift_code', 'uom'];
    const file = await xlsx([
      header,
      ...lines.map((line) => [
        line.stock_code,
        line.quantity,
        line.amount,
        line.epoint_date,
        outlet1,
        line.shift_code,
        line.uom,
      ]),
    ]);
    const excel = await upload({ source: 'Epoint Excel Upload', location_id: outlet1, value_date: '2026-03-05' }, file);
    expect(excel.status).toBe(201);
    expect(excel.body.data).toMatchObject({ duplicate_file: false, uploads: [], duplicate_rows: lines.length });

    const view = await api.get(`sales-uploads/${posted!.su_id}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ status: 'POSTED', source: 'Epoint AutoSync', value_date: '2026-03-05' });
    expect(view.body.data.lines).toHaveLength(50);
    const expected = salesCaseExpectation('SUP', skus);
    // One movement line per SKU, each SKU consumed exactly once, the quantity the recipes give.
    const moved = await db.query<{ item_id: string; quantity: string; lines: number }[]>(
      `SELECT item_id, (-sum(quantity))::text AS quantity, count(DISTINCT line_no)::int AS lines
         FROM stock_movement WHERE document_type = 'SU' AND document_id = $1 GROUP BY item_id ORDER BY item_id`,
      [posted!.su_id],
    );
    expect(Object.fromEntries(moved.map((row) => [row.item_id, row.quantity]))).toEqual(expected);
    expect(moved.every((row) => row.lines === 1)).toBe(true);
    // At FIFO cost: every SKU's total fits in its oldest layer (500 KG at 2).
    expect(
      Object.fromEntries(
        view.body.data.consumption.map((row: Record<string, string>) => [row.sku_id, row.consumed_value]),
      ),
    ).toEqual(
      Object.fromEntries(Object.entries(expected).map(([id, quantity]) => [id, (Number(quantity) * 2).toFixed(2)])),
    );
    const postings = await db.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM stock_posting WHERE document_type = 'SU' AND document_id = $1`,
      [posted!.su_id],
    );
    expect(postings[0].count).toBe(1);
    const records = await db.query<{ status: string; count: number }[]>(
      `SELECT status, count(*)::int AS count FROM epoint_record WHERE location_id = $1 GROUP BY status`,
      [outlet1],
    );
    expect(records).toEqual([{ status: 'POSTED', count: lines.length }]);
  });

  it('uploads a hand-computed day by Excel: no-match lines mapped and ignored, FIFO cost, OIL back-ordered', async () => {
    // Outlet 2: FLOUR 1 KG at 2 then 10 at 3; SUGAR 5 at 1.5; OIL 1 at 4 (short); EGG 10 at 0.4.
    await receive(outlet2, skus.flour, '1', '2');
    await receive(outlet2, skus.flour, '10', '3');
    await receive(outlet2, skus.sugar, '5', '1.5');
    await receive(outlet2, skus.oil, '1', '4');
    await receive(outlet2, skus.egg, '10', '0.4');
    const template = await api.get('sales-uploads/template?lang=zh-CN');
    expect(template.status).toBe(200);

    const wrong = await upload(
      { source: 'Manual', location_id: outlet2, value_date: '2026-03-06' },
      await xlsx([
        ['plu_code', 'quantity', 'amount', 'sales_date'],
        ['SUP-PLU-01', 'abc', '10', '2026-03-06'],
        ['', '1', '-2', '2026-02-30'],
      ]),
    );
    expect(wrong.status).toBe(400);
    const fields = (wrong.body.errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(['rows.2.quantity', 'rows.3.amount', 'rows.3.plu_code', 'rows.3.sales_date']);

    // PLU-01 × 10 (two rows), PLU-03 × 5, POS-03 × 2 (a POS code for PLU-03), TIPS × 1 (not a PLU).
    const file = await xlsx([
      ['PLU code', 'Quantity', 'Amount', 'Sales date', 'Location'],
      ['SUP-PLU-01', '6', '30', '2026-03-06', outlet2],
      ['SUP-PLU-01', '4', '20', '', ''],
      ['SUP-PLU-03', '5', '40', '2026-03-06', outlet2],
      ['POS-03', '2', '16', '2026-03-06', outlet2],
      ['TIPS', '1', '5', '2026-03-06', outlet2],
    ]);
    const made = await upload({ source: 'Manual', location_id: outlet2, value_date: '2026-03-06' }, file);
    expect(made.status).toBe(201);
    expect(made.body.data.uploads).toHaveLength(1);
    const [ref] = made.body.data.uploads as { id: string; status: string; unmatched: number }[];
    expect(ref).toMatchObject({ status: 'PENDING MATCH', unmatched: 2 });
    // The file it was made from downloads as uploaded.
    const kept = await request(server)
      .get(`/api/inventory/sales-uploads/${ref.id}/file`)
      .set('Authorization', fx.admin)
      .buffer(true)
      .parse(binaryBody);
    expect([kept.status, kept.headers['content-disposition']]).toEqual([200, expect.stringContaining('sales.xlsx')]);
    expect((kept.body as Buffer).equals(file)).toBe(true);
    let view = (await api.get(`sales-uploads/${ref.id}`)).body.data;
    expect(
      view.lines.map((line: Record<string, unknown>) => [line.plu_code, line.status, line.reason, line.quantity]),
    ).toEqual([
      ['POS-03', 'UNMATCHED', 'PLU_UNKNOWN', '2.000'],
      ['SUP-PLU-01', 'MATCHED', null, '10.000'],
      ['SUP-PLU-03', 'MATCHED', null, '5.000'],
      ['TIPS', 'UNMATCHED', 'PLU_UNKNOWN', '1.000'],
    ]);
    expect((await api.post(`sales-uploads/${ref.id}/post`, { revision: view.revision })).status).toBe(400);

    // A PLU that does not exist is refused; then POS-03 is PLU-03 (remembered), TIPS ignored: it posts.
    const bad = await api.post(`sales-uploads/${ref.id}/lines/1/map`, { revision: view.revision, plu_id: 'NOPE' });
    expect(bad.status).toBe(400);
    const mapped = await api.post(`sales-uploads/${ref.id}/lines/1/map`, {
      revision: view.revision,
      plu_id: 'sup-plu-03',
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body.data.status).toBe('PENDING MATCH');
    const ignored = await api.post(`sales-uploads/${ref.id}/lines/4/ignore`, { revision: mapped.body.data.revision });
    expect(ignored.status).toBe(200);
    view = ignored.body.data;
    expect(view.status).toBe('POSTED');

    // SAUCE 10 × 0.2 + 7 × 0.4 = 4.8 KG → FLOUR 4.8 × 0.275 = 1.32, SUGAR 4.8 × 0.125 = 0.6, OIL 4.8 × 0.25 = 1.2;
    // EGG 17 × 0.05 = 0.85. FIFO: FLOUR 1 × 2 + 0.32 × 3 = 2.96; SUGAR 0.9; OIL 1 × 4 (0.2 back-ordered); EGG 0.34.
    expect(
      view.consumption.map((row: Record<string, string>) => [
        row.sku_id,
        row.quantity,
        row.issued_quantity,
        row.back_ordered_quantity,
        row.consumed_value,
      ]),
    ).toEqual([
      [skus.egg, '0.850', '0.850', '0.000', '0.34'],
      [skus.flour, '1.320', '1.320', '0.000', '2.96'],
      [skus.oil, '1.200', '1.000', '0.200', '4.00'],
      [skus.sugar, '0.600', '0.600', '0.000', '0.90'],
    ]);
    expect(view.issue_value).toBe('8.20');
    expect(view.back_order_nos).toHaveLength(1);
    expect(await balance(outlet2, skus.flour)).toEqual({
      on_hand: '9.680',
      stock_value: '29.0400000',
      back_order_quantity: '0.000',
    });
    expect(await balance(outlet2, skus.oil)).toEqual({
      on_hand: '0.000',
      stock_value: '0.0000000',
      back_order_quantity: '-0.200',
    });
    const mapping = await db.query(`SELECT pos_code, plu_id FROM sales_upload_plu_mapping`);
    expect(mapping).toEqual([{ pos_code: 'POS-03', plu_id: 'SUP-PLU-03' }]);

    // The same file again: nothing done, and said so.
    const same = await upload({ source: 'Manual', location_id: outlet2, value_date: '2026-03-06' }, file);
    expect(same.status).toBe(201);
    expect(same.body.data).toMatchObject({ duplicate_file: true, uploads: [{ id: ref.id, status: 'POSTED' }] });
    const count = await db.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM sales_upload`);
    expect(count[0].count).toBe(2);

    // A later receipt of OIL 5 at 6 settles the back order: 0.2 of it goes to the back order at 6.
    await receive(outlet2, skus.oil, '5', '6');
    expect(await balance(outlet2, skus.oil)).toEqual({
      on_hand: '4.800',
      stock_value: '28.8000000',
      back_order_quantity: '0.000',
    });
    const [backOrder] = await db.query<{ status: string; settled_value: string }[]>(
      `SELECT status, settled_value::text AS settled_value FROM back_order WHERE document_id = $1`,
      [ref.id],
    );
    expect(backOrder).toEqual({ status: 'SETTLED', settled_value: '1.2000000' });

    // The next upload's POS-03 is matched by the remembered mapping.
    const next = await upload(
      { source: 'Manual', location_id: outlet2, value_date: '2026-03-07' },
      await xlsx([
        ['plu_code', 'quantity', 'amount'],
        ['POS-03', '1', '8'],
      ]),
    );
    expect(next.body.data.uploads[0]).toMatchObject({ status: 'POSTED', unmatched: 0 });
    const nextView = (await api.get(`sales-uploads/${next.body.data.uploads[0].id as string}`)).body.data;
    expect(nextView.lines[0]).toMatchObject({ plu_code: 'POS-03', plu_id: 'SUP-PLU-03', status: 'MATCHED' });
    // Reverted at once: OIL 0.1 of it was taken at 6 (settled from the 5 @ 6).
    const undone = await api.post(`sales-uploads/${nextView.id as string}/revert`, {
      revision: nextView.revision,
      remark: 'test',
    });
    expect(undone.status).toBe(200);
    expect(undone.body.data.status).toBe('REVERTED');

    // Reverting the first upload restores every balance of outlet 2, the settled back order's 0.2 OIL included.
    const revert = await api.post(`sales-uploads/${ref.id}/revert`, { revision: view.revision });
    expect(revert.status).toBe(400);
    const reverted = await api.post(`sales-uploads/${ref.id}/revert`, { revision: view.revision, remark: 'wrong day' });
    expect(reverted.status).toBe(200);
    expect(reverted.body.data.status).toBe('REVERTED');
    expect(await balance(outlet2, skus.flour)).toEqual({
      on_hand: '11.000',
      stock_value: '32.0000000',
      back_order_quantity: '0.000',
    });
    expect(await balance(outlet2, skus.sugar)).toEqual({
      on_hand: '5.000',
      stock_value: '7.5000000',
      back_order_quantity: '0.000',
    });
    expect(await balance(outlet2, skus.oil)).toEqual({
      on_hand: '6.000',
      stock_value: '34.0000000',
      back_order_quantity: '0.000',
    });
    expect(await balance(outlet2, skus.egg)).toEqual({
      on_hand: '10.000',
      stock_value: '4.0000000',
      back_order_quantity: '0.000',
    });
    // Reverted: the file may be uploaded again.
    const again = await upload({ source: 'Manual', location_id: outlet2, value_date: '2026-03-06' }, file);
    expect(again.body.data.duplicate_file).toBe(false);
  });

  it('cancels the open back orders of a reverted upload', async () => {
    // PLU-01 × 1000: SAUCE 200 KG → FLOUR 55 KG, far more than outlet 2 holds: back-ordered.
    const [open] = await db.query<{ bo: string }[]>(
      `SELECT count(*)::text AS bo FROM back_order WHERE location_id = $1 AND status = 'OPEN'`,
      [outlet2],
    );
    expect(open.bo).toBe('0');
    const big = await upload(
      { source: 'Manual', location_id: outlet2, value_date: '2026-03-08' },
      await xlsx([
        ['plu_code', 'quantity', 'amount'],
        ['SUP-PLU-01', '1000', '5000'],
      ]),
    );
    const id = big.body.data.uploads[0].id as string;
    const view = (await api.get(`sales-uploads/${id}`)).body.data;
    expect(view.status).toBe('POSTED');
    const before = await balance(outlet2, skus.flour);
    expect(Number(before.back_order_quantity)).toBeLessThan(0);
    const reverted = await api.post(`sales-uploads/${id}/revert`, { revision: view.revision, remark: 'double' });
    expect(reverted.status).toBe(200);
    const statuses = await db.query<{ status: string }[]>(
      `SELECT DISTINCT status FROM back_order WHERE document_id = $1`,
      [id],
    );
    expect(statuses).toEqual([{ status: 'CANCELLED' }]);
    // The back-order list gives them a status tab of their own, counted, not only a place under "All".
    const counts = await api.post('back-orders/status-counts', {});
    expect(counts.status).toBe(200);
    const cancelled = (counts.body.data as { status: string | null; count: number }[]).find(
      (tab) => tab.status === 'CANCELLED',
    );
    const [stored] = await db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM back_order WHERE status = 'CANCELLED'`,
    );
    expect(stored.n).toBeGreaterThan(0);
    expect(cancelled?.count).toBe(stored.n);
    const after = await balance(outlet2, skus.flour);
    expect(after.back_order_quantity).toBe('0.000');
  });
});
