import 'reflect-metadata';
import { listQuerySchema } from '@scm/contracts';
import type { AccessTokenClaims, ListQueryInput, StockPostingRequest } from '@scm/contracts';
import { ALL_LOCATIONS_SCOPE, ListQueryError } from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { stockArea } from '../../src/stock/stock.area.js';
import { StockQueries } from '../../src/stock/stock-queries.service.js';
import type { StockPage } from '../../src/stock/stock-queries.service.js';
import { StockReader } from '../../src/stock/stock-reader.js';
import type { LedgerFixture } from '../ledger/ledger-fixture.js';
import { locationSnapshot, openLedger, post, seedReplicas, skuSnapshot } from '../ledger/ledger-fixture.js';

/**
 * The ledger's read side over a history computed by hand (docs/stock-ledger.md, "HTTP"): the overview's quantities,
 * values and flags, its filters and keyset pages, the running balance of the movements, stock at a location, the
 * quantity on hand at an instant, back orders and their tabs, and /fifo as of past dates (later movements ignored).
 *
 *   R1 2026-03-01  FLOUR +10 @ 2.0000 at OUT1, SUGAR +5 @ 1.0000 at OUT1, FLOUR +4 @ 3.0000 at OUT2
 *   R2 2026-03-05  FLOUR +10 @ 2.5000 at OUT1
 *   I1 2026-03-10  FLOUR −15 at OUT1: 10 of R1 (20.00) + 5 of R2 (12.50) → 5 left @ 2.5000 = 12.50
 *   I2 2026-03-12  SUGAR −8 at OUT1, negative allowed: 5 of R1 (5.00), 3 short → back order −3
 *   R3 2026-03-15  SUGAR +4 @ 1.5000 at OUT1: settles the back order (3 × 1.5 = 4.50), 1 left
 */
