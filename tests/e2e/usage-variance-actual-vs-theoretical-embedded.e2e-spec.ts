import 'reflect-metadata';
import { businessDate } from '@scm/contracts';
import type { StockPostingRequest } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { inventoryService } from '@scm/inventory';
import { inTransaction } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, expectEventually, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import request from 'supertest';
import { StockLedger } from '../../services/inventory/src/ledger/stock-ledger.js';
import { PosIngestService } from '../../services/inventory/src/sales-upload/pos-ingest.service.js';
import { inventoryDb, seedStock } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];
type Row = Record<string, unknown>;

/** The business date `days` away from today (negative: before). */
function day(days: number): string {
  const date = new Date(`${businessDate()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Usage variance through the gateway (issue 14), with every figure computed by hand. Stock posted by the ledger
 * (receipts RO, sales issues SU as the sales upload posts them, a transfer's two legs SR) in posting order = FIFO
 * order, then a stock take counted through the API and its adjustment approved. D is today; the period D−20..D.
 * FLOUR and SUGAR are kept in KG (FLOUR counted in BAG of 25 KG).
 *
 *   OUT1 FLOUR  D−40 RO +100 @ 2 (batch A)                  opening 100 KG, 200.00
 *               D−15 RO +50 @ 3 (batch B)                   receipts 50, 150.00
 *               D−10 SU −60: A 60 @ 2 = 120.00              theoretical
 *               D−9  SU −10: A 10 @ 2 = 20.00, then reverted (SU +10 @ 2): nets out
 *               D−8  SR −20 dispatched: A 20 @ 2 = 40.00     transfers out 20, 40.00
 *               today stock take counts 2.6 BAG = 65 KG against 70: its adjustment −5 from A = 10.00
 *               closing 65 KG, 180.00 (count)
 *               actual 100 + 50 − 20 − 65 = 65 KG, 200 + 150 − 40 − 180 = 130.00; theoretical 60 KG, 120.00;
 *               variance 5 KG, 10.00, 8.33 %
 *   OUT2 FLOUR  D−8 SR +20 arrives @ 2 (40.00), D−3 SU −12 = 24.00: closing 8, 16.00; actual = theoretical = 12
 *   OUT1 SUGAR  D−30 RO +40 @ 1.5 (opening 60.00), D−6 SU −10 = 15.00: closing 30, 45.00; variance 0
 *   OUT2 SUGAR  D−7 SU −4 with nothing there: a back order; D−2 RO +10 @ 1 settles it (SO −4 = 4.00);
 *               then the real sales-upload path (POS lines ingested, the day posted through the recipes): a dish
 *               made with 0.5 KG of SUGAR, 4 sold on D−1 (2 KG = 2.00), 2 sold on D−2 (1 KG) and that upload
 *               reverted today (its issue received back at its cost: it nets out)
 *               receipts 10, 10.00; closing 4, 4.00; actual 6 = theoretical 4 + 2 (settlement and sale), 6.00
 */
describe('usage variance: actual vs theoretical usage per SKU and location (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let fx: StockFixture;
  let out1: string;
  let out2: string;
  let flour: string;
  let sugar: string;
  let countNo: string;
  let countDate: string;

  const list = (body: object, auth = fx.admin) =>
    request(server).post('/api/inventory/usage-variance/list').set('Authorization', auth).send(body);

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    fx = await seedStock(server, runtime, 'UV');
    [out1, out2] = fx.locations;
    ({ flour, sugar } = fx.skus);

    const ledger = suite.app.select(inventoryService.module).get(StockLedger);
    const db = await inventoryDb(runtime);
    const post = (request_: Omit<StockPostingRequest, 'allow_negative'> & { allow_negative?: boolean }) =>
      inTransaction(db, (manager) =>
        ledger.post(manager, { allow_negative: false, ...request_ }, { id: null, name: 'e2e' }),
      );
    const line = (itemId: string, location: string, quantity: string, extra: object = {}) => ({
      line_no: 1,
      item_type: 'sku' as const,
      item_id: itemId,
      location_id: location,
      quantity,
      ...extra,
    });
    const doc = (type: StockPostingRequest['document_type'], id: string, date: string, revision = 1) => ({
      document_type: type,
      document_id: id,
      document_no: `${type}-${id}`,
      revision,
      value_date: date,
    });
    try {
      await post({ ...doc('RO', 'UV-R1', day(-40)), lines: [line(flour, out1, '100', { unit_cost: '2' })] });
      await post({ ...doc('RO', 'UV-R2', day(-30)), lines: [line(sugar, out1, '40', { unit_cost: '1.5' })] });
      await post({ ...doc('RO', 'UV-R3', day(-15)), lines: [line(flour, out1, '50', { unit_cost: '3' })] });
      await post({ ...doc('SU', 'UV-S1', day(-10)), lines: [line(flour, out1, '-60')] });
      await post({ ...doc('SU', 'UV-S2', day(-9)), lines: [line(flour, out1, '-10')] });
      // The upload reverted: its issue posted back at the cost it left at.
      await post({ ...doc('SU', 'UV-S2', day(-9), 2), lines: [line(flour, out1, '10', { unit_cost: '2' })] });
      await post({ ...doc('SR', 'UV-T1', day(-8)), lines: [line(flour, out1, '-20', { transit: 'dispatch' })] });
      await post({ ...doc('SR', 'UV-T1', day(-8), 2), lines: [line(flour, out2, '20', { transit: 'arrive' })] });
      await post({
        ...doc('SU', 'UV-S3', day(-7)),
        allow_negative: true,
        lines: [line(sugar, out2, '-4')],
      });
      await post({ ...doc('SU', 'UV-S4', day(-6)), lines: [line(sugar, out1, '-10')] });
      await post({ ...doc('SU', 'UV-S5', day(-3)), lines: [line(flour, out2, '-12')] });
      await post({ ...doc('RO', 'UV-R4', day(-2)), lines: [line(sugar, out2, '10', { unit_cost: '1' })] });
    } finally {
      await db.destroy();
    }

    // The sales upload's own path: a dish on a PLU BOM of 0.5 KG SUGAR, its POS lines ingested and the days posted.
    const send = async (path: string, body: object) => {
      const response = await request(server).post(path).set('Authorization', fx.admin).send(body);
      expect(response.status).toBe(201);
      return response.body.data as Record<string, string>;
    };
    const pluBoms = await send('/api/catalog/item-categories/plu-bom', { category_name: 'Menu UV' });
    const plus = await send('/api/catalog/item-categories/plu', { category_name: 'Dishes UV' });
    await send('/api/catalog/plu-boms', {
      bom_id: 'UV-DISH-BOM',
      bom_name: 'Sweet dish UV',
      output_quantity: '1',
      output_uom_name: 'KG',
      category_id: pluBoms.category_id,
      consume_sku_list: [{ sku_id: sugar, quantity_per_uom: '0.5', uom_name: 'KG', wastage_percentage: '0' }],
    });
    await send('/api/catalog/plus', {
      plu_id: 'UV-DISH',
      plu_name: 'Sweet dish UV',
      ch_display_name: '甜品',
      suggested_price: '4.5',
      category_id: plus.category_id,
      bom_type: 'existing',
      bom_id: 'UV-DISH-BOM',
    });
    await expectEventually(
      async () => {
        const found = await request(server)
          .get('/api/inventory/recipes/plus?search=UV-DISH')
          .set('Authorization', fx.admin);
        expect(found.body.data.map((row: { plu_id: string }) => row.plu_id)).toContain('UV-DISH');
      },
      { timeoutMs: 60_000 },
    );
    const pos = suite.app.get(PosIngestService, { strict: false });
    const sell = async (date: string, quantity: string) => {
      const posDb = await inventoryDb(runtime);
      try {
        await posDb.transaction((manager) =>
          pos.ingest(manager, {
            location_id: out2,
            source: 'Epoint AutoSync',
            lines: [{ shift_code: 'S1', stock_code: 'UV-DISH', quantity, amount: '9', epoint_date: date, uom: 'EA' }],
          }),
        );
      } finally {
        await posDb.destroy();
      }
      const posted = await pos.postDay({ location_id: out2, value_date: date, source: 'Epoint AutoSync' });
      expect(posted).not.toBeNull();
      return posted!.su_id;
    };
    await sell(day(-1), '4');
    const reverted = await sell(day(-2), '2');
    const upload = await request(server).get(`/api/inventory/sales-uploads/${reverted}`).set('Authorization', fx.admin);
    const revert = await request(server)
      .post(`/api/inventory/sales-uploads/${reverted}/revert`)
      .set('Authorization', fx.admin)
      .send({ revision: upload.body.data.revision, remark: 'wrong day' });
    expect(revert.status).toBe(200);

    // The stock take of OUT1's FLOUR: counted 2.6 BAG (65 KG) against 70 KG, its adjustment approved.
    const api = (method: 'post' | 'put', path: string, body: object) =>
      request(server)[method](`/api/inventory/${path}`).set('Authorization', fx.admin).send(body);
    const created = await api('post', 'stock-takes', {
      location_id: out1,
      items: [{ item_type: 'sku', item_id: flour }],
    });
    expect(created.status).toBe(201);
    const take = created.body.data as { id: string; doc_no: string; revision: number; effective_time: string };
    countNo = take.doc_no;
    countDate = new Date(take.effective_time).toISOString().slice(0, 10);
    const counted = await api('put', `stock-takes/${take.id}/counts`, {
      revision: take.revision,
      lines: [{ line_no: 1, counted_quantity: '2.6' }],
    });
    expect(counted.status).toBe(200);
    const submitted = await api('post', `stock-takes/${take.id}/submit`, { revision: counted.body.data.revision });
    expect(submitted.status).toBe(200);
    const adjustmentId = submitted.body.data.adjustment_id as string;
    const sa = await request(server)
      .get(`/api/inventory/stock-adjustments/${adjustmentId}`)
      .set('Authorization', fx.admin);
    const approved = await api('post', `stock-adjustments/${adjustmentId}/approve`, {
      revision: sa.body.data.revision,
    });
    expect(approved.status).toBe(200);
  }, SUITE_HOOK_TIMEOUT_MS * 2);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  const FIGURES = [
    'location_id',
    'item_id',
    'opening_quantity',
    'opening_value',
    'receipts_quantity',
    'receipts_value',
    'transfers_in_quantity',
    'transfers_in_value',
    'transfers_out_quantity',
    'transfers_out_value',
    'closing_quantity',
    'closing_value',
    'closing_source',
    'actual_quantity',
    'actual_value',
    'theoretical_quantity',
    'theoretical_value',
    'variance_quantity',
    'variance_value',
    'variance_pct',
  ];
  const figures = (row: Row) => FIGURES.map((name) => row[name]);

  it('answers the hand-computed figures, top value variance first', async () => {
    const response = await list({ limit: 50, other_params: { from: day(-20), to: day(0) } });
    expect(response.status).toBe(200);
    expect(response.body.recordsTotal).toBe(4);
    const rows = response.body.data as Row[];
    // OUT1 FLOUR (10.00) first; the others vary by nothing: then by the key (SKU, location), in the same direction.
    expect(rows.map(figures)).toEqual([
      // prettier-ignore
      [out1, flour, '100.000', '200.00', '50.000', '150.00', '0.000', '0.00', '20.000', '40.00', '65.000', '180.00', 'count',
        '65.000', '130.00', '60.000', '120.00', '5.000', '10.00', '8.33'],
      // prettier-ignore
      [out2, sugar, '0.000', '0.00', '10.000', '10.00', '0.000', '0.00', '0.000', '0.00', '4.000', '4.00', 'ledger',
        '6.000', '6.00', '6.000', '6.00', '0.000', '0.00', '0.00'],
      // prettier-ignore
      [out1, sugar, '40.000', '60.00', '0.000', '0.00', '0.000', '0.00', '0.000', '0.00', '30.000', '45.00', 'ledger',
        '10.000', '15.00', '10.000', '15.00', '0.000', '0.00', '0.00'],
      // prettier-ignore
      [out2, flour, '0.000', '0.00', '0.000', '0.00', '20.000', '40.00', '0.000', '0.00', '8.000', '16.00', 'ledger',
        '12.000', '24.00', '12.000', '24.00', '0.000', '0.00', '0.00'],
    ]);
    expect(rows[0]).toMatchObject({
      count_no: countNo,
      count_date: countDate,
      counted_quantity: '65.000',
      uom_name: 'KG',
      period_from: day(-20),
      period_to: day(0),
      location_name: `Outlet ${out1}`,
      category_name: 'Dry UV',
    });
    expect(rows[3]).toMatchObject({ count_no: null, count_date: null, counted_quantity: null });
  });

  it('closes a period before the count on the ledger balance of its last day (later movements left out)', async () => {
    const response = await list({
      limit: 50,
      other_params: { from: day(-20), to: day(-9), location_ids: [out1] },
      search_str: flour,
    });
    expect(response.status).toBe(200);
    expect((response.body.data as Row[]).map(figures)).toEqual([
      // prettier-ignore
      [out1, flour, '100.000', '200.00', '50.000', '150.00', '0.000', '0.00', '0.000', '0.00', '90.000', '230.00', 'ledger',
        '60.000', '120.00', '60.000', '120.00', '0.000', '0.00', '0.00'],
    ]);
  });

  it('sums what every page selects; filters by category; refuses a period ending before it starts', async () => {
    const total = await request(server)
      .post('/api/inventory/usage-variance/total')
      .set('Authorization', fx.admin)
      .send({ limit: 1, other_params: { from: day(-20), to: day(0) } });
    expect(total.status).toBe(200);
    expect(total.body.data).toEqual({
      period_from: day(-20),
      period_to: day(0),
      rows: 4,
      actual_value: '175.00',
      theoretical_value: '165.00',
      variance_value: '10.00',
    });
    const category = await list({
      limit: 50,
      other_params: { from: day(-20), to: day(0), category_id: fx.categoryId },
    });
    expect(category.body.recordsTotal).toBe(4);
    const refused = await list({ limit: 50, other_params: { from: day(0), to: day(-1) } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('other_params.from');
  });

  it('shows a REPORT reader without can_see_cost only their location, no value field, top quantity variance first', async () => {
    const auth = `Bearer ${await tokenWithPermissions(
      runtime,
      [{ permission: { key: 'REPORT' }, view: true, edit: false, approval: false }],
      { locs: [out2], cost: false },
    )}`;
    const response = await list({ limit: 50, other_params: { from: day(-20), to: day(0) } }, auth);
    expect(response.status).toBe(200);
    const rows = response.body.data as Row[];
    expect(rows.map((row) => [row.location_id, row.item_id, row.actual_quantity, row.theoretical_quantity])).toEqual([
      [out2, sugar, '6.000', '6.000'],
      [out2, flour, '12.000', '12.000'],
    ]);
    expect(Object.keys(rows[0]).filter((key) => key.endsWith('_value'))).toEqual([]);
    const sorted = await list(
      {
        limit: 50,
        other_params: { from: day(-20), to: day(0) },
        order_by: [{ column: 'variance_value', sort_type: 'DESC' }],
      },
      auth,
    );
    expect(sorted.status).toBe(400);
    const none = `Bearer ${await tokenWithPermissions(runtime, [], { locs: [out2], cost: false })}`;
    expect((await list({ limit: 50 }, none)).status).toBe(403);
  });
});
