import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { PERMISSION_KEYS } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  expectEventually,
  fullRightsToken,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { inventoryDb, seedStock } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];

interface BalanceRow {
  on_hand: string;
  stock_value: string;
  in_transit: string;
  in_transit_value: string;
}

/**
 * Stock releases (SPEC.md §3, §4, §6; docs/stock-ledger.md "Stock releases"), embedded mode. From the kitchen
 * (FLOUR 10 KG at 2 then 10 KG at 3; SUGAR 10 at 1.5) to a customer replicated from catalog:
 * - EXTERNAL: approved → the stock leaves the kitchen at FIFO cost; the customer's receipt delivers part of it and
 *   the unreceived remainder returns at the cost it left at (PARTIALLY RECEIVED); a rejected one and a cancelled
 *   one post nothing / bring everything back; split into two deliveries that carry exactly the costs that left.
 * - EXTERNAL_CONSIGNMENT (RJ_SR only): consigned out (still the company's value, in transit), item states per line,
 *   settled in two steps (one sold, one returned) → PARTIALLY RECEIVED; an SR-only user neither creates nor sees it.
 * Quantities and values are asserted in the ledger at every step.
 */
describe('stock release to a customer: external, consignment, split (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let fx: StockFixture;
  let db: DataSource;
  let kitchen: string;
  let flour: string;
  let sugar: string;
  let srOnly: string;
  let noCost: string;
  const customer = `SRX-CUS-${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    fx = await seedStock(server, runtime, 'SRX');
    [kitchen] = fx.locations;
    ({ flour, sugar } = fx.skus);
    db = await inventoryDb(runtime);
    const made = await request(server)
      .post('/api/catalog/customers')
      .set('Authorization', fx.admin)
      .send({
        customer_code: customer,
        customer_name: 'Mary Lim',
        salutation: 'Ms',
        chinese_name: '林美丽',
        gender: 'female',
        email: 'mary@example.com',
        primary_contact_no: '91234567',
        secondary_contact_no: '',
        birthday: '',
        wedding_anniversary: '',
        mailing_list: false,
        contact_mode: 'SMS',
        occupation: '',
        company: '',
        department: '',
        tags: [],
        address_list: [
          {
            address_type: 'shipping',
            address: '2 Jalan Ampang',
            country: 'Malaysia',
            postal_code: '501234',
            is_default: true,
          },
        ],
      });
    expect(made.status).toBe(201);
    await expectEventually(
      async () => {
        const found = await admin().get(`stock-transfers/customers?search=${customer}`);
        expect(found.body.data).toEqual([
          expect.objectContaining({ customer_id: customer, customer_name: 'Mary Lim', contact_no: '91234567' }),
        ]);
      },
      { timeoutMs: 30_000 },
    );
    const withoutRj = PERMISSION_KEYS.filter((key) => key !== 'RJ_SR').map((key) => ({
      permission: { key },
      view: true,
      edit: true,
      approval: true,
    }));
    srOnly = `Bearer ${await tokenWithPermissions(runtime, withoutRj, { locs: ['*'], cost: true, sub: randomUUID() })}`;
    noCost = `Bearer ${await fullRightsToken(runtime, ['*'], { cost: false, sub: randomUUID() })}`;

    for (const [item, quantity, cost] of [
      [flour, '10', '2'],
      [flour, '10', '3'],
      [sugar, '10', '1.5'],
    ]) {
      const created = await admin().post('stock-adjustments', {
        location_id: kitchen,
        value_date: '2026-03-01',
        lines: [
          {
            item_type: 'sku',
            item_id: item,
            uom_name: 'KG',
            adjustment_quantity: quantity,
            reason: 'OTHERS',
            unit_cost: cost,
          },
        ],
      });
      expect(created.status).toBe(201);
      await admin().post(`stock-adjustments/${created.body.data.id}/submit`, { revision: 1 });
      expect((await admin().post(`stock-adjustments/${created.body.data.id}/approve`, { revision: 2 })).status).toBe(
        200,
      );
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
  });
  const admin = () => as(fx.admin);

  async function balance(itemId: string): Promise<BalanceRow> {
    const [row] = await db.query<BalanceRow[]>(
      `SELECT on_hand::text AS on_hand, stock_value::text AS stock_value, in_transit::text AS in_transit,
              in_transit_value::text AS in_transit_value
         FROM stock_balance WHERE location_id = $1 AND item_id = $2`,
      [kitchen, itemId],
    );
    return row;
  }
  const b = (on_hand: string, stock_value: string, in_transit = '0.000', in_transit_value = '0.0000000') => ({
    on_hand,
    stock_value,
    in_transit,
    in_transit_value,
  });

  const releaseBody = (type: string, lines: { item_id: string; release_quantity: string }[]) => ({
    transfer_type: type,
    from_location_id: kitchen,
    customer_id: customer,
    urgency: 'HIGH',
    release_date: '2026-03-02',
    contact: 'Mary Lim',
    contact_no: '91234567',
    contact_email: 'mary@example.com',
    delivery_address: '2 Jalan Ampang',
    invoice_no: 'INV-7788',
    lines: lines.map((line) => ({ item_type: 'sku', uom_name: 'KG', ...line })),
  });

  async function approved(type: string, lines: { item_id: string; release_quantity: string }[]) {
    const created = await admin().post('stock-transfers', releaseBody(type, lines));
    expect(created.status).toBe(201);
    expect((await admin().post(`stock-transfers/${created.body.data.id}/submit`, { revision: 1 })).status).toBe(200);
    const done = await admin().post(`stock-transfers/${created.body.data.id}/approve`, { revision: 2 });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('APPROVED');
    return done.body.data;
  }

  it('refuses a release without a customer, to an unknown one, and an internal transfer without a destination', async () => {
    const noCustomer = await admin().post('stock-transfers', {
      ...releaseBody('EXTERNAL', [{ item_id: sugar, release_quantity: '1' }]),
      customer_id: null,
    });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'customer_id' })]));
    const unknown = await admin().post('stock-transfers', {
      ...releaseBody('EXTERNAL', [{ item_id: sugar, release_quantity: '1' }]),
      customer_id: 'NOBODY-XYZ',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('INVENTORY_TRANSFER_CUSTOMER_UNKNOWN');
    const internal = await admin().post('stock-transfers', {
      ...releaseBody('INTERNAL', [{ item_id: sugar, release_quantity: '1' }]),
      customer_id: undefined,
    });
    expect(internal.status).toBe(400);
  });

  it('releases to a customer: FIFO issue on approval, the remainder back at its cost, a reject and a cancel', async () => {
    // A rejected release posts nothing.
    const rejected = await admin().post(
      'stock-transfers',
      releaseBody('EXTERNAL', [{ item_id: flour, release_quantity: '2' }]),
    );
    await admin().post(`stock-transfers/${rejected.body.data.id}/submit`, { revision: 1 });
    const refused = await admin().post(`stock-transfers/${rejected.body.data.id}/reject`, {
      revision: 2,
      remark: 'No stock',
    });
    expect(refused.body.data.status).toBe('REJECTED');
    expect(await balance(flour)).toEqual(b('20.000', '50.0000000'));

    // FLOUR 12 = 10 × 2 + 2 × 3 = 26 leaves the kitchen at FIFO cost.
    const release = await approved('EXTERNAL', [{ item_id: flour, release_quantity: '12' }]);
    expect(release).toMatchObject({
      transfer_type: 'EXTERNAL',
      customer_id: customer,
      customer_name: 'Mary Lim',
      to_location_name: 'Mary Lim',
      invoice_no: 'INV-7788',
      contact_no: '91234567',
      transfer_value: '26.00',
      item_state: null,
    });
    expect(release.available_actions).toEqual(expect.arrayContaining(['receive', 'split', 'cancel_release']));
    expect(release.available_actions).not.toContain('settle');
    expect(await balance(flour)).toEqual(b('8.000', '24.0000000', '12.000', '26.0000000'));

    // The customer received 9: the 3 not received return at the cost they left at (the newest: 2 × 3 + 1 × 2).
    const receipt = await admin().post(`stock-transfers/${release.id}/receive`, {
      revision: 3,
      lines: [{ line_no: 1, received_quantity: '9', rejected_quantity: '3', reject_reason: 'DAMAGED' }],
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.data.status).toBe('PARTIALLY RECEIVED');
    expect(receipt.body.data.lines[0]).toMatchObject({ received_quantity: '9.000', rejected_quantity: '3.000' });
    // 8 + 3 on hand; the 9 delivered left at their FIFO costs (9 × 2 = 18), the 3 not received came back at
    // theirs (1 × 2 + 2 × 3 = 8): 24 + 8 = 32, nothing left in transit.
    expect(await balance(flour)).toEqual(b('11.000', '32.0000000'));
    const delivered = await db.query<{ value: string }[]>(
      `SELECT sum(cost_value)::text AS value FROM stock_movement WHERE document_id = $1`,
      [release.id],
    );
    expect(delivered[0].value).toBe('-18.0000000');

    // Cancelling an approved release brings everything back at the cost it left at.
    const before = await balance(sugar);
    const cancelled = await approved('EXTERNAL', [{ item_id: sugar, release_quantity: '4' }]);
    expect(await balance(sugar)).toEqual(b('6.000', '9.0000000', '4.000', '6.0000000'));
    const cancel = await admin().post(`stock-transfers/${cancelled.id}/cancel_release`, { revision: 3 });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe('CANCELLED');
    expect(await balance(sugar)).toEqual(before);
  });

  it('splits an approved release into deliveries carrying the costs that left', async () => {
    const before = await balance(sugar);
    const release = await approved('EXTERNAL', [{ item_id: sugar, release_quantity: '5' }]);
    const wrong = await admin().post(`stock-transfers/${release.id}/split`, {
      revision: 3,
      parts: [{ lines: [{ line_no: 1, quantity: '2' }] }, { lines: [{ line_no: 1, quantity: '2' }] }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVENTORY_RELEASE_SPLIT_MISMATCH');
    const split = await admin().post(`stock-transfers/${release.id}/split`, {
      revision: 3,
      parts: [
        { lines: [{ line_no: 1, quantity: '2' }] },
        { release_date: '2026-03-05', lines: [{ line_no: 1, quantity: '3' }] },
      ],
    });
    expect(split.status).toBe(200);
    expect(split.body.data.status).toBe('SPLIT');
    expect(split.body.data.children).toHaveLength(2);
    // Still 5 out, at the same 7.50, now in the two deliveries.
    expect(await balance(sugar)).toEqual({
      ...before,
      on_hand: (Number(before.on_hand) - 5).toFixed(3),
      stock_value: (Number(before.stock_value) - 7.5).toFixed(7),
      in_transit: '5.000',
      in_transit_value: '7.5000000',
    });
    const [first, second] = split.body.data.children as { id: string; doc_no: string; status: string }[];
    const child = await admin().get(`stock-transfers/${second.id}`);
    expect(child.body.data).toMatchObject({
      status: 'APPROVED',
      parent: { id: release.id, doc_no: release.doc_no },
      release_date: '2026-03-05',
      transfer_value: '4.50',
    });
    expect(child.body.data.lines[0].release_quantity).toBe('3.000');
    // Each delivery is received on its own.
    const received = await admin().post(`stock-transfers/${first.id}/receive`, {
      revision: 1,
      lines: [{ line_no: 1, received_quantity: '2', rejected_quantity: '0' }],
    });
    expect(received.status).toBe(200);
    expect(received.body.data.status).toBe('RECEIVED');
    expect((await balance(sugar)).in_transit).toBe('3.000');
    const list = await admin().post('stock-transfers/list', {
      draw: 1,
      start: 0,
      limit: 10,
      search_str: release.doc_no,
      other_params: { transfer_type: ['EXTERNAL'] },
    });
    expect(list.body.data.map((row: { parent_no: string | null }) => row.parent_no)).toEqual(
      expect.arrayContaining([release.doc_no]),
    );
  });

  it('consigns out under RJ_SR only: item states per line, settled sold and returned, value kept meanwhile', async () => {
    // Only in the RJ_SR context (SPEC.md §6).
    const refused = await as(srOnly).post(
      'stock-transfers',
      releaseBody('EXTERNAL_CONSIGNMENT', [{ item_id: flour, release_quantity: '1' }]),
    );
    expect(refused.status).toBe(403);

    const flourBefore = await balance(flour);
    const sugarBefore = await balance(sugar);
    const consignment = await approved('EXTERNAL_CONSIGNMENT', [
      { item_id: flour, release_quantity: '2' },
      { item_id: sugar, release_quantity: '1' },
    ]);
    expect(consignment.item_state).toBe('AVAILABLE AND CONSIGNED OUT');
    expect(consignment.lines.map((line: { item_state: string }) => line.item_state)).toEqual([
      'AVAILABLE AND CONSIGNED OUT',
      'AVAILABLE AND CONSIGNED OUT',
    ]);
    expect(consignment.available_actions).toEqual(expect.arrayContaining(['settle', 'split', 'cancel_release']));
    expect(consignment.available_actions).not.toContain('receive');
    // Its activity is RJ_SR's, not SR's: filed under the RJ module, told to and approved by RJ_SR's holders.
    await expectEventually(async () => {
      const logged = await db.query<{ module: string; permission_key: string }[]>(
        `SELECT DISTINCT module, permission_key FROM notifications.activity_log WHERE reference_id = $1`,
        [consignment.id],
      );
      expect(logged).toEqual([{ module: 'Consignor and Consignee Agreement', permission_key: 'RJ_SR' }]);
    });
    // Out of on hand, still the company's value (in transit).
    const flourOut = await balance(flour);
    expect(exactSum(flourOut.on_hand, flourOut.in_transit)).toBe(exactSum(flourBefore.on_hand, flourBefore.in_transit));
    expect(Number(flourOut.stock_value) + Number(flourOut.in_transit_value)).toBeCloseTo(
      Number(flourBefore.stock_value) + Number(flourBefore.in_transit_value),
      6,
    );

    // An SR-only user sees no consignment, by id, in the list or through its files.
    expect((await as(srOnly).get(`stock-transfers/${consignment.id}`)).status).toBe(404);
    expect((await as(srOnly).get(`attachments/stock-transfer/${consignment.id}`)).status).toBe(404);
    expect((await admin().get(`attachments/stock-transfer/${consignment.id}`)).status).toBe(200);
    const hidden = await as(srOnly).post('stock-transfers/list', {
      draw: 1,
      start: 0,
      limit: 50,
      search_str: consignment.doc_no,
    });
    expect(hidden.body.data).toEqual([]);

    // More than is out is refused; the sugar comes back (RETURNED), the flour is still out.
    const tooMuch = await admin().post(`stock-transfers/${consignment.id}/settle`, {
      revision: 3,
      lines: [{ line_no: 1, sold_quantity: '3' }],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe('INVENTORY_CONSIGNMENT_SETTLEMENT_EXCEEDS');
    const returned = await admin().post(`stock-transfers/${consignment.id}/settle`, {
      revision: 3,
      lines: [{ line_no: 2, returned_quantity: '1' }],
    });
    expect(returned.status).toBe(200);
    expect(returned.body.data.status).toBe('APPROVED');
    expect(returned.body.data.lines.map((line: { item_state: string }) => line.item_state)).toEqual([
      'AVAILABLE AND CONSIGNED OUT',
      'RETURNED',
    ]);
    expect(await balance(sugar)).toEqual(sugarBefore);
    // A partly settled consignment is no longer split or cancelled.
    expect(returned.body.data.available_actions).not.toContain('split');
    const filtered = await admin().post('stock-transfers/list', {
      draw: 1,
      start: 0,
      limit: 50,
      other_params: { item_state: ['AVAILABLE AND CONSIGNED OUT'] },
    });
    expect(filtered.body.data.map((row: { id: string }) => row.id)).toContain(consignment.id);

    // The customer keeps the flour: sold, it leaves the company's stock at the cost it left at.
    const sold = await admin().post(`stock-transfers/${consignment.id}/settle`, {
      revision: 4,
      lines: [{ line_no: 1, sold_quantity: '2' }],
    });
    expect(sold.status).toBe(200);
    expect(sold.body.data).toMatchObject({ status: 'PARTIALLY RECEIVED', item_state: 'ITEM SOLD' });
    expect(sold.body.data.lines.map((line: { item_state: string }) => line.item_state)).toEqual([
      'ITEM SOLD',
      'RETURNED',
    ]);
    const flourAfter = await balance(flour);
    expect(flourAfter.in_transit).toBe(flourBefore.in_transit);
    expect(exactSum(flourAfter.on_hand, '2')).toBe(exactSum(flourBefore.on_hand, '0'));
    expect(Number(flourAfter.stock_value)).toBeCloseTo(
      Number(flourBefore.stock_value) - Number(consignment.lines[0].line_value),
      6,
    );
    const history = (await admin().get(`stock-transfers/${consignment.id}`)).body.data.history as { action: string }[];
    expect(history.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['create', 'submit', 'approve', 'settle', 'receive_partially']),
    );
  });

  it('hides the cost fields from a role without can_see_cost', async () => {
    const list = await as(noCost).post('stock-transfers/list', { draw: 1, start: 0, limit: 5 });
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const row of list.body.data) expect(row).not.toHaveProperty('transfer_value');
    const one = await as(noCost).get(`stock-transfers/${list.body.data[0].id}`);
    expect(one.body.data).not.toHaveProperty('transfer_value');
    expect(one.body.data.lines[0]).not.toHaveProperty('line_value');
  });
});

function exactSum(a: string, b: string): string {
  return (Math.round(Number(a) * 1000) + Math.round(Number(b) * 1000)).toString();
}
