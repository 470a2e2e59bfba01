import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  expectEventually,
  fieldErrors,
  fullRights,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import request from 'supertest';
import {
  addApprover,
  inventoryDb,
  seedStock,
  skuBody,
} from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];

/**
 * A stock adjustment through the gateway (SPEC.md §3-§5, docs/stock-ledger.md): receipts at two prices approved
 * and posted, then a write-off taking named batches; every SPEC.md §5 refusal; a stale revision, a wrong action,
 * the approval limit and the no-self-approval rule; an approval the ledger refuses changes nothing.
 */
describe('stock adjustment: batches selected, approved and posted (embedded mode)', () => {
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
    fx = await seedStock(server, runtime, 'SA');
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

  const draft = (lines: object[], extra: object = {}) => ({
    location_id: out1,
    value_date: '2026-01-05',
    remark: 'counted shelf',
    lines,
    ...extra,
  });

  async function created(body: object) {
    const response = await api().post('stock-adjustments', body);
    expect(response.status).toBe(201);
    return response.body.data as { id: string; revision: number; doc_no: string; status: string };
  }

  async function act(id: string, action: string, revision: number, auth = fx.admin, remark?: string) {
    return api(auth).post(`stock-adjustments/${id}/${action}`, { revision, ...(remark && { remark }) });
  }

  async function stockOf(itemId: string) {
    const response = await api().get(`stock/${out1}/sku/${itemId}`);
    expect(response.status).toBe(200);
    return response.body.data as {
      on_hand: string;
      batches: { batch_id: string; remaining_quantity: string; unit_cost: string; received_quantity: string }[];
    };
  }

  let cheapBatch: string;
  let dearBatch: string;

  it('receives 2 BAG at $50 a bag and 10 KG at $3 a kg: two layers, 60 KG worth $130', async () => {
    const adjustment = await created(
      draft([
        {
          item_type: 'sku',
          item_id: flour,
          uom_name: 'bag',
          adjustment_quantity: '2',
          reason: 'OTHERS',
          unit_cost: '50',
        },
        { item_type: 'sku', item_id: flour, uom_name: 'KG', adjustment_quantity: 10, reason: 'OTHERS', unit_cost: '3' },
      ]),
    );
    expect(adjustment).toMatchObject({ status: 'DRAFT', revision: 1, doc_no: `SA-${out1}-000001` });
    expect((adjustment as unknown as { available_actions: string[] }).available_actions.sort()).toEqual([
      'discard',
      'submit',
    ]);
    const submitted = await act(adjustment.id, 'submit', 1);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'PENDING APPROVAL', revision: 2, positive_value: '130.00' });
    const approved = await act(adjustment.id, 'approve', 2);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'APPROVED', revision: 3, positive_value: '130.00' });
    expect(approved.body.data.lines[0]).toMatchObject({ uom_name: 'BAG', adjustment_value: '100.00' });
    expect(approved.body.data.history.map((entry: { action: string }) => entry.action)).toEqual([
      'create',
      'submit',
      'approve',
    ]);

    const stock = await stockOf(flour);
    expect(stock.on_hand).toBe('60.000');
    expect(stock.batches.map((batch) => [batch.remaining_quantity, batch.unit_cost])).toEqual([
      ['50.000', '2.0000'],
      ['10.000', '3.0000'],
    ]);
    [cheapBatch, dearBatch] = stock.batches.map((batch) => batch.batch_id);
  });

  it('writes off 15 KG from the named batches (10 of the $3 layer, 5 of the $2 one), not the oldest first', async () => {
    const adjustment = await created(
      draft([
        {
          item_type: 'sku',
          item_id: flour,
          uom_name: 'KG',
          adjustment_quantity: '-15',
          reason: 'DAMAGED',
          batches: [
            { batch_id: dearBatch, quantity: '10' },
            { batch_id: cheapBatch, quantity: '5' },
          ],
        },
      ]),
    );
    const view = (await api().get(`stock-adjustments/${adjustment.id}`)).body.data;
    // The preview: 60 KG now, 45 after; the value from the batches' costs.
    expect(view.lines[0]).toMatchObject({ on_hand: '60.000', after_adjust: '45.000', adjustment_value: '-40.00' });
    expect(view.lines[0].batches.map((batch: { unit_cost: string }) => batch.unit_cost)).toEqual(['3.0000', '2.0000']);
    await act(adjustment.id, 'submit', 1);
    const approved = await act(adjustment.id, 'approve', 2);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'APPROVED', negative_value: '-40.00', positive_value: '0.00' });
    // Approved: in on hand already, nothing more to come.
    expect(approved.body.data.lines[0]).toMatchObject({ on_hand: '45.000', after_adjust: '45.000' });

    const stock = await stockOf(flour);
    expect(stock.on_hand).toBe('45.000');
    expect(stock.batches.map((batch) => [batch.batch_id, batch.remaining_quantity])).toEqual([[cheapBatch, '45.000']]);
    const overview = await api().post('overview/list', {
      other_params: { locations: [out1] },
      search_str: flour,
      limit: 10,
    });
    expect(overview.status).toBe(200);
    expect(overview.body.data).toEqual([
      expect.objectContaining({ item_id: flour, on_hand: '45.000', stock_value: expect.stringMatching(/^90(\.0+)?$/) }),
    ]);
  });

  it('refuses to submit a positive line without a unit price, a negative one without batches or with the wrong sum (SPEC.md §5)', async () => {
    const adjustment = await created(
      draft([
        { item_type: 'sku', item_id: sugar, uom_name: 'KG', adjustment_quantity: '4', reason: 'OTHERS' },
        { item_type: 'sku', item_id: flour, uom_name: 'KG', adjustment_quantity: '-3', reason: 'LOSS' },
        {
          item_type: 'sku',
          item_id: flour,
          uom_name: 'KG',
          adjustment_quantity: '-2',
          reason: 'EXPIRED',
          batches: [{ batch_id: cheapBatch, quantity: '1.5' }],
        },
      ]),
    );
    const refused = await act(adjustment.id, 'submit', 1);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INVENTORY_UNIT_PRICE_REQUIRED');
    expect(refused.body.message).toBe(`A positive adjustment needs a unit price (Sugar SA (${sugar}))`);
    expect(fieldErrors(refused.body)).toEqual({
      'lines.0.unit_cost': `A positive adjustment needs a unit price (Sugar SA (${sugar}))`,
      'lines.1.batches': `Please select a batch before submitting (Flour SA (${flour}))`,
      'lines.2.batches': `The sum of batch quantities must equal the target quantity (Flour SA (${flour}): 1.500 selected, 2.000 needed)`,
    });
    const zh = await api()
      .post(`stock-adjustments/${adjustment.id}/submit`, { revision: 1 })
      .set('Accept-Language', 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.message).not.toBe(refused.body.message);

    // Nothing moved: still a draft at its revision.
    const view = (await api().get(`stock-adjustments/${adjustment.id}`)).body.data;
    expect(view).toMatchObject({ status: 'DRAFT', revision: 1 });
  });

  it('refuses on save a reason of the other item type, a unit or an item the ledger does not know', async () => {
    const remounting = await api().post(
      'stock-adjustments',
      draft([{ item_type: 'sku', item_id: sugar, uom_name: 'KG', adjustment_quantity: '1', reason: 'REMOUNTING' }]),
    );
    expect(remounting.status).toBe(400);
    expect(fieldErrors(remounting.body)).toEqual({ 'lines.0.reason': 'Invalid value' });
    const unit = await api().post(
      'stock-adjustments',
      draft([{ item_type: 'sku', item_id: sugar, uom_name: 'BAG', adjustment_quantity: '1', reason: 'LOSS' }]),
    );
    expect(unit.status).toBe(400);
    expect(unit.body.code).toBe('INVENTORY_UNIT_UNKNOWN');
    const item = await api().post(
      'stock-adjustments',
      draft([{ item_type: 'product', item_id: 'NO-SUCH', uom_name: 'PCS', adjustment_quantity: '1', reason: 'LOSS' }]),
    );
    expect(item.status).toBe(400);
    expect(item.body.code).toBe('INVENTORY_ITEM_UNKNOWN');
    // What the columns cannot hold, and a date the calendar does not have, are the caller's errors (never a 500).
    const huge = await api().post(
      'stock-adjustments',
      draft(
        [{ item_type: 'sku', item_id: sugar, uom_name: 'KG', adjustment_quantity: '9999999999999999', reason: 'LOSS' }],
        { value_date: '2026-01-05' },
      ),
    );
    expect(huge.status).toBe(400);
    expect(Object.keys(fieldErrors(huge.body))).toEqual(['lines.0.adjustment_quantity']);
    const february30 = await api().post(
      'stock-adjustments',
      draft([{ item_type: 'sku', item_id: sugar, uom_name: 'KG', adjustment_quantity: '1', reason: 'LOSS' }], {
        value_date: '2026-02-30',
      }),
    );
    expect(february30.status).toBe(400);
    expect(Object.keys(fieldErrors(february30.body))).toEqual(['value_date']);
    expect(fieldErrors(item.body)).toHaveProperty(['lines.0.item_id']);
  });

  it('refuses a stale revision and an action the status does not allow', async () => {
    const adjustment = await created(
      draft([
        {
          item_type: 'sku',
          item_id: sugar,
          uom_name: 'KG',
          adjustment_quantity: '1',
          reason: 'OTHERS',
          unit_cost: '1',
        },
      ]),
    );
    const edited = await api().put(
      `stock-adjustments/${adjustment.id}`,
      draft(
        [
          {
            item_type: 'sku',
            item_id: sugar,
            uom_name: 'KG',
            adjustment_quantity: '2',
            reason: 'OTHERS',
            unit_cost: '1',
          },
        ],
        { revision: 1 },
      ),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ revision: 2, positive_value: '2.00' });
    const stale = await api().put(
      `stock-adjustments/${adjustment.id}`,
      draft(
        [
          {
            item_type: 'sku',
            item_id: sugar,
            uom_name: 'KG',
            adjustment_quantity: '3',
            reason: 'OTHERS',
            unit_cost: '1',
          },
        ],
        { revision: 1 },
      ),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('DOCUMENT_STALE_REVISION');
    const staleAction = await act(adjustment.id, 'submit', 1);
    expect(staleAction.status).toBe(409);
    expect(staleAction.body.code).toBe('DOCUMENT_STALE_REVISION');

    const approveDraft = await act(adjustment.id, 'approve', 2);
    expect(approveDraft.status).toBe(409);
    expect(approveDraft.body.code).toBe('DOCUMENT_ACTION_NOT_ALLOWED');
    const rejected = await act(adjustment.id, 'submit', 2);
    expect(rejected.status).toBe(200);
    const noRemark = await act(adjustment.id, 'reject', 3);
    expect(noRemark.status).toBe(400);
    expect(noRemark.body.code).toBe('DOCUMENT_REMARK_REQUIRED');
    const recalled = await act(adjustment.id, 'recall', 3);
    expect(recalled.body.data).toMatchObject({ status: 'DRAFT', revision: 4 });
    const discarded = await act(adjustment.id, 'discard', 4);
    expect(discarded.body.data).toMatchObject({ status: 'DISCARDED', available_actions: [] });
    const editDiscarded = await api().put(
      `stock-adjustments/${adjustment.id}`,
      draft(
        [
          {
            item_type: 'sku',
            item_id: sugar,
            uom_name: 'KG',
            adjustment_quantity: '3',
            reason: 'OTHERS',
            unit_cost: '1',
          },
        ],
        { revision: 5 },
      ),
    );
    expect(editDiscarded.status).toBe(409);
    expect(editDiscarded.body.code).toBe('DOCUMENT_NOT_EDITABLE');
  });

  it('an item archived since the draft refuses the submit, never the discard', async () => {
    const catalog = (method: 'post' | 'get', path: string, body?: object) =>
      request(server)[method](`/api/catalog/${path}`).set('Authorization', fx.admin).send(body);
    expect((await catalog('post', 'skus', skuBody('SA-SALT', 'Salt', fx.categoryId))).status).toBe(201);
    await expectEventually(async () => expect((await api().get(`stock/${out1}/sku/SA-SALT`)).status).toBe(200));
    const adjustment = await created(
      draft([
        {
          item_type: 'sku',
          item_id: 'SA-SALT',
          uom_name: 'KG',
          adjustment_quantity: '1',
          reason: 'OTHERS',
          unit_cost: '1',
        },
      ]),
    );
    expect((await catalog('post', 'skus/SA-SALT/archive')).status).toBe(200);
    const db = await inventoryDb(runtime);
    await expectEventually(async () => {
      const [item] = await db.query(`SELECT status FROM item_replica WHERE item_type = 'sku' AND item_id = 'SA-SALT'`);
      expect(item.status).toBe('archived');
    });
    await db.destroy();
    const submit = await act(adjustment.id, 'submit', 1);
    expect(submit.status).toBe(400);
    expect(submit.body.code).toBe('INVENTORY_ITEM_UNKNOWN');
    const discarded = await act(adjustment.id, 'discard', 1);
    expect(discarded.status).toBe(200);
    expect(discarded.body.data).toMatchObject({
      status: 'DISCARDED',
      lines: [expect.objectContaining({ item_name: 'Salt' })],
    });
  });

  it('refuses to submit an adjustment dated in the locked period', async () => {
    const settings = await api().get('settings');
    expect(settings.status).toBe(200);
    const locked = await api().put('settings', {
      period_lock_date: '2026-01-10',
      revision: settings.body.data.revision as number,
    });
    expect(locked.status).toBe(200);
    const adjustment = await created(
      draft([
        {
          item_type: 'sku',
          item_id: sugar,
          uom_name: 'KG',
          adjustment_quantity: '1',
          reason: 'OTHERS',
          unit_cost: '1',
        },
      ]),
    );
    const refused = await act(adjustment.id, 'submit', 1);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVENTORY_PERIOD_LOCKED');
    expect((await api().put('settings', { period_lock_date: null, revision: locked.body.data.revision })).status).toBe(
      200,
    );
    expect((await act(adjustment.id, 'discard', 1)).status).toBe(200);
  });

  it('two approvals of one adjustment at once post it once', async () => {
    const before = (await stockOf(sugar)).on_hand;
    const adjustment = await created(
      draft([
        {
          item_type: 'sku',
          item_id: sugar,
          uom_name: 'KG',
          adjustment_quantity: '7',
          reason: 'OTHERS',
          unit_cost: '1',
        },
      ]),
    );
    await act(adjustment.id, 'submit', 1);
    const answers = await Promise.all([act(adjustment.id, 'approve', 2), act(adjustment.id, 'approve', 2)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).toMatch(
      /^DOCUMENT_(STALE_REVISION|ACTION_NOT_ALLOWED)$/,
    );
    expect(Number((await stockOf(sugar)).on_hand) - Number(before)).toBe(7);
    const view = (await api().get(`stock-adjustments/${adjustment.id}`)).body.data;
    expect(view.history.filter((entry: { action: string }) => entry.action === 'approve')).toHaveLength(1);
  });

  it('an approval the ledger refuses (more than there is) changes nothing', async () => {
    const adjustment = await created(
      draft([
        {
          item_type: 'sku',
          item_id: flour,
          uom_name: 'KG',
          adjustment_quantity: '-50',
          reason: 'LOSS',
          batches: [{ batch_id: cheapBatch, quantity: '50' }],
        },
      ]),
    );
    await act(adjustment.id, 'submit', 1);
    const refused = await act(adjustment.id, 'approve', 2);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVENTORY_INSUFFICIENT_STOCK');
    const view = (await api().get(`stock-adjustments/${adjustment.id}`)).body.data;
    expect(view).toMatchObject({ status: 'PENDING APPROVAL', revision: 2 });
    expect(view.history.map((entry: { action: string }) => entry.action)).toEqual(['create', 'submit']);
    expect((await stockOf(flour)).on_hand).toBe('45.000');
  });

  it('holds approvals to the role limit and refuses self-approval while another approver exists', async () => {
    const clerk = `Bearer ${await tokenWithPermissions(runtime, fullRights(), {
      sub: '00000000-0000-4000-8000-0000000000c1',
      name: 'Clerk',
      locs: [out1],
      cost: true,
      limit: '10',
    })}`;
    const body = draft([
      { item_type: 'sku', item_id: sugar, uom_name: 'KG', adjustment_quantity: '20', reason: 'OTHERS', unit_cost: '1' },
    ]);
    const response = await api(clerk).post('stock-adjustments', body);
    expect(response.status).toBe(201);
    const { id } = response.body.data as { id: string };
    expect((await act(id, 'submit', 1, clerk)).status).toBe(200);
    const overLimit = await act(id, 'approve', 2, clerk);
    expect(overLimit.status).toBe(403);
    expect(overLimit.body.code).toBe('DOCUMENT_APPROVAL_LIMIT_EXCEEDED');

    const small = await api(clerk).post(
      'stock-adjustments',
      draft([
        {
          item_type: 'sku',
          item_id: sugar,
          uom_name: 'KG',
          adjustment_quantity: '2',
          reason: 'OTHERS',
          unit_cost: '1',
        },
      ]),
    );
    const smallId = small.body.data.id as string;
    await act(smallId, 'submit', 1, clerk);
    // The seeded director, known to the approver directory from identity's events, is another approver...
    const refused = await act(smallId, 'approve', 2, clerk);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('DOCUMENT_SELF_APPROVAL');
    // ...and with nobody else configured (the director inactive), the only approver may decide their own document...
    const db = await inventoryDb(runtime);
    await db.query(`UPDATE approver_user SET status = 'Inactive' WHERE employee_name = 'Administrator'`);
    const alone = await act(smallId, 'approve', 2, clerk);
    expect(alone.status).toBe(200);
    // ...but not once another active user holds approval on SA at the location.
    await addApprover(db, '00000000-0000-4000-8000-0000000000a1');
    await db.destroy();
    const second = await api(clerk).post(
      'stock-adjustments',
      draft([
        {
          item_type: 'sku',
          item_id: sugar,
          uom_name: 'KG',
          adjustment_quantity: '3',
          reason: 'OTHERS',
          unit_cost: '1',
        },
      ]),
    );
    await act(second.body.data.id, 'submit', 1, clerk);
    const self = await act(second.body.data.id, 'approve', 2, clerk);
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('DOCUMENT_SELF_APPROVAL');
    const other = await act(id, 'approve', 2);
    expect(other.status).toBe(200);
    expect(other.body.data.status).toBe('APPROVED');
  });

  it("keeps a draft's prices when a role without can_see_cost saves it (it never saw them)", async () => {
    const line = { item_type: 'sku', item_id: sugar, uom_name: 'KG', adjustment_quantity: '4', reason: 'OTHERS' };
    const priced = await created(draft([{ ...line, unit_cost: '2.5' }]));
    const clerk = `Bearer ${await tokenWithPermissions(runtime, fullRights(), {
      sub: '00000000-0000-4000-8000-0000000000c2',
      name: 'Blind clerk',
      locs: [out1],
      cost: false,
    })}`;
    const seen = await api(clerk).get(`stock-adjustments/${priced.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.lines[0]).not.toHaveProperty('unit_cost');
    // The clerk sends the draft back as seen (no price) with another remark.
    const saved = await api(clerk).put(`stock-adjustments/${priced.id}`, {
      ...draft([line], { remark: 'recounted' }),
      revision: priced.revision,
    });
    expect(saved.status).toBe(200);
    const after = await api().get(`stock-adjustments/${priced.id}`);
    expect(after.body.data.remark).toBe('recounted');
    expect(after.body.data.lines[0].unit_cost).toBe('2.5000');
  });

  it("lists adjustments of the caller's locations, filtered, with status tabs that follow the filters", async () => {
    const all = await api().post('stock-adjustments/list', { limit: 100 });
    expect(all.status).toBe(200);
    expect(all.body.recordsTotal).toBeGreaterThanOrEqual(6);
    const approved = await api().post('stock-adjustments/list', {
      limit: 100,
      other_params: { status: 'APPROVED', location_ids: [out1], value_date: { from: '2026-01-01', to: '2026-01-31' } },
    });
    expect(approved.body.data.every((row: { status: string }) => row.status === 'APPROVED')).toBe(true);
    expect(approved.body.data[0]).toMatchObject({ location_id: out1, value_date: '2026-01-05', source: 'manual' });
    const counts = await api().post('stock-adjustments/status-counts', {
      other_params: { status: 'APPROVED', source: ['manual'] },
    });
    expect(counts.status).toBe(200);
    const byStatus = Object.fromEntries(
      (counts.body.data as { status: string | null; count: number }[]).map((entry) => [entry.status, entry.count]),
    );
    expect(byStatus.APPROVED).toBe(approved.body.recordsTotal);
    expect(byStatus.null).toBe(all.body.recordsTotal);
    expect(byStatus.DISCARDED).toBe(3);

    const elsewhere = `Bearer ${await tokenWithPermissions(runtime, fullRights(), { locs: [fx.locations[1]], cost: true })}`;
    const foreign = await api(elsewhere).post('stock-adjustments/list', { limit: 100 });
    expect(foreign.body.recordsTotal).toBe(0);
    const read = await api(elsewhere).get(`stock-adjustments/${all.body.data[0].id}`);
    expect(read.status).toBe(404);
  });
});
