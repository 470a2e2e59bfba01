import { listQuerySchema } from '@scm/contracts';
import type { ListQueryInput } from '@scm/contracts';
import { createTestDatabase } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import { DataSource } from 'typeorm';
import { ListQueryError } from '../../src/list-query/list-query-error.js';
import { runListQuery } from '../../src/list-query/list-resource.js';
import type {
  KeysetListResource,
  KeysetListResult,
  ListResource,
  ListScope,
} from '../../src/list-query/list-resource.js';

interface UomRow {
  uom_id: number;
  uom_name: string;
  description: string | null;
  status: string;
  factor: string | null;
  location_id: string;
  last_updated_time: Date;
}

const uoms: ListResource = {
  from: 'uom u',
  columns: {
    uom_id: { sql: 'u.uom_id', sortable: true, filter: 'eq' },
    uom_name: { sql: 'u.uom_name', sortable: true, searchable: true, filter: 'text' },
    description: { sql: 'u.description', sortable: true, searchable: true },
    category: { sql: 'u.category', filter: 'in' },
    is_base: { sql: 'u.is_base', filter: 'bool' },
    status: { sql: 'u.status', sortable: true, filter: 'status' },
    factor: { sql: 'u.factor', sortable: true, filter: 'number_range' },
    created_date: { sql: 'u.created_date', filter: 'date_range' },
    location_id: { sql: 'u.location_id' },
    last_updated_time: { sql: 'u.last_updated_time', sortable: true },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'u.uom_id',
  baseWhere: 'u.deleted_at IS NULL',
  locationColumn: 'u.location_id',
};

// id, name, description, category, is_base, status, factor, created, location, last updated, deleted
const seed: [number, string, string | null, string, boolean, string, string | null, string, string, string, boolean][] =
  [
    [
      1,
      'Kilogram',
      'base weight',
      'weight',
      true,
      'active',
      '1',
      '2024-01-01T00:00:00Z',
      'L1',
      '2024-03-01T10:00:00Z',
      false,
    ],
    [2, 'Gram', null, 'weight', false, 'new', '0.001', '2024-01-15T12:00:00Z', 'L1', '2024-03-02T10:00:00Z', false],
    [
      3,
      '50% box',
      'half box',
      'pack',
      false,
      'archived',
      '50',
      '2024-01-31T23:30:00Z',
      'L2',
      '2024-03-02T10:00:00Z',
      false,
    ],
    [
      4,
      'bag_of_10',
      'ten bags',
      'pack',
      false,
      'active',
      '10',
      '2024-02-01T00:00:00Z',
      'L2',
      '2024-03-03T10:00:00Z',
      false,
    ],
    [5, 'bagxofx10', null, 'pack', false, 'active', '10', '2024-02-10T00:00:00Z', 'L3', '2024-03-04T10:00:00Z', false],
    [
      6,
      'back\\slash',
      "o'brien's tin",
      'pack',
      false,
      'new',
      null,
      '2024-02-20T00:00:00Z',
      'L3',
      '2024-03-05T10:00:00Z',
      false,
    ],
    [
      7,
      'Litre',
      'base volume',
      'volume',
      true,
      'active',
      '1',
      '2024-02-25T00:00:00Z',
      'L1',
      '2024-03-06T10:00:00Z',
      false,
    ],
    [
      8,
      'Deleted kilo',
      'gone',
      'weight',
      false,
      'active',
      '1',
      '2024-02-25T00:00:00Z',
      'L1',
      '2024-03-07T10:00:00Z',
      true,
    ],
  ];

const body = (input: ListQueryInput = {}) => listQuerySchema.parse(input);

describe(runListQuery.name, () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  const list = (input: ListQueryInput = {}, scope: ListScope = { locations: 'all' }) =>
    runListQuery<UomRow>(dataSource.manager, uoms, body(input), scope);
  const ids = async (input: ListQueryInput = {}, scope?: ListScope) =>
    (await list(input, scope)).data.map((row) => row.uom_id);

  beforeAll(async () => {
    database = await createTestDatabase('scm_list_query');
    dataSource = new DataSource({ type: 'postgres', url: database.url, extra: { options: '-c TimeZone=UTC' } });
    await dataSource.initialize();
    await dataSource.query(`
      CREATE TABLE uom (
        uom_id integer PRIMARY KEY,
        uom_name text NOT NULL,
        description text,
        category text NOT NULL,
        is_base boolean NOT NULL,
        status text NOT NULL,
        factor numeric(18, 6),
        created_date timestamptz NOT NULL,
        location_id text NOT NULL,
        last_updated_time timestamptz NOT NULL,
        deleted_at timestamptz
      )`);
    for (const [id, name, description, category, isBase, status, factor, created, location, updated, deleted] of seed) {
      await dataSource.query(
        `INSERT INTO uom VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $11 THEN now() END)`,
        [id, name, description, category, isBase, status, factor, created, location, updated, deleted],
      );
    }
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('lists the live rows newest first, ties broken by the highest id, with API-named columns', async () => {
    const result = await list();
    expect(result.recordsTotal).toBe(7);
    expect(result.data.map((row) => row.uom_id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(Object.keys(result.data[0])).toEqual(Object.keys(uoms.columns));
    expect(result.data[0]).toMatchObject({ uom_name: 'Litre', status: 'active', location_id: 'L1' });
  });

  it('pages with a stable order and counts every matching row', async () => {
    const order_by = [{ column: 'status', sort_type: 'asc' }];
    const page1 = await list({ order_by, limit: 3, start: 0 });
    const page2 = await list({ order_by, limit: 3, start: 3 });
    const page3 = await list({ order_by, limit: 3, start: 6 });
    const beyond = await list({ order_by, limit: 3, start: 30 });
    expect([page1, page2, page3, beyond].map((page) => page.recordsTotal)).toEqual([7, 7, 7, 7]);
    // active (7, 5, 4, 1 in id order ASC), archived (3), new (6, 2)
    expect([...page1.data, ...page2.data, ...page3.data].map((row) => row.uom_id)).toEqual([1, 4, 5, 7, 3, 2, 6]);
    expect(beyond.data).toEqual([]);
  });

  it('sorts by several columns, empty values last in both directions', async () => {
    expect(await ids({ order_by: [{ column: 'description', sort_type: 'ASC' }] })).toEqual([7, 1, 3, 6, 4, 2, 5]);
    expect(await ids({ order_by: [{ column: 'description', sort_type: 'DESC' }] })).toEqual([4, 6, 3, 1, 7, 5, 2]);
    expect(
      await ids({
        order_by: [
          { column: 'factor', sort_type: 'DESC' },
          { column: 'uom_name', sort_type: 'ASC' },
        ],
      }),
    ).toEqual([3, 4, 5, 1, 7, 2, 6]);
  });

  it('searches any searchable column, case-insensitively', async () => {
    expect(await ids({ search_str: 'KILO' })).toEqual([1]);
    expect(await ids({ search_str: ' base ' })).toEqual([7, 1]);
  });

  it('searches %, _ and \\ as plain characters', async () => {
    expect(await ids({ search_str: '%' })).toEqual([3]);
    expect(await ids({ search_str: 'bag_' })).toEqual([4]);
    expect(await ids({ search_str: 'k\\s' })).toEqual([6]);
    expect(await ids({ search_str: "O'Brien" })).toEqual([6]);
  });

  it('applies every filter type', async () => {
    expect(await ids({ other_params: { uom_id: 3 } })).toEqual([3]);
    expect(await ids({ other_params: { category: ['volume', 'weight'] } })).toEqual([7, 2, 1]);
    expect(await ids({ other_params: { is_base: true } })).toEqual([7, 1]);
    expect(await ids({ other_params: { status: 'new_or_active' } })).toEqual([7, 6, 5, 4, 2, 1]);
    expect(await ids({ other_params: { status: ['archived'] } })).toEqual([3]);
    expect(await ids({ other_params: { uom_name: 'GRAM' } })).toEqual([2, 1]);
    expect(await ids({ other_params: { factor: { from: 1, to: '10' } } })).toEqual([7, 5, 4, 1]);
    expect(await ids({ other_params: { created_date: { from: '2024-01-15', to: '2024-01-31' } } })).toEqual([3, 2]);
    expect(await ids({ other_params: { created_date: { to: '2024-01-31T23:00:00Z' } } })).toEqual([2, 1]);
    expect(await ids({ other_params: { status: '', uom_name: null, factor: { from: '' } } })).toHaveLength(7);
  });

  it('reports a value the column cannot read as a validation error on the filter', async () => {
    await expect(list({ other_params: { uom_id: 'abc' } })).rejects.toMatchObject({ field: 'other_params.uom_id' });
    await expect(list({ other_params: { uom_id: 'abc' } })).rejects.toBeInstanceOf(ListQueryError);
  });

  it('answers an empty locations filter with nothing, filters by locations and keeps to the user scope', async () => {
    expect(await list({ other_params: { locations: [] } })).toEqual({ data: [], recordsTotal: 0 });
    expect(await ids({ other_params: { locations: ['L2'] } })).toEqual([4, 3]);
    expect(await ids({}, { locations: ['L3'] })).toEqual([6, 5]);
    expect(await ids({ other_params: { locations: ['L2', 'L3'] } }, { locations: ['L3', 'L1'] })).toEqual([6, 5]);
    expect(await list({ other_params: { locations: ['L2'] } }, { locations: ['L3'] })).toEqual({
      data: [],
      recordsTotal: 0,
    });
    expect(await ids({ search_str: 'kilo' }, { locations: 'all' })).toEqual([1]);
  });

  it('refuses to list at all without the caller location scope', async () => {
    await expect(runListQuery(dataSource.manager, uoms, body())).rejects.toThrow(/location scope/);
  });

  it('returns only the requested columns', async () => {
    const result = await list({ columns: ['uom_name', 'status'], limit: 1 });
    expect(result.data).toEqual([{ uom_name: 'Litre', status: 'active' }]);
    expect(result.recordsTotal).toBe(7);
  });

  describe('injection attempts', () => {
    const attacks = [
      "' OR 1=1 --",
      "'; DROP TABLE uom; --",
      "x' UNION SELECT 1,2,3 --",
      '$1',
      "\\'; DELETE FROM uom; --",
    ];

    it.each(attacks)('search %p finds nothing and changes nothing', async (text) => {
      expect(await list({ search_str: text })).toEqual({ data: [], recordsTotal: 0 });
    });

    it.each(attacks)('filter values %p find nothing', async (text) => {
      expect((await list({ other_params: { uom_name: text } })).recordsTotal).toBe(0);
      expect((await list({ other_params: { category: [text] } })).recordsTotal).toBe(0);
      expect((await list({ other_params: { status: text } })).recordsTotal).toBe(0);
      expect((await list({ other_params: { locations: [text] } })).recordsTotal).toBe(0);
    });

    it.each([['uom_name; DROP TABLE uom'], ['uom_name desc, (select 1)'], ['(SELECT 1)']])(
      'sort column %p is refused',
      async (column) => {
        await expect(list({ order_by: [{ column }] })).rejects.toMatchObject({ field: 'order_by[0].column' });
      },
    );

    it('sort_type "ASC; DROP" is refused by the body schema, naming the field', () => {
      const parsed = listQuerySchema.safeParse({ order_by: [{ column: 'uom_id', sort_type: 'ASC; DROP' }] });
      expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['order_by.0.sort_type']);
    });

    it('filter keys carrying SQL are refused', async () => {
      await expect(list({ other_params: { '1=1; DROP TABLE uom; --': 'x' } })).rejects.toBeInstanceOf(ListQueryError);
    });

    it('leaves the table and all its rows in place', async () => {
      const [table] = await dataSource.query<{ name: string | null; rows: string }[]>(
        `SELECT to_regclass('uom') AS name, (SELECT count(*) FROM uom) AS rows`,
      );
      expect(table).toEqual({ name: 'uom', rows: '8' });
    });
  });
});

interface MovementRow {
  movement_id: string;
  location_id: string;
  quantity: string;
  value_date: Date;
}

/**
 * Keyset paging against PostgreSQL: an append-only table with many rows sharing a value date (microseconds
 * apart and equal), paged by cursor in both directions: every row exactly once, in order, and rows appended
 * while paging are not skipped nor repeated.
 */
describe(`${runListQuery.name} in keyset mode`, () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  const movements: KeysetListResource = {
    from: 'stock_movement m',
    columns: {
      movement_id: { sql: 'm.movement_id', sortable: true },
      location_id: { sql: 'm.location_id' },
      quantity: { sql: 'm.quantity' },
      value_date: { sql: 'm.value_date', sortable: true },
    },
    defaultOrder: { column: 'value_date', direction: 'DESC' },
    tieBreaker: 'm.movement_id',
    locationColumn: 'm.location_id',
    paging: 'keyset',
  };
  const ALL: ListScope = { locations: 'all' };

  /** Every page from the first until next_cursor is null. */
  async function allPages(input: ListQueryInput, scope: ListScope = ALL): Promise<{ pages: number; ids: string[] }> {
    const ids: string[] = [];
    let cursor: string | null = input.cursor ?? null;
    let pages = 0;
    do {
      const page: KeysetListResult<MovementRow> = await runListQuery<MovementRow>(
        dataSource.manager,
        movements,
        body({ ...input, cursor }),
        scope,
      );
      pages += 1;
      ids.push(...page.data.map((row) => row.movement_id));
      cursor = page.next_cursor;
    } while (cursor !== null && pages < 1000);
    return { pages, ids };
  }

  beforeAll(async () => {
    database = await createTestDatabase('scm_list_keyset');
    dataSource = new DataSource({ type: 'postgres', url: database.url });
    await dataSource.initialize();
    await dataSource.query(`
      CREATE TABLE stock_movement (
        movement_id bigint PRIMARY KEY,
        location_id text NOT NULL,
        quantity numeric(18, 3) NOT NULL,
        value_date timestamptz NOT NULL
      );
      CREATE INDEX stock_movement_value_date ON stock_movement (value_date, movement_id)`);
    // 95 movements: groups of 5 sharing a value date, and dates a microsecond apart (JS Dates would lose it).
    await dataSource.query(
      `INSERT INTO stock_movement
       SELECT i, CASE WHEN i % 3 = 0 THEN 'L2' ELSE 'L1' END, i,
              timestamptz '2025-01-01 00:00:00.000001+00' + ((i / 5) * interval '1 microsecond')
         FROM generate_series(1, 95) AS i`,
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('pages newest first through every row exactly once, ties broken by the highest id', async () => {
    const { pages, ids } = await allPages({ limit: 10 });
    expect(pages).toBe(10);
    expect(ids.map(Number)).toEqual(Array.from({ length: 95 }, (_v, i) => 95 - i));
  });

  it('pages oldest first in an ascending order', async () => {
    const { ids } = await allPages({ limit: 7, order_by: [{ column: 'value_date', sort_type: 'asc' }] });
    expect(ids.map(Number)).toEqual(Array.from({ length: 95 }, (_v, i) => i + 1));
  });

  it('answers no next cursor on the last page and no cursor keys in the rows', async () => {
    const page = await runListQuery<MovementRow>(dataSource.manager, movements, body({ limit: 100 }), ALL);
    expect(page.next_cursor).toBeNull();
    expect(page.data).toHaveLength(95);
    expect(Object.keys(page.data[0])).toEqual(['movement_id', 'location_id', 'quantity', 'value_date']);
  });

  it('keeps to the caller locations on every page', async () => {
    const { ids } = await allPages({ limit: 4 }, { locations: ['L2'] });
    expect(ids.map(Number)).toEqual(Array.from({ length: 31 }, (_v, i) => 93 - 3 * i));
  });

  it('neither skips nor repeats a row when rows are appended between pages (oldest first)', async () => {
    const asc = { limit: 50, order_by: [{ column: 'value_date', sort_type: 'ASC' }] };
    const first = await runListQuery<MovementRow>(dataSource.manager, movements, body(asc), ALL);
    await dataSource.query(
      `INSERT INTO stock_movement VALUES (96, 'L1', 1, '2025-02-01T00:00:00Z'), (97, 'L1', 1, '2025-02-01T00:00:00Z')`,
    );
    const rest = await allPages({ ...asc, cursor: first.next_cursor });
    expect([...first.data.map((row) => row.movement_id), ...rest.ids].map(Number)).toEqual(
      Array.from({ length: 97 }, (_v, i) => i + 1),
    );
  });

  it('refuses a cursor made for another order, naming cursor', async () => {
    const page = await runListQuery(dataSource.manager, movements, body({ limit: 5 }), ALL);
    await expect(
      runListQuery(
        dataSource.manager,
        movements,
        body({ cursor: page.next_cursor, order_by: [{ column: 'movement_id', sort_type: 'desc' }] }),
        ALL,
      ),
    ).rejects.toMatchObject({ field: 'cursor' });
  });

  it('refuses a forged cursor whose values the columns cannot read, naming cursor', async () => {
    const page = await runListQuery(dataSource.manager, movements, body({ limit: 5 }), ALL);
    const decoded = JSON.parse(Buffer.from(page.next_cursor!, 'base64url').toString()) as { o: string; k: string[] };
    const forged = Buffer.from(JSON.stringify({ o: decoded.o, k: ['yesterday-ish', "1'; DROP TABLE x"] })).toString(
      'base64url',
    );
    await expect(runListQuery(dataSource.manager, movements, body({ cursor: forged }), ALL)).rejects.toMatchObject({
      field: 'cursor',
    });
  });
});