describe(StockQueries.name, () => {
  let fixture: LedgerFixture;
  let sut: StockQueries;
  let reader: StockReader;
  let beforeI1: Date;
  const OUT1 = 'OUT1';
  const OUT2 = 'OUT2';
  const director = { cost: true } as AccessTokenClaims;
  const noCost = { cost: false } as AccessTokenClaims;
  const out1Only: LocationScope = { locations: [OUT1] };

  const body = (input: ListQueryInput = {}) => listQuerySchema.parse(input);
  const line = (itemId: string, locationId: string, quantity: string, unitCost?: string, lineNo = 1) => ({
    line_no: lineNo,
    item_type: 'sku' as const,
    item_id: itemId,
    location_id: locationId,
    quantity,
    ...(unitCost !== undefined && { unit_cost: unitCost }),
  });
  const request = (
    documentId: string,
    valueDate: string,
    lines: StockPostingRequest['lines'],
    extra: Partial<StockPostingRequest> = {},
  ): StockPostingRequest => ({
    document_type: 'SA',
    document_id: documentId,
    document_no: `SA-${documentId}`,
    revision: 1,
    value_date: valueDate,
    lines,
    ...extra,
  });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const rows = <T>(page: StockPage<T>) => page.data;
  const pick = <T extends object, K extends keyof T>(list: T[], ...keys: K[]) =>
    list.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));

  beforeAll(async () => {
    fixture = await openLedger('scm_stock_read');
    // The read side's own migration (an index) on top of the ledger's tables.
    const runner = fixture.dataSource.createQueryRunner();
    try {
      for (const Migration of stockArea.migrations) await new Migration().up(runner);
    } finally {
      await runner.release();
    }
    reader = new StockReader();
    sut = new StockQueries(fixture.dataSource, reader);
    await seedReplicas(
      fixture,
      [
        skuSnapshot({ sku_id: 'FLOUR', name: 'Flour', threshold: '10' }),
        skuSnapshot({ sku_id: 'SUGAR', name: 'Sugar', ch_display_name: '糖' }),
        skuSnapshot({ sku_id: 'NAPKIN', name: 'Napkin', is_inventorise: false }),
      ],
      [locationSnapshot(OUT1, 'Outlet one'), locationSnapshot(OUT2, 'Outlet two')],
    );
    await post(
      fixture,
      request('R1', '2026-03-01', [
        line('FLOUR', OUT1, '10', '2', 1),
        line('SUGAR', OUT1, '5', '1', 2),
        line('FLOUR', OUT2, '4', '3', 3),
      ]),
    );
    await post(fixture, request('R2', '2026-03-05', [line('FLOUR', OUT1, '10', '2.5')]));
    await pause(20);
    beforeI1 = new Date();
    await pause(20);
    await post(fixture, request('I1', '2026-03-10', [line('FLOUR', OUT1, '-15')]));
    await post(fixture, request('I2', '2026-03-12', [line('SUGAR', OUT1, '-8')], { allow_negative: true }));
  });

  afterAll(() => fixture?.close());

  describe('overview', () => {
    it('answers every balance with its quantities, value, average cost, threshold flag and open back orders', async () => {
      const page = await sut.overview(body({ limit: 100 }), ALL_LOCATIONS_SCOPE, director);
      expect(page).toMatchObject({ recordsTotal: 3 });
      expect(
        pick(
          rows(page),
          'item_id',
          'item_name',
          'location_id',
          'location_name',
          'uom_name',
          'on_hand',
          'reserved',
          'in_transit',
          'available',
          'back_order_quantity',
          'stock_value',
          'average_cost',
          'threshold',
          'below_threshold',
        ),
      ).toEqual([
        {
          item_id: 'FLOUR',
          item_name: 'Flour',
          location_id: OUT1,
          location_name: 'Outlet one',
          uom_name: 'KG',
          on_hand: '5.000',
          reserved: '0.000',
          in_transit: '0.000',
          available: '5.000',
          back_order_quantity: '0.000',
          stock_value: '12.50',
          average_cost: '2.5000',
          threshold: '10.000',
          below_threshold: true,
        },
        {
          item_id: 'FLOUR',
          item_name: 'Flour',
          location_id: OUT2,
          location_name: 'Outlet two',
          uom_name: 'KG',
          on_hand: '4.000',
          reserved: '0.000',
          in_transit: '0.000',
          available: '4.000',
          back_order_quantity: '0.000',
          stock_value: '12.00',
          average_cost: '3.0000',
          threshold: '10.000',
          below_threshold: true,
        },
        {
          item_id: 'SUGAR',
          item_name: 'Sugar',
          location_id: OUT1,
          location_name: 'Outlet one',
          uom_name: 'KG',
          on_hand: '0.000',
          reserved: '0.000',
          in_transit: '0.000',
          available: '0.000',
          back_order_quantity: '-3.000',
          stock_value: '0.00',
          average_cost: '0.0000',
          threshold: '0.000',
          below_threshold: false,
        },
      ]);
    });

    it('keeps to the caller locations, even when the filter asks for another', async () => {
      const scoped = await sut.overview(body({ limit: 100 }), out1Only, director);
      expect(rows(scoped).map((row) => `${row.item_id}@${row.location_id}`)).toEqual(['FLOUR@OUT1', 'SUGAR@OUT1']);
      // A full page is counted (on the balances alone when only they are filtered).
      expect(await sut.overview(body({ limit: 1 }), ALL_LOCATIONS_SCOPE, director)).toMatchObject({ recordsTotal: 3 });
      expect(await sut.overview(body({ limit: 1 }), out1Only, director)).toMatchObject({ recordsTotal: 2 });
      expect(
        await sut.overview(body({ limit: 1, other_params: { level: 'below_threshold' } }), out1Only, director),
      ).toMatchObject({ recordsTotal: 1 });
      expect(
        await sut.overview(
          body({ limit: 1, start: 1, other_params: { level: 'in_stock' } }),
          ALL_LOCATIONS_SCOPE,
          director,
        ),
      ).toMatchObject({ recordsTotal: 2 });
      const asked = await sut.overview(body({ other_params: { location_ids: [OUT2] } }), out1Only, director);
      expect(rows(asked)).toEqual([]);
      const filtered = await sut.overview(
        body({ other_params: { location_ids: [OUT2] } }),
        ALL_LOCATIONS_SCOPE,
        director,
      );
      expect(rows(filtered).map((row) => row.location_id)).toEqual([OUT2]);
    });

    it.each([
      ['below_threshold', ['FLOUR@OUT1', 'FLOUR@OUT2']],
      ['in_stock', ['FLOUR@OUT1', 'FLOUR@OUT2']],
      ['out_of_stock', ['SUGAR@OUT1']],
      ['back_ordered', ['SUGAR@OUT1']],
    ])('filters by level %s', async (level, expected) => {
      const page = await sut.overview(body({ other_params: { level } }), ALL_LOCATIONS_SCOPE, director);
      expect(rows(page).map((row) => `${row.item_id}@${row.location_id}`)).toEqual(expected);
    });

    it('filters by item type, category and search; refuses an unknown level', async () => {
      const search = await sut.overview(body({ search_str: '糖' }), ALL_LOCATIONS_SCOPE, director);
      expect(rows(search).map((row) => row.item_id)).toEqual(['SUGAR']);
      const byId = await sut.overview(body({ search_str: 'flo' }), ALL_LOCATIONS_SCOPE, director);
      expect(rows(byId)).toHaveLength(2);
      const products = await sut.overview(
        body({ other_params: { item_type: 'product' } }),
        ALL_LOCATIONS_SCOPE,
        director,
      );
      expect(rows(products)).toEqual([]);
      const category = await sut.overview(
        body({ other_params: { category_id: '00000000-0000-4000-8000-0000000000c1' } }),
        ALL_LOCATIONS_SCOPE,
        director,
      );
      expect(rows(category)).toHaveLength(3);
      await expect(
        sut.overview(body({ other_params: { level: 'plenty' } }), ALL_LOCATIONS_SCOPE, director),
      ).rejects.toMatchObject({ field: 'other_params.level' });
    });

    it('pages by cursor through every row once, in order, when asked a cursor', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let pageNo = 0; pageNo < 10; pageNo += 1) {
        const page = await sut.overview(body({ limit: 1, cursor }), ALL_LOCATIONS_SCOPE, director);
        expect(page).not.toHaveProperty('recordsTotal');
        seen.push(...rows(page).map((row) => `${row.item_id}@${row.location_id}`));
        cursor = (page as { next_cursor: string | null }).next_cursor;
        if (cursor === null) break;
      }
      expect(seen).toEqual(['FLOUR@OUT1', 'FLOUR@OUT2', 'SUGAR@OUT1']);
      const byQuantity: string[] = [];
      cursor = null;
      do {
        const page = await sut.overview(
          body({ limit: 2, cursor, order_by: [{ column: 'on_hand', sort_type: 'DESC' }] }),
          ALL_LOCATIONS_SCOPE,
          director,
        );
        byQuantity.push(...rows(page).map((row) => row.on_hand));
        cursor = (page as { next_cursor: string | null }).next_cursor;
      } while (cursor !== null);
      expect(byQuantity).toEqual(['5.000', '4.000', '0.000']);
    });

    it('lets no role without can_see_cost sort by a cost column', async () => {
      const ordered = body({ order_by: [{ column: 'stock_value', sort_type: 'DESC' }] });
      await expect(sut.overview(ordered, ALL_LOCATIONS_SCOPE, noCost)).rejects.toBeInstanceOf(ListQueryError);
      expect(rows(await sut.overview(ordered, ALL_LOCATIONS_SCOPE, director)).map((row) => row.stock_value)).toEqual([
        '12.50',
        '12.00',
        '0.00',
      ]);
    });
  });

  describe('an item', () => {
    it('answers its balances and open layers at the caller locations', async () => {
      const everywhere = await sut.itemDetail('sku', 'FLOUR', ALL_LOCATIONS_SCOPE);
      expect(everywhere).toMatchObject({ item_id: 'FLOUR', item_name: 'Flour', uom_name: 'KG', threshold: '10.000' });
      expect(everywhere.balances.map((row) => [row.location_id, row.on_hand, row.stock_value])).toEqual([
        [OUT1, '5.000', '12.50'],
        [OUT2, '4.000', '12.00'],
      ]);
      expect(
        everywhere.batches.map((b) => [
          b.location_id,
          b.document_no,
          b.remaining_quantity,
          b.unit_cost,
          b.remaining_value,
          b.value_date,
        ]),
      ).toEqual([
        [OUT1, 'SA-R2', '5.000', '2.5000', '12.50', '2026-03-05'],
        [OUT2, 'SA-R1', '4.000', '3.0000', '12.00', '2026-03-01'],
      ]);
      const scoped = await sut.itemDetail('sku', 'FLOUR', out1Only);
      expect(scoped.balances.map((row) => row.location_id)).toEqual([OUT1]);
      expect(scoped.batches.map((row) => row.location_id)).toEqual([OUT1]);
      await expect(sut.itemDetail('sku', 'NOPE', ALL_LOCATIONS_SCOPE)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('lists its movements with the running balance and value of their location, whatever the page or date range', async () => {
      const all = await sut.movements(
        'sku',
        'FLOUR',
        body({ limit: 100, other_params: { location_ids: [OUT1] } }),
        ALL_LOCATIONS_SCOPE,
      );
      // Newest first: the running figures are those after each movement, in posting order.
      expect(
        pick(
          rows(all),
          'document_no',
          'value_date',
          'quantity',
          'unit_cost',
          'cost_value',
          'running_balance',
          'running_value',
        ),
      ).toEqual([
        {
          document_no: 'SA-I1',
          value_date: '2026-03-10',
          quantity: '-5.000',
          unit_cost: '2.5000',
          cost_value: '-12.50',
          running_balance: '5.000',
          running_value: '12.50',
        },
        {
          document_no: 'SA-I1',
          value_date: '2026-03-10',
          quantity: '-10.000',
          unit_cost: '2.0000',
          cost_value: '-20.00',
          running_balance: '10.000',
          running_value: '25.00',
        },
        {
          document_no: 'SA-R2',
          value_date: '2026-03-05',
          quantity: '10.000',
          unit_cost: '2.5000',
          cost_value: '25.00',
          running_balance: '20.000',
          running_value: '45.00',
        },
        {
          document_no: 'SA-R1',
          value_date: '2026-03-01',
          quantity: '10.000',
          unit_cost: '2.0000',
          cost_value: '20.00',
          running_balance: '10.000',
          running_value: '20.00',
        },
      ]);
      // A date range shows fewer rows, not other running figures.
      const ranged = await sut.movements(
        'sku',
        'FLOUR',
        body({ other_params: { value_date: { from: '2026-03-05', to: '2026-03-05' } } }),
        ALL_LOCATIONS_SCOPE,
      );
      expect(pick(rows(ranged), 'document_no', 'running_balance', 'running_value')).toEqual([
        { document_no: 'SA-R2', running_balance: '20.000', running_value: '45.00' },
      ]);
      // Each location runs on its own; a page by cursor keeps the figures.
      const keyset = await sut.movements(
        'sku',
        'FLOUR',
        body({ limit: 2, cursor: null, order_by: [{ column: 'posted_at', sort_type: 'ASC' }] }),
        ALL_LOCATIONS_SCOPE,
      );
      const next = await sut.movements(
        'sku',
        'FLOUR',
        body({
          limit: 2,
          cursor: (keyset as { next_cursor: string }).next_cursor,
          order_by: [{ column: 'posted_at', sort_type: 'ASC' }],
        }),
        ALL_LOCATIONS_SCOPE,
      );
      expect(
        [...rows(keyset), ...rows(next)].map((row) => `${row.location_id} ${row.quantity} → ${row.running_balance}`),
      ).toEqual(['OUT1 10.000 → 10.000', 'OUT2 4.000 → 4.000', 'OUT1 10.000 → 20.000', 'OUT1 -10.000 → 10.000']);
      // The path names the item: another item id in the body changes nothing.
      const widened = await sut.movements(
        'sku',
        'FLOUR',
        body({ limit: 100, other_params: { item_id: 'SUGAR' } }),
        ALL_LOCATIONS_SCOPE,
      );
      expect(new Set(rows(widened).map((row) => row.item_id))).toEqual(new Set(['FLOUR']));
      const scoped = await sut.movements('sku', 'FLOUR', body({ limit: 100 }), { locations: [OUT2] });
      expect(rows(scoped).map((row) => row.location_id)).toEqual([OUT2]);
    });
  });

  describe('stock at a location (documents)', () => {
    it('answers the balance and open batches, zeros where nothing was posted, not found outside the scope', async () => {
      const at = await sut.stockAt(OUT1, 'sku', 'FLOUR', ALL_LOCATIONS_SCOPE);
      expect(at).toMatchObject({
        item_id: 'FLOUR',
        location_id: OUT1,
        uom_name: 'KG',
        on_hand: '5.000',
        reserved: '0.000',
        available: '5.000',
        average_cost: '2.5000',
      });
      expect(at.uom_list).toEqual(
        [{ uom_name: 'KG', factor: expect.stringMatching(/^1(\.0+)?$/) }].map((u) => expect.objectContaining(u)),
      );
      expect(at.batches.map((b) => [b.document_no, b.remaining_quantity])).toEqual([['SA-R2', '5.000']]);
      expect(await sut.stockAt(OUT2, 'sku', 'SUGAR', ALL_LOCATIONS_SCOPE)).toMatchObject({
        on_hand: '0.000',
        available: '0.000',
        average_cost: '0.0000',
        batches: [],
      });
      await expect(sut.stockAt(OUT2, 'sku', 'FLOUR', out1Only)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(sut.stockAt('NOWHERE', 'sku', 'FLOUR', ALL_LOCATIONS_SCOPE)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    });

    it('answers the quantity on hand from the movements posted up to an instant', async () => {
      const keys = [
        { item_type: 'sku' as const, item_id: 'FLOUR' },
        { item_type: 'sku' as const, item_id: 'SUGAR' },
        { item_type: 'sku' as const, item_id: 'NAPKIN' },
      ];
      const then = await reader.onHandAsOf(fixture.dataSource.manager, OUT1, keys, beforeI1);
      expect(Object.fromEntries(then)).toEqual({ 'sku:FLOUR': '20.000', 'sku:SUGAR': '5.000', 'sku:NAPKIN': '0.000' });
      const now = await reader.onHandAsOf(fixture.dataSource.manager, OUT1, keys, new Date());
      expect(Object.fromEntries(now)).toEqual({ 'sku:FLOUR': '5.000', 'sku:SUGAR': '0.000', 'sku:NAPKIN': '0.000' });
    });

    it('searches the items a document line may name (inventorised ones)', async () => {
      const all = await sut.items(body({ limit: 100 }));
      expect(all.data.map((row) => row.item_id)).toEqual(['FLOUR', 'SUGAR']);
      expect(all.data[0]).toMatchObject({
        item_type: 'sku',
        uom_name: 'KG',
        counting_uom_name: 'KG',
        status: 'active',
      });
      expect((await sut.items(body({ search_str: 'sug' }))).data.map((row) => row.item_id)).toEqual(['SUGAR']);
    });
  });

  describe('/fifo', () => {
    const valuation = async (asOf: string | undefined, scope: LocationScope = ALL_LOCATIONS_SCOPE) =>
      pick(
        (await sut.fifoValuation(body({ limit: 100, other_params: asOf ? { as_of: asOf } : {} }), scope)).data,
        'item_id',
        'location_id',
        'quantity',
        'valuation',
        'layer_count',
      );

    it('values every item and location as of the end of a past date, ignoring what is dated later', async () => {
      expect(await valuation('2026-02-28')).toEqual([]);
      expect(await valuation('2026-03-01')).toEqual([
        { item_id: 'FLOUR', location_id: OUT1, quantity: '10.000', valuation: '20.00', layer_count: 1 },
        { item_id: 'FLOUR', location_id: OUT2, quantity: '4.000', valuation: '12.00', layer_count: 1 },
        { item_id: 'SUGAR', location_id: OUT1, quantity: '5.000', valuation: '5.00', layer_count: 1 },
      ]);
      expect(await valuation('2026-03-09')).toEqual([
        { item_id: 'FLOUR', location_id: OUT1, quantity: '20.000', valuation: '45.00', layer_count: 2 },
        { item_id: 'FLOUR', location_id: OUT2, quantity: '4.000', valuation: '12.00', layer_count: 1 },
        { item_id: 'SUGAR', location_id: OUT1, quantity: '5.000', valuation: '5.00', layer_count: 1 },
      ]);
      // Today: what the balances hold (SUGAR is out of stock: no row).
      expect(await valuation(undefined)).toEqual([
        { item_id: 'FLOUR', location_id: OUT1, quantity: '5.000', valuation: '12.50', layer_count: 1 },
        { item_id: 'FLOUR', location_id: OUT2, quantity: '4.000', valuation: '12.00', layer_count: 1 },
      ]);
      expect(await valuation('2026-03-09', { locations: [OUT2] })).toEqual([
        { item_id: 'FLOUR', location_id: OUT2, quantity: '4.000', valuation: '12.00', layer_count: 1 },
      ]);
      await expect(
        sut.fifoValuation(body({ other_params: { as_of: '2026-13-01' } }), ALL_LOCATIONS_SCOPE),
      ).rejects.toMatchObject({
        field: 'other_params.as_of',
      });
    });

    it('answers one item layers as they stood at the end of a date', async () => {
      const layers = async (asOf: string, locationId?: string) =>
        (await sut.fifoLayers('sku', 'FLOUR', locationId, asOf, ALL_LOCATIONS_SCOPE)).map((b) => [
          b.location_id,
          b.document_no,
          b.received_quantity,
          b.remaining_quantity,
          b.unit_cost,
          b.remaining_value,
        ]);
      expect(await layers('2026-03-09', OUT1)).toEqual([
        [OUT1, 'SA-R1', '10.000', '10.000', '2.0000', '20.00'],
        [OUT1, 'SA-R2', '10.000', '10.000', '2.5000', '25.00'],
      ]);
      expect(await layers('2026-03-10', OUT1)).toEqual([[OUT1, 'SA-R2', '10.000', '5.000', '2.5000', '12.50']]);
      expect(await layers('2026-03-10')).toEqual([
        [OUT1, 'SA-R2', '10.000', '5.000', '2.5000', '12.50'],
        [OUT2, 'SA-R1', '4.000', '4.000', '3.0000', '12.00'],
      ]);
      expect(await sut.fifoLayers('sku', 'FLOUR', OUT2, '2026-03-10', out1Only)).toEqual([]);
    });
  });

  describe('back orders', () => {
    it('lists the shortfalls with their tabs, and shows one settled by the next receipt at its cost', async () => {
      const list = async () =>
        pick(
          (await sut.backOrders(body({}), ALL_LOCATIONS_SCOPE)).data,
          'status',
          'item_id',
          'location_id',
          'initial_quantity',
          'current_quantity',
          'document_no',
          'settled_value',
          'unit_cost',
        );
      expect(await list()).toEqual([
        {
          status: 'OPEN',
          item_id: 'SUGAR',
          location_id: OUT1,
          initial_quantity: '-3.000',
          current_quantity: '-3.000',
          document_no: 'SA-I2',
          settled_value: '0.00',
          unit_cost: null,
        },
      ]);
      expect(await sut.backOrderCounts(body({}), ALL_LOCATIONS_SCOPE)).toEqual([
        { status: null, count: 1 },
        { status: 'OPEN', count: 1 },
        { status: 'SETTLED', count: 0 },
        { status: 'CANCELLED', count: 0 },
      ]);

      await post(fixture, request('R3', '2026-03-15', [line('SUGAR', OUT1, '4', '1.5')]));
      expect(await list()).toEqual([
        {
          status: 'SETTLED',
          item_id: 'SUGAR',
          location_id: OUT1,
          initial_quantity: '-3.000',
          current_quantity: '0.000',
          document_no: 'SA-I2',
          settled_value: '4.50',
          unit_cost: '1.5000',
        },
      ]);
      expect(await sut.backOrderCounts(body({ other_params: { status: 'OPEN' } }), ALL_LOCATIONS_SCOPE)).toEqual([
        { status: null, count: 1 },
        { status: 'OPEN', count: 0 },
        { status: 'SETTLED', count: 1 },
        { status: 'CANCELLED', count: 0 },
      ]);
      expect(await sut.backOrderCounts(body({}), { locations: [OUT2] })).toEqual([
        { status: null, count: 0 },
        { status: 'OPEN', count: 0 },
        { status: 'SETTLED', count: 0 },
        { status: 'CANCELLED', count: 0 },
      ]);
      expect((await sut.backOrders(body({}), { locations: [OUT2] })).data).toEqual([]);
      const overview = await sut.overview(
        body({ other_params: { level: 'back_ordered' } }),
        ALL_LOCATIONS_SCOPE,
        director,
      );
      expect(rows(overview)).toEqual([]);
    });
  });
});
