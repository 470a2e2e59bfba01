import 'reflect-metadata';
import type { StockPostingRequest } from '@scm/contracts';
import { inTransaction } from '@scm/platform';
import { StockLedger } from '../../src/ledger/stock-ledger.js';
import type { LedgerFixture } from './ledger-fixture.js';
import {
  ledgerTotals,
  locationSnapshot,
  openLedger,
  post,
  productSnapshot,
  seedReplicas,
  skuSnapshot,
} from './ledger-fixture.js';

/**
 * A FIFO history computed by hand (docs/stock-ledger.md, "Posting"): receipts at different costs, issues across
 * layers, an issue naming a batch, a shortfall that opens a back order, settled by the next receipt at that
 * receipt's cost. Every figure below is written out, not recomputed.
 */
describe(StockLedger.name, () => {
  let fixture: LedgerFixture;
  const FLOUR = 'FLOUR';
  const OUTLET = 'OUTLET1';

  const line = (quantity: string, extra: Partial<StockPostingRequest['lines'][number]> = {}) => ({
    line_no: 1,
    item_type: 'sku' as const,
    item_id: FLOUR,
    location_id: OUTLET,
    quantity,
    ...extra,
  });
  const request = (
    documentId: string,
    lines: StockPostingRequest['lines'],
    extra: Partial<StockPostingRequest> = {},
  ) => ({
    document_type: 'SA' as const,
    document_id: documentId,
    document_no: `SA-${documentId}`,
    revision: 1,
    value_date: '2026-03-01',
    lines,
    ...extra,
  });
  const batches = () =>
    fixture.dataSource.query<{ document_id: string; received: string; remaining: string; unit_cost: string }[]>(
      `SELECT document_id, received_quantity::text AS received, remaining_quantity::text AS remaining,
              unit_cost::text AS unit_cost
         FROM stock_batch WHERE item_id = $1 AND location_id = $2 ORDER BY seq`,
      [FLOUR, OUTLET],
    );
  const movements = () =>
    fixture.dataSource.query<
      { document_type: string; document_id: string; quantity: string; unit_cost: string; cost_value: string }[]
    >(
      `SELECT document_type, document_id, quantity::text AS quantity, unit_cost::text AS unit_cost,
              cost_value::text AS cost_value
         FROM stock_movement WHERE item_id = $1 AND location_id = $2 ORDER BY seq`,
      [FLOUR, OUTLET],
    );
  const balance = async () =>
    (
      await fixture.dataSource.query<{ on_hand: string; stock_value: string; back_order_quantity: string }[]>(
        `SELECT on_hand::text AS on_hand, stock_value::text AS stock_value,
                back_order_quantity::text AS back_order_quantity
           FROM stock_balance WHERE item_id = $1 AND location_id = $2`,
        [FLOUR, OUTLET],
      )
    )[0];
  const backOrders = () =>
    fixture.dataSource.query<Record<string, string>[]>(
      `SELECT bo_no, status, initial_quantity::text AS initial_quantity, current_quantity::text AS current_quantity,
              settled_value::text AS settled_value, document_id
         FROM back_order ORDER BY seq`,
    );

  beforeAll(async () => {
    fixture = await openLedger('scm_ledger_fifo');
    await seedReplicas(
      fixture,
      [
        skuSnapshot({
          sku_id: FLOUR,
          name: 'Flour',
          uom_list: [
            { uom_name: 'KG', factor: '1', uom_id: null },
            { uom_name: 'BAG', factor: '25', uom_id: null },
          ],
        }),
        skuSnapshot({ sku_id: 'NAPKIN', name: 'Napkin', is_inventorise: false }),
      ],
      [locationSnapshot(OUTLET, 'Outlet One'), locationSnapshot('OUTLET2', 'Outlet Two')],
    );
  });

  afterAll(() => fixture?.close());

  it('costs receipts, FIFO issues, a named batch and a back order settled at the next receipt cost', async () => {
    // R1 +10 KG at 2.0000 → layer A; R2 +5 KG at 3.0000 → layer B.
    await post(fixture, request('R1', [line('10', { unit_cost: '2' })]));
    await post(fixture, request('R2', [line('5', { unit_cost: '3' })]));
    expect(await balance()).toEqual({ on_hand: '15.000', stock_value: '35.0000000', back_order_quantity: '0.000' });

    // I1 −12 KG: all of A (10 × 2 = 20) and 2 of B (2 × 3 = 6).
    const i1 = await post(fixture, request('I1', [line('-12')]));
    expect(i1.movements.map((m) => [m.quantity, m.unit_cost, m.cost_value])).toEqual([
      ['-10.000', '2.0000', '-20.0000000'],
      ['-2.000', '3.0000', '-6.0000000'],
    ]);
    expect(await balance()).toEqual({ on_hand: '3.000', stock_value: '9.0000000', back_order_quantity: '0.000' });

    // R3 +4 KG at 2.5000 → layer C; I2 −2 KG named from C although B is older.
    const r3 = await post(fixture, request('R3', [line('4', { unit_cost: '2.5' })]));
    const layerC = r3.movements[0].batch_id!;
    const i2 = await post(fixture, request('I2', [line('-2', { batches: [{ batch_id: layerC, quantity: '2' }] })]));
    expect(i2.movements.map((m) => [m.batch_id, m.quantity, m.cost_value])).toEqual([[layerC, '-2.000', '-5.0000000']]);
    expect(await balance()).toEqual({ on_hand: '5.000', stock_value: '14.0000000', back_order_quantity: '0.000' });

    // S1 −8 KG allowing negative stock: B's 3 (× 3 = 9) and C's 2 (× 2.5 = 5) are issued, 3 KG fall short.
    const s1 = await post(fixture, request('S1', [line('-8')], { document_type: 'SU', allow_negative: true }));
    expect(s1.movements.map((m) => [m.quantity, m.cost_value])).toEqual([
      ['-3.000', '-9.0000000'],
      ['-2.000', '-5.0000000'],
    ]);
    expect(s1.back_order_ids).toHaveLength(1);
    expect(await balance()).toEqual({ on_hand: '0.000', stock_value: '0.0000000', back_order_quantity: '-3.000' });
    expect(await backOrders()).toEqual([
      {
        bo_no: 'SO-OUTLET1-000001',
        status: 'OPEN',
        initial_quantity: '-3.000',
        current_quantity: '-3.000',
        settled_value: '0.0000000',
        document_id: 'S1',
      },
    ]);

    // R4 +10 KG at 1.2345 → layer D, of which 3 settle the back order at 1.2345 (3.7035); 7 remain.
    const r4 = await post(fixture, request('R4', [line('10', { unit_cost: '1.2345' })], { document_type: 'GR' }));
    expect(r4.movements.map((m) => [m.quantity, m.unit_cost, m.cost_value])).toEqual([
      ['10.000', '1.2345', '12.3450000'],
      ['-3.000', '1.2345', '-3.7035000'],
    ]);
    expect(await backOrders()).toEqual([
      {
        bo_no: 'SO-OUTLET1-000001',
        status: 'SETTLED',
        initial_quantity: '-3.000',
        current_quantity: '0.000',
        settled_value: '3.7035000',
        document_id: 'S1',
      },
    ]);
    expect(await balance()).toEqual({ on_hand: '7.000', stock_value: '8.6415000', back_order_quantity: '0.000' });

    expect(await batches()).toEqual([
      { document_id: 'R1', received: '10.000', remaining: '0.000', unit_cost: '2.0000' },
      { document_id: 'R2', received: '5.000', remaining: '0.000', unit_cost: '3.0000' },
      { document_id: 'R3', received: '4.000', remaining: '0.000', unit_cost: '2.5000' },
      { document_id: 'R4', received: '10.000', remaining: '7.000', unit_cost: '1.2345' },
    ]);
    const boId = s1.back_order_ids[0];
    expect(await movements()).toEqual([
      { document_type: 'SA', document_id: 'R1', quantity: '10.000', unit_cost: '2.0000', cost_value: '20.0000000' },
      { document_type: 'SA', document_id: 'R2', quantity: '5.000', unit_cost: '3.0000', cost_value: '15.0000000' },
      { document_type: 'SA', document_id: 'I1', quantity: '-10.000', unit_cost: '2.0000', cost_value: '-20.0000000' },
      { document_type: 'SA', document_id: 'I1', quantity: '-2.000', unit_cost: '3.0000', cost_value: '-6.0000000' },
      { document_type: 'SA', document_id: 'R3', quantity: '4.000', unit_cost: '2.5000', cost_value: '10.0000000' },
      { document_type: 'SA', document_id: 'I2', quantity: '-2.000', unit_cost: '2.5000', cost_value: '-5.0000000' },
      { document_type: 'SU', document_id: 'S1', quantity: '-3.000', unit_cost: '3.0000', cost_value: '-9.0000000' },
      { document_type: 'SU', document_id: 'S1', quantity: '-2.000', unit_cost: '2.5000', cost_value: '-5.0000000' },
      { document_type: 'GR', document_id: 'R4', quantity: '10.000', unit_cost: '1.2345', cost_value: '12.3450000' },
      { document_type: 'SO', document_id: boId, quantity: '-3.000', unit_cost: '1.2345', cost_value: '-3.7035000' },
    ]);
    expect(await ledgerTotals(fixture.dataSource)).toEqual([
      {
        item_type: 'sku',
        item_id: FLOUR,
        location_id: OUTLET,
        on_hand: '7.000',
        movement_quantity: '7.000',
        batch_remaining: '7.000',
        stock_value: '8.6415000',
        movement_value: '8.6415000',
        batch_value: '8.6415000',
      },
    ]);

    // One stock.posted per posting, and the balance row announced as a use of the SKU and the location once.
    const events = await fixture.dataSource.query<{ subject: string; n: string }[]>(
      `SELECT subject, count(*)::text AS n FROM outbox GROUP BY subject ORDER BY subject`,
    );
    expect(events).toEqual([
      { subject: 'inventory.catalog-usage.changed', n: '1' },
      { subject: 'inventory.stock.posted', n: '7' },
    ]);
    const [usage] = await fixture.dataSource.query<{ envelope: { data: unknown } }[]>(
      `SELECT envelope FROM outbox WHERE subject = 'inventory.catalog-usage.changed'`,
    );
    // One event per posting that created balances, naming what they hold (the posting is what uses them).
    expect(usage.envelope.data).toEqual({
      used_by_type: 'stock_posting',
      used_by_id: expect.any(String),
      revision: 1,
      targets: [
        { target_type: 'sku', target_id: FLOUR },
        { target_type: 'location', target_id: OUTLET },
      ],
    });
  });

  it('converts a receipt in BAG to KG, with the cost per KG', async () => {
    // 2 BAG at 33.3333 per BAG (25 KG): 50 KG at 33.3333 / 25 = 1.333332 → 1.3333 per KG.
    const result = await post(fixture, request('B1', [line('2', { uom_name: 'bag', unit_cost: '33.3333' })]));
    expect(result.movements.map((m) => [m.quantity, m.unit_cost, m.cost_value])).toEqual([
      ['50.000', '1.3333', '66.6650000'],
    ]);
    expect(await balance()).toMatchObject({ on_hand: '57.000', stock_value: '75.3065000' });
    // An issue in BAG: 0.3 BAG = 7.5 KG, from the oldest layer (R4's 7 at 1.2345) then 0.5 of B1's.
    const issue = await post(fixture, request('B2', [line('-0.3', { uom_name: 'BAG' })]));
    expect(issue.movements.map((m) => [m.quantity, m.cost_value])).toEqual([
      ['-7.000', '-8.6415000'],
      ['-0.500', '-0.6666500'],
    ]);
    expect(await balance()).toMatchObject({ on_hand: '49.500', stock_value: '65.9983500' });
    await expect(post(fixture, request('B3', [line('1', { uom_name: 'BOX', unit_cost: '1' })]))).rejects.toMatchObject({
      code: 'INVENTORY_UNIT_UNKNOWN',
      params: { uom: 'BOX', item: 'Flour' },
    });
  });

  it('keeps a product (one piece) like a SKU, and announces the product as in use', async () => {
    await inTransaction(fixture.dataSource, (manager) =>
      fixture.items.upsertProduct(manager, productSnapshot('RJ-7', 'Jade ring')),
    );
    const piece = { line_no: 1, item_type: 'product' as const, item_id: 'RJ-7', location_id: OUTLET };
    await post(fixture, request('P1', [{ ...piece, quantity: '2', unit_cost: '1500' }]));
    await post(fixture, request('P2', [{ ...piece, line_no: 2, quantity: '1', uom_name: 'PCS', unit_cost: '1800' }]));
    const sold = await post(fixture, request('P3', [{ ...piece, quantity: '-2' }]));
    expect(sold.movements.map((m) => [m.quantity, m.unit_cost, m.cost_value])).toEqual([
      ['-2.000', '1500.0000', '-3000.0000000'],
    ]);
    const [row] = await fixture.dataSource.query<{ on_hand: string; stock_value: string }[]>(
      `SELECT on_hand::text AS on_hand, stock_value::text AS stock_value FROM stock_balance WHERE item_type = 'product'`,
    );
    expect(row).toEqual({ on_hand: '1.000', stock_value: '1800.0000000' });
    const usage = await fixture.dataSource.query<{ data: unknown }[]>(
      `SELECT envelope->'data' AS data FROM outbox
        WHERE subject = 'inventory.catalog-usage.changed'
          AND envelope->'data'->'targets' @> '[{"target_type": "product"}]'`,
    );
    expect(usage).toEqual([
      {
        data: {
          used_by_type: 'stock_posting',
          used_by_id: expect.any(String),
          revision: 1,
          targets: [
            { target_type: 'product', target_id: 'RJ-7' },
            { target_type: 'location', target_id: OUTLET },
          ],
        },
      },
    ]);
  });

  it("lets the lines of one posting take from each other's layers, oldest first", async () => {
    const at2 = (lineNo: number, quantity: string, extra: Partial<StockPostingRequest['lines'][number]> = {}) =>
      line(quantity, { line_no: lineNo, location_id: 'OUTLET2', ...extra });
    // M1: X = 4 at 1, Y = 6 at 2.
    const m1 = await post(fixture, request('M1', [at2(1, '4', { unit_cost: '1' }), at2(2, '6', { unit_cost: '2' })]));
    const layerY = m1.movements[1].batch_id!;
    // M2: 3 named from Y; 5 oldest first (X's 4, then 1 of what is left of Y); Z = 2 at 5 received; 3 oldest
    // first (Y's last 2, then 1 of Z, this posting's own new layer).
    const m2 = await post(
      fixture,
      request('M2', [
        at2(1, '-3', { batches: [{ batch_id: layerY, quantity: '3' }] }),
        at2(2, '-5'),
        at2(3, '2', { unit_cost: '5' }),
        at2(4, '-3'),
      ]),
    );
    expect(m2.movements.map((m) => [m.line_no, m.quantity, m.unit_cost, m.cost_value])).toEqual([
      [1, '-3.000', '2.0000', '-6.0000000'],
      [2, '-4.000', '1.0000', '-4.0000000'],
      [2, '-1.000', '2.0000', '-2.0000000'],
      [3, '2.000', '5.0000', '10.0000000'],
      [4, '-2.000', '2.0000', '-4.0000000'],
      [4, '-1.000', '5.0000', '-5.0000000'],
    ]);
    const layers = await fixture.dataSource.query<{ received: string; remaining: string }[]>(
      `SELECT received_quantity::text AS received, remaining_quantity::text AS remaining FROM stock_batch
        WHERE location_id = 'OUTLET2' ORDER BY seq`,
    );
    expect(layers).toEqual([
      { received: '4.000', remaining: '0.000' },
      { received: '6.000', remaining: '0.000' },
      { received: '2.000', remaining: '1.000' },
    ]);
    const totals = (await ledgerTotals(fixture.dataSource)).find((row) => row.location_id === 'OUTLET2');
    expect(totals).toMatchObject({
      on_hand: '1.000',
      movement_quantity: '1.000',
      batch_remaining: '1.000',
      stock_value: '5.0000000',
      movement_value: '5.0000000',
      batch_value: '5.0000000',
    });
  });

  it('refuses an issue beyond the available quantity, naming item, location, available and asked', async () => {
    await expect(post(fixture, request('X1', [line('-50')]))).rejects.toMatchObject({
      code: 'INVENTORY_INSUFFICIENT_STOCK',
      params: { item: 'Flour', location: 'Outlet One', available: '49.500', asked: '50.000', uom: 'KG' },
    });
    // Nothing of the refused posting stays, not even its claim on the revision.
    const [{ n }] = await fixture.dataSource.query<{ n: string }[]>(
      `SELECT count(*)::text AS n FROM stock_posting WHERE document_id = 'X1'`,
    );
    expect(n).toBe('0');
    expect(await balance()).toMatchObject({ on_hand: '49.500' });
  });

  it('refuses unknown items and locations, items without stock and batches of another item', async () => {
    await expect(post(fixture, request('X2', [line('1', { item_id: 'NOPE', unit_cost: '1' })]))).rejects.toMatchObject({
      code: 'INVENTORY_ITEM_UNKNOWN',
      params: { item: 'NOPE' },
    });
    await expect(
      post(fixture, request('X3', [line('1', { item_id: 'NAPKIN', unit_cost: '1' })])),
    ).rejects.toMatchObject({ code: 'INVENTORY_ITEM_NOT_INVENTORISED', params: { item: 'Napkin' } });
    await expect(
      post(fixture, request('X4', [line('1', { location_id: 'NOWHERE', unit_cost: '1' })])),
    ).rejects.toMatchObject({ code: 'INVENTORY_LOCATION_UNKNOWN', params: { location: 'NOWHERE' } });
    await expect(
      post(
        fixture,
        request('X5', [line('-1', { batches: [{ batch_id: '00000000-0000-4000-8000-000000000999', quantity: '1' }] })]),
      ),
    ).rejects.toMatchObject({ code: 'INVENTORY_BATCH_INVALID', params: { item: 'Flour', location: 'Outlet One' } });
    await expect(post(fixture, request('X6', [line('1')]))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses postings dated on or before the period lock date', async () => {
    const settings = await fixture.settings.get();
    await fixture.settings.update({ period_lock_date: '2026-02-28', revision: settings.revision }, 'Tester');
    await expect(
      post(fixture, request('L1', [line('1', { unit_cost: '1' })], { value_date: '2026-02-28' })),
    ).rejects.toMatchObject({
      code: 'INVENTORY_PERIOD_LOCKED',
      params: { lock_date: '2026-02-28', value_date: '2026-02-28' },
    });
    await expect(
      post(fixture, request('L2', [line('1', { unit_cost: '1' })], { value_date: '2026-03-01' })),
    ).resolves.toMatchObject({
      duplicate: false,
    });
    // A stale revision of the settings is refused, not overwritten.
    await expect(
      fixture.settings.update({ period_lock_date: null, revision: settings.revision }, 'Tester'),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const now = await fixture.settings.get();
    expect(now).toEqual({ period_lock_date: '2026-02-28', revision: settings.revision + 1 });
    await fixture.settings.update({ period_lock_date: null, revision: now.revision }, 'Tester');
  });

  it('answers a repeated posting of the same revision as a duplicate and refuses one with other lines', async () => {
    const count = async () =>
      (
        await fixture.dataSource.query<{ m: string; b: string; o: string }[]>(
          `SELECT (SELECT count(*) FROM stock_movement)::text AS m, (SELECT count(*) FROM stock_batch)::text AS b,
                  (SELECT count(*) FROM outbox)::text AS o`,
        )
      )[0];
    const first = await post(fixture, request('D1', [line('3', { unit_cost: '1.5' })]));
    const before = await count();
    const again = await post(fixture, request('D1', [line('3.000', { unit_cost: '1.50' })]));
    expect(again).toEqual({ ...first, duplicate: true });
    expect(await count()).toEqual(before);
    await expect(post(fixture, request('D1', [line('4', { unit_cost: '1.5' })]))).rejects.toMatchObject({
      code: 'INVENTORY_POSTING_CONFLICT',
    });
    // The next revision of the same document is a posting of its own.
    await expect(
      post(fixture, request('D1', [line('4', { unit_cost: '1.5' })], { revision: 2 })),
    ).resolves.toMatchObject({
      duplicate: false,
    });
  });
});
