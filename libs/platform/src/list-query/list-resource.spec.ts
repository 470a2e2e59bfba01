import { MAX_LIST_START, listQuerySchema } from '@scm/contracts';
import type { ListQuery, ListQueryInput } from '@scm/contracts';
import { ListQueryError } from './list-query-error.js';
import { compileListQuery, runListQuery } from './list-resource.js';
import type { CompiledListQuery, ListResource, ListScope } from './list-resource.js';

const uoms: ListResource = {
  from: 'catalog.uom u',
  columns: {
    uom_id: { sql: 'u.uom_id', sortable: true, filter: 'eq' },
    uom_name: { sql: 'u.uom_name', sortable: true, searchable: true, filter: 'text' },
    description: { sql: 'u.description', searchable: true },
    category: { sql: 'u.category', filter: 'in' },
    is_base: { sql: 'u.is_base', filter: 'bool' },
    status: { sql: 'u.status', sortable: true, filter: 'status' },
    created_date: { sql: 'u.created_date', filter: 'date_range' },
    factor: { sql: 'u.factor', sortable: true, filter: 'number_range' },
    location_id: { sql: 'u.location_id' },
    last_updated_time: { sql: 'u.last_updated_time', sortable: true },
  },
  defaultOrder: { column: 'last_updated_time', direction: 'DESC' },
  tieBreaker: 'u.uom_id',
  baseWhere: 'u.deleted_at IS NULL',
  locationColumn: 'u.location_id',
};

const body = (input: ListQueryInput = {}): ListQuery => listQuerySchema.parse(input);

/** A caller holding every location (administrators, directors). */
const ALL: ListScope = { locations: 'all' };

function compile(input: ListQueryInput = {}, scope: ListScope | undefined = ALL): CompiledListQuery {
  return compileListQuery(uoms, body(input), scope);
}

function thrown(fn: () => unknown): ListQueryError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ListQueryError);
    return error as ListQueryError;
  }
  throw new Error('expected a ListQueryError');
}

/** Highest `$n` used by a statement. */
function highestPlaceholder(sql: string): number {
  return Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
}

/** The attacker's text never reaches the SQL text, and every placeholder has exactly its parameter. */
function expectOnlyAsParameter(compiled: CompiledListQuery, ...fragments: string[]): void {
  for (const fragment of fragments) {
    expect(compiled.dataSql).not.toContain(fragment);
    expect(compiled.countSql).not.toContain(fragment);
  }
  expect(highestPlaceholder(compiled.dataSql)).toBe(compiled.params.length);
  expect(highestPlaceholder(compiled.countSql)).toBe(compiled.countParams.length);
}

const ALL_SELECT =
  'SELECT u.uom_id AS "uom_id", u.uom_name AS "uom_name", u.description AS "description", u.category AS "category", ' +
  'u.is_base AS "is_base", u.status AS "status", u.created_date AS "created_date", u.factor AS "factor", ' +
  'u.location_id AS "location_id", u.last_updated_time AS "last_updated_time"';

describe(compileListQuery.name, () => {
  describe('an empty body', () => {
    it('selects every column under its API name, keeps the base condition, orders by the default and pages 10 from 0', () => {
      const compiled = compile();
      expect(compiled).toEqual({
        empty: false,
        dataSql:
          `${ALL_SELECT} FROM catalog.uom u WHERE (u.deleted_at IS NULL)` +
          ' ORDER BY u.last_updated_time DESC NULLS LAST, u.uom_id DESC LIMIT $1 OFFSET $2',
        countSql: 'SELECT count(*) AS "recordsTotal" FROM catalog.uom u WHERE (u.deleted_at IS NULL)',
        params: [10, 0],
        countParams: [],
        fromWhereSql: ' FROM catalog.uom u WHERE (u.deleted_at IS NULL)',
        typedFilterFields: [],
      });
    });

    it('has no WHERE when the resource has no base condition', () => {
      const compiled = compileListQuery({ ...uoms, baseWhere: undefined }, body(), ALL);
      expect(compiled.dataSql).not.toContain('WHERE');
      expect(compiled.countSql).toBe('SELECT count(*) AS "recordsTotal" FROM catalog.uom u');
    });

    it('uses an ascending default order with an ascending tie-breaker', () => {
      const compiled = compileListQuery(
        { ...uoms, defaultOrder: { column: 'uom_name', direction: 'ASC' } },
        body(),
        ALL,
      );
      expect(compiled.dataSql).toContain('ORDER BY u.uom_name ASC NULLS LAST, u.uom_id ASC LIMIT');
    });
  });

  describe('order_by', () => {
    it('sorts by several columns in the order given, then the tie-breaker in the first direction', () => {
      const compiled = compile({
        order_by: [
          { column: 'status', sort_type: 'ASC' },
          { column: 'factor', sort_type: 'DESC' },
        ],
      });
      expect(compiled.dataSql).toContain(
        'ORDER BY u.status ASC NULLS LAST, u.factor DESC NULLS LAST, u.uom_id ASC LIMIT',
      );
    });

    it.each([
      ['ASC', 'ASC'],
      ['asc', 'ASC'],
      ['Asc', 'ASC'],
      ['DESC', 'DESC'],
      ['desc', 'DESC'],
      [undefined, 'DESC'],
    ])('sort_type %p sorts %s', (sortType, direction) => {
      const compiled = compile({ order_by: [{ column: 'uom_name', sort_type: sortType }] });
      expect(compiled.dataSql).toContain(`ORDER BY u.uom_name ${direction} NULLS LAST, u.uom_id ${direction} LIMIT`);
    });

    it('does not repeat the tie-breaker when it is already a sort key, and keeps the first mention of a column', () => {
      const compiled = compile({
        order_by: [
          { column: 'uom_id', sort_type: 'asc' },
          { column: 'uom_id', sort_type: 'desc' },
        ],
      });
      expect(compiled.dataSql).toContain('ORDER BY u.uom_id ASC NULLS LAST LIMIT');
    });

    it('ignores entries with a blank column and falls back to the default order', () => {
      expect(compile({ order_by: [{ column: '', sort_type: 'ASC' }] }).dataSql).toContain(
        'ORDER BY u.last_updated_time DESC NULLS LAST, u.uom_id DESC LIMIT',
      );
    });

    it.each([['down'], [''], ['ascending'], ['ASC; DROP']])(
      'the body refuses sort_type %p, naming the field',
      (sortType) => {
        const parsed = listQuerySchema.safeParse({ order_by: [{ column: 'uom_name', sort_type: sortType }] });
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues[0]).toMatchObject({
          path: ['order_by', 0, 'sort_type'],
          message: 'validation.sort_type',
        });
      },
    );

    it('refuses an unknown column, naming the entry', () => {
      const error = thrown(() => compile({ order_by: [{ column: 'uom_name' }, { column: 'colour' }] }));
      expect(error.field).toBe('order_by[1].column');
      expect(error.reason).toBe('unknown column');
    });

    it('refuses a column that is not sortable', () => {
      const error = thrown(() => compile({ order_by: [{ column: 'description' }] }));
      expect(error).toMatchObject({ field: 'order_by[0].column', reason: 'column is not sortable' });
    });

    it('refuses names inherited from Object.prototype', () => {
      for (const column of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        expect(thrown(() => compile({ order_by: [{ column }] })).field).toBe('order_by[0].column');
      }
    });
  });

  describe('search_str', () => {
    it('adds no condition for blank text', () => {
      expect(compile({ search_str: '   ' })).toEqual(compile());
    });

    it('matches any searchable column on its text cast with one trimmed, escaped parameter', () => {
      const compiled = compile({ search_str: '  kg  ' });
      expect(compiled.dataSql).toContain(
        "WHERE (u.deleted_at IS NULL) AND ((u.uom_name)::text ILIKE $1 ESCAPE '\\' OR (u.description)::text ILIKE $1 ESCAPE '\\')",
      );
      expect(compiled.countParams).toEqual(['%kg%']);
      expect(compiled.params).toEqual(['%kg%', 10, 0]);
    });

    it.each([
      ['50%', '%50\\%%'],
      ['a_b', '%a\\_b%'],
      ['C:\\temp', '%C:\\\\temp%'],
      ['%_\\', '%\\%\\_\\\\%'],
    ])('escapes LIKE wildcards in %p', (text, pattern) => {
      expect(compile({ search_str: text }).params[0]).toBe(pattern);
    });

    it('matches nothing on a resource without searchable columns', () => {
      const columns = { last_updated_time: { sql: 't.last_updated_time', sortable: true } };
      const compiled = compileListQuery(
        { from: 't', columns, defaultOrder: { column: 'last_updated_time', direction: 'DESC' }, tieBreaker: 't.id' },
        body({ search_str: 'x' }),
      );
      expect(compiled.dataSql).toContain('WHERE (FALSE)');
    });
  });

  describe('other_params filters', () => {
    it('ignores keys whose value is null, empty text or undefined, even unknown ones', () => {
      expect(compile({ other_params: { uom_name: '', status: null, category: undefined, colour: '' } })).toEqual(
        compile(),
      );
    });

    it('eq compares with the column in its own type', () => {
      const compiled = compile({ other_params: { uom_id: 42 } });
      expect(compiled.dataSql).toContain('AND ((u.uom_id) = $1)');
      expect(compiled.countParams).toEqual([42]);
      expect(compiled.typedFilterFields).toEqual(['other_params.uom_id']);
    });

    it('eq refuses arrays and objects', () => {
      expect(thrown(() => compile({ other_params: { uom_id: [1, 2] } }))).toMatchObject({
        field: 'other_params.uom_id',
        reason: 'expected a single value',
      });
      expect(thrown(() => compile({ other_params: { uom_id: { a: 1 } } })).field).toBe('other_params.uom_id');
    });

    it('in binds the distinct values as one array', () => {
      const compiled = compile({ other_params: { category: ['weight', 'volume', 'weight'] } });
      expect(compiled.dataSql).toContain('AND ((u.category) = ANY($1))');
      expect(compiled.countParams).toEqual([['weight', 'volume']]);
    });

    it('in with an empty array adds no condition (nothing selected in a multi-select)', () => {
      expect(compile({ other_params: { category: [] } })).toEqual(compile());
    });

    it.each([['weight'], [{ 0: 'a' }], [[['nested']]], [[null]], [[{}]]])('in refuses %p', (value) => {
      expect(thrown(() => compile({ other_params: { category: value } })).field).toBe('other_params.category');
    });

    it.each([
      [true, true],
      [false, false],
      ['true', true],
      ['false', false],
    ])('bool %p binds %p', (value, bound) => {
      const compiled = compile({ other_params: { is_base: value } });
      expect(compiled.dataSql).toContain('AND ((u.is_base) = $1::boolean)');
      expect(compiled.countParams).toEqual([bound]);
    });

    it.each([['yes'], [1], [['true']]])('bool refuses %p', (value) => {
      expect(thrown(() => compile({ other_params: { is_base: value } }))).toMatchObject({
        field: 'other_params.is_base',
        reason: 'expected true or false',
      });
    });

    it.each([
      ['active', ['active']],
      [
        ['new', 'archived'],
        ['new', 'archived'],
      ],
      ['new_or_active', ['new', 'active']],
      [
        ['new_or_active', 'archived', 'new'],
        ['new', 'active', 'archived'],
      ],
    ])('status %p matches %p', (value, statuses) => {
      const compiled = compile({ other_params: { status: value } });
      expect(compiled.dataSql).toContain('AND ((u.status) = ANY($1))');
      expect(compiled.countParams).toEqual([statuses]);
    });

    it.each([[5], [{ s: 'active' }], [['active', 3]], [['']]])('status refuses %p', (value) => {
      expect(thrown(() => compile({ other_params: { status: value } })).field).toBe('other_params.status');
    });

    it('text matches the column containing the trimmed, escaped text', () => {
      const compiled = compile({ other_params: { uom_name: ' 100% ' } });
      expect(compiled.dataSql).toContain("AND ((u.uom_name)::text ILIKE $1 ESCAPE '\\')");
      expect(compiled.countParams).toEqual(['%100\\%%']);
      expect(compile({ other_params: { uom_name: '   ' } })).toEqual(compile());
      expect(thrown(() => compile({ other_params: { uom_name: ['kg'] } })).field).toBe('other_params.uom_name');
    });

    it('date_range with dates is inclusive of both days', () => {
      const compiled = compile({ other_params: { created_date: { from: '2024-01-01', to: '2024-01-31' } } });
      expect(compiled.dataSql).toContain('AND ((u.created_date) >= $1::date AND (u.created_date) < ($2::date + 1))');
      expect(compiled.countParams).toEqual(['2024-01-01', '2024-01-31']);
    });

    it('date_range with date-times is inclusive of both instants, and either side may be open', () => {
      const from = compile({ other_params: { created_date: { from: '2024-01-01T08:00:00.000Z' } } });
      expect(from.dataSql).toContain('AND ((u.created_date) >= $1::timestamptz)');
      const to = compile({ other_params: { created_date: { from: null, to: '2024-01-01T17:30:00+08:00' } } });
      expect(to.dataSql).toContain('AND ((u.created_date) <= $1::timestamptz)');
      expect(compile({ other_params: { created_date: { from: '', to: null } } })).toEqual(compile());
    });

    it.each([
      ['not an object', '2024-01-01', 'other_params.created_date'],
      ['an array', ['2024-01-01', '2024-01-31'], 'other_params.created_date'],
      ['an unknown key', { start: '2024-01-01' }, 'other_params.created_date'],
      ['a non-ISO date', { from: '01/02/2024' }, 'other_params.created_date.from'],
      ['an impossible date', { to: '2024-02-30' }, 'other_params.created_date.to'],
      ['year zero', { from: '0000-01-01' }, 'other_params.created_date.from'],
      ['an impossible time', { from: '2024-01-01T25:00:00Z' }, 'other_params.created_date.from'],
      ['a number', { from: 20240101 }, 'other_params.created_date.from'],
    ])('date_range refuses %s', (_, value, field) => {
      expect(thrown(() => compile({ other_params: { created_date: value } })).field).toBe(field);
    });

    it('number_range is inclusive and binds numbers as exact numeric text', () => {
      const compiled = compile({ other_params: { factor: { from: 0.5, to: '1000.125' } } });
      expect(compiled.dataSql).toContain('AND ((u.factor) >= $1::numeric AND (u.factor) <= $2::numeric)');
      expect(compiled.countParams).toEqual(['0.5', '1000.125']);
      expect(compile({ other_params: { factor: { to: -3 } } }).countParams).toEqual(['-3']);
    });

    it.each([[5], [{ from: 'ten' }], [{ from: '1e5' }], [{ to: Number.NaN }], [{ to: [1] }], [{ min: 1 }]])(
      'number_range refuses %p',
      (value) => {
        expect(thrown(() => compile({ other_params: { factor: value } })).field).toMatch(/^other_params\.factor/);
      },
    );

    it('combines several filters with AND, numbering parameters in order', () => {
      const compiled = compile({
        search_str: 'kg',
        other_params: { status: 'new_or_active', factor: { from: 1 }, category: ['weight'] },
      });
      expect(compiled.dataSql).toContain(
        "WHERE (u.deleted_at IS NULL) AND ((u.uom_name)::text ILIKE $1 ESCAPE '\\' OR (u.description)::text ILIKE $1 ESCAPE '\\')" +
          ' AND ((u.status) = ANY($2)) AND ((u.factor) >= $3::numeric) AND ((u.category) = ANY($4))',
      );
      expect(compiled.params).toEqual(['%kg%', ['new', 'active'], '1', ['weight'], 10, 0]);
      expect(compiled.countParams).toEqual(['%kg%', ['new', 'active'], '1', ['weight']]);
      expectOnlyAsParameter(compiled);
    });

    it('refuses an unknown key and a column that is not a filter', () => {
      expect(thrown(() => compile({ other_params: { colour: 'red' } }))).toMatchObject({
        field: 'other_params.colour',
        reason: 'unknown filter',
      });
      expect(thrown(() => compile({ other_params: { description: 'x' } }))).toMatchObject({
        field: 'other_params.description',
        reason: 'column is not filterable',
      });
      expect(thrown(() => compile({ other_params: { constructor: 'x' } })).field).toBe('other_params.constructor');
    });
  });

  describe('paging', () => {
    it('binds limit and offset after the filter values; the count has neither', () => {
      const compiled = compile({ limit: 25, start: 50, other_params: { uom_id: 7 } });
      expect(compiled.dataSql).toMatch(/ LIMIT \$2 OFFSET \$3$/);
      expect(compiled.params).toEqual([7, 25, 50]);
      expect(compiled.countParams).toEqual([7]);
      expect(compiled.countSql).not.toMatch(/LIMIT|OFFSET|ORDER BY/);
    });

    it('with pageByKey, chooses the page by its tie-breakers first and computes the select list for those rows only', () => {
      const resource: ListResource = { ...uoms, pageByKey: true };
      const query = body({
        search_str: 'kg',
        limit: 25,
        start: 5000,
        columns: ['uom_name'],
        order_by: [{ column: 'uom_name', sort_type: 'DESC' }],
        other_params: { status: ['active'] },
      });
      const plain = compileListQuery(uoms, query, ALL);
      const compiled = compileListQuery(resource, query, ALL);
      const where =
        "WHERE (u.deleted_at IS NULL) AND ((u.uom_name)::text ILIKE $1 ESCAPE '\\' OR (u.description)::text ILIKE $1 ESCAPE '\\') AND ((u.status) = ANY($2))";
      const order = 'ORDER BY u.uom_name DESC NULLS LAST, u.uom_id DESC';
      expect(compiled.dataSql).toBe(
        `SELECT u.uom_name AS "uom_name" FROM catalog.uom u ${where} AND (u.uom_id) IN` +
          ` (SELECT u.uom_id FROM catalog.uom u ${where} ${order} LIMIT $3 OFFSET $4) ${order}`,
      );
      // Same parameters, same count query; a resource without the flag keeps the one-level query.
      expect(compiled.params).toEqual(plain.params);
      expect(compiled.countSql).toBe(plain.countSql);
      expect(compiled.countParams).toEqual(plain.countParams);
      expect(plain.dataSql).toBe(
        `SELECT u.uom_name AS "uom_name" FROM catalog.uom u ${where} ${order} LIMIT $3 OFFSET $4`,
      );
      expectOnlyAsParameter(compiled, 'kg');
      // The outer query keeps the WHERE (a join that repeats rows, e.g. a filter through a link table, repeats
      // them only where the plain query would); without any condition it is the keys alone.
      const bare = compileListQuery({ ...resource, baseWhere: undefined, locationColumn: undefined }, body({}), ALL);
      expect(bare.dataSql).toMatch(
        / FROM catalog\.uom u WHERE \(u\.uom_id\) IN \(SELECT u\.uom_id FROM catalog\.uom u ORDER BY /,
      );
    });

    it('a searchOnly column is searched but never selected, sorted or filtered, nor named in columns', () => {
      const resource: ListResource = {
        ...uoms,
        columns: {
          uom_name: { sql: 'u.uom_name', sortable: true },
          search_text: { sql: 'u.search_text', searchable: true, searchOnly: true },
          last_updated_time: { sql: 'u.last_updated_time', sortable: true },
        },
      };
      const compiled = compileListQuery(resource, body({ search_str: 'kg' }), ALL);
      expect(compiled.dataSql).toMatch(
        /^SELECT u\.uom_name AS "uom_name", u\.last_updated_time AS "last_updated_time" FROM catalog\.uom u WHERE \(u\.deleted_at IS NULL\) AND \(\(u\.search_text\)::text ILIKE \$1 ESCAPE '\\'\) ORDER BY/,
      );
      const refused = (input: ListQueryInput) => thrown(() => compileListQuery(resource, body(input), ALL));
      expect(refused({ columns: ['search_text'] })).toMatchObject({ field: 'columns[0]', reason: 'unknown column' });
      expect(refused({ order_by: [{ column: 'search_text' }] })).toMatchObject({ reason: 'unknown column' });
      expect(refused({ other_params: { search_text: 'kg' } })).toMatchObject({ reason: 'unknown filter' });
      // Only searchable: a searchOnly column that could be sorted or filtered is a programming error.
      for (const extra of [{ sortable: true }, { filter: 'text' as const }, { searchable: false }]) {
        const wrong = {
          ...resource,
          columns: { ...resource.columns, search_text: { sql: 'x', searchOnly: true, searchable: true, ...extra } },
        };
        expect(() => compileListQuery(wrong, body())).toThrow(/searchOnly/);
      }
    });

    it('with pageByKey {from, aliases}, chooses the keys on the narrower FROM unless the query reads another alias', () => {
      const joined: ListResource = {
        ...uoms,
        from: 'catalog.uom u LEFT JOIN catalog.uom_category c ON c.category_id = u.category',
        columns: {
          ...uoms.columns,
          category_name: { sql: 'c.category_name', sortable: true, filter: 'text' },
          in_use: { sql: 'EXISTS (SELECT 1 FROM usage x WHERE x.id = u.uom_id)', sortable: true },
        },
        pageByKey: { from: 'catalog.uom u', aliases: ['u'] },
      };
      const inner = (input: ListQueryInput) =>
        /IN \(SELECT u\.uom_id FROM (.*?) WHERE /.exec(compileListQuery(joined, body(input), ALL).dataSql)?.[1];
      const narrow = 'catalog.uom u';
      expect(inner({})).toBe(narrow);
      expect(inner({ search_str: 'kg', other_params: { status: 'active', factor: { from: '1.5' } } })).toBe(narrow);
      expect(inner({ order_by: [{ column: 'uom_name', sort_type: 'ASC' }] })).toBe(narrow);
      // A joined column in the ORDER BY or the WHERE, or a subquery's own alias: the full FROM.
      expect(inner({ order_by: [{ column: 'category_name', sort_type: 'ASC' }] })).toBe(joined.from);
      expect(inner({ other_params: { category_name: 'dry' } })).toBe(joined.from);
      expect(inner({ order_by: [{ column: 'in_use', sort_type: 'ASC' }] })).toBe(joined.from);
      // The count likewise.
      expect(compileListQuery(joined, body({ search_str: 'kg' }), ALL).countSql).toBe(
        `SELECT count(*) AS "recordsTotal" FROM ${narrow} WHERE (u.deleted_at IS NULL) AND ((u.uom_name)::text ILIKE $1 ESCAPE '\\' OR (u.description)::text ILIKE $1 ESCAPE '\\')`,
      );
      expect(compileListQuery(joined, body({ other_params: { category_name: 'dry' } }), ALL).countSql).toContain(
        `FROM ${joined.from} WHERE`,
      );
      // The outer query always has the full FROM for the select list.
      expect(compileListQuery(joined, body({}), ALL).dataSql).toMatch(
        /^SELECT .* FROM catalog\.uom u LEFT JOIN catalog\.uom_category c ON c\.category_id = u\.category WHERE \(u\.deleted_at IS NULL\) AND \(u\.uom_id\) IN/,
      );
    });

    it('refuses a limit or start that did not go through the schema', () => {
      expect(thrown(() => compileListQuery(uoms, { ...body(), limit: 0 }, ALL)).field).toBe('limit');
      expect(thrown(() => compileListQuery(uoms, { ...body(), start: 1.5 }, ALL)).field).toBe('start');
    });
  });

  describe('columns', () => {
    it('selects only the requested columns, once each, in the order asked', () => {
      const compiled = compile({ columns: ['uom_name', 'status', 'uom_name', ''] });
      expect(compiled.dataSql).toMatch(/^SELECT u\.uom_name AS "uom_name", u\.status AS "status" FROM /);
    });

    it('still searches, filters and sorts by columns that are not selected', () => {
      const compiled = compile({
        columns: ['uom_name'],
        search_str: 'x',
        order_by: [{ column: 'factor', sort_type: 'ASC' }],
      });
      expect(compiled.dataSql).toContain('(u.description)::text ILIKE $1');
      expect(compiled.dataSql).toContain('ORDER BY u.factor ASC NULLS LAST');
    });

    it('refuses an unknown column, naming its position', () => {
      expect(thrown(() => compile({ columns: ['uom_name', 'password_hash'] }))).toMatchObject({
        field: 'columns[1]',
        reason: 'unknown column',
      });
    });
  });

  describe('locations', () => {
    it('an empty locations filter gives an empty result without SQL', () => {
      expect(compile({ other_params: { locations: [] } })).toEqual({
        empty: true,
        dataSql: '',
        countSql: '',
        params: [],
        countParams: [],
        typedFilterFields: [],
      });
    });

    it('an empty locations filter still reports an invalid body', () => {
      expect(thrown(() => compile({ other_params: { locations: [] }, order_by: [{ column: 'x' }] })).field).toBe(
        'order_by[0].column',
      );
    });

    it('a non-empty locations filter restricts the location column to the distinct ids, as text', () => {
      const compiled = compile({ other_params: { locations: ['L1', 2, 'L1'] } });
      expect(compiled.dataSql).toContain('AND ((u.location_id) = ANY($1))');
      expect(compiled.countParams).toEqual([['L1', '2']]);
    });

    it('a null or empty-text locations filter is ignored', () => {
      expect(compile({ other_params: { locations: null } })).toEqual(compile());
      expect(compile({ other_params: { locations: '' } })).toEqual(compile());
    });

    it.each([['L1'], [{ id: 'L1' }], [[true]], [['']], [[null]]])('refuses locations %p', (value) => {
      expect(thrown(() => compile({ other_params: { locations: value } })).field).toBe('other_params.locations');
    });

    it('is an ordinary (here unknown) key on a resource without a location column', () => {
      const resource = { ...uoms, locationColumn: undefined };
      expect(thrown(() => compileListQuery(resource, body({ other_params: { locations: ['L1'] } }))).field).toBe(
        'other_params.locations',
      );
      expect(compileListQuery(resource, body({}), { locations: ['L1'] }).dataSql).not.toContain('location_id) =');
    });
  });

  describe('scope', () => {
    it('restricts to the allowed locations when nothing is asked', () => {
      const compiled = compile({}, { locations: ['L1', 'L2'] });
      expect(compiled.dataSql).toContain('AND ((u.location_id) = ANY($1))');
      expect(compiled.countParams).toEqual([['L1', 'L2']]);
    });

    it('intersects the asked locations with the allowed ones', () => {
      const compiled = compile({ other_params: { locations: ['L2', 'L3', 'L9'] } }, { locations: ['L1', 'L2', 'L3'] });
      expect(compiled.countParams).toEqual([['L2', 'L3']]);
    });

    it('an intersection that comes out empty gives an empty result', () => {
      expect(compile({ other_params: { locations: ['L9'] } }, { locations: ['L1'] }).empty).toBe(true);
    });

    it('a user with no locations sees nothing', () => {
      expect(compile({}, { locations: [] }).empty).toBe(true);
    });

    it("'all' does not restrict, and the locations filter still applies", () => {
      expect(compile({}, { locations: 'all' }).countSql).not.toContain('location_id');
      expect(compile({ other_params: { locations: ['L9'] } }, { locations: 'all' }).countParams).toEqual([['L9']]);
    });

    it('refuses to run a located list without the caller scope (fail closed, never "all locations")', () => {
      expect(() => compileListQuery(uoms, body())).toThrow(/needs the caller's location scope/);
      expect(() => compile({}, {} as ListScope)).toThrow(/needs the caller's location scope/);
      expect(() => compile({}, { locations: 'L1' as unknown as 'all' })).toThrow(/needs the caller's location scope/);
    });

    it('a list without a location column needs no scope', () => {
      expect(compileListQuery({ ...uoms, locationColumn: undefined }, body()).empty).toBe(false);
    });

    it('shares unlocated rows with every scope when the resource says so', () => {
      const shared = { ...uoms, unlocatedRowsShared: true };
      const compiled = compileListQuery(shared, body(), { locations: ['L1'] });
      expect(compiled.dataSql).toContain('((u.location_id) IS NULL OR (u.location_id) = ANY($1))');
      expect(compileListQuery(shared, body(), { locations: [] }).dataSql).toContain('((u.location_id) IS NULL)');
      expect(compileListQuery(shared, body({ other_params: { locations: ['L1'] } }), ALL).countParams).toEqual([
        ['L1'],
      ]);
    });
  });

  it('keeps a list-of-locations column to rows whose every location is in scope; the filter matches any', () => {
    const users = { ...uoms, locationColumnIsList: true };
    expect(compileListQuery(users, body(), { locations: ['L1', 'L2'] }).dataSql).toContain(
      'AND ((u.location_id) <@ $1::text[])',
    );
    const filtered = compileListQuery(users, body({ other_params: { locations: ['L2', 'L9'] } }), {
      locations: ['L1', 'L2'],
    });
    expect(filtered.dataSql).toContain('AND ((u.location_id) && $1::text[]) AND ((u.location_id) <@ $2::text[])');
    expect(filtered.countParams).toEqual([['L2'], ['L1', 'L2']]);
    expect(compileListQuery(users, body({ other_params: { locations: ['L2'] } }), ALL).countParams).toEqual([['L2']]);
    expect(compileListQuery(users, body(), { locations: [] }).countParams).toEqual([[]]);
  });

  describe('offset paging', () => {
    it(`refuses a start beyond ${MAX_LIST_START}, naming start`, () => {
      const parsed = listQuerySchema.safeParse({ start: MAX_LIST_START + 1 });
      expect(parsed.error?.issues[0]).toMatchObject({ path: ['start'], code: 'too_big' });
      expect(thrown(() => compileListQuery(uoms, { ...body(), start: MAX_LIST_START + 10 }, ALL)).field).toBe('start');
      expect(compile({ start: MAX_LIST_START }).params.at(-1)).toBe(MAX_LIST_START);
    });

    it('refuses a cursor: an offset list pages by start', () => {
      expect(thrown(() => compile({ cursor: 'abc' })).field).toBe('cursor');
    });
  });

  describe('keyset paging', () => {
    const movements: ListResource = {
      from: 'stock_movement m',
      columns: {
        movement_id: { sql: 'm.movement_id', sortable: true },
        sku_id: { sql: 'm.sku_id', filter: 'eq' },
        quantity: { sql: 'm.quantity' },
        value_date: { sql: 'm.value_date', sortable: true },
      },
      defaultOrder: { column: 'value_date', direction: 'DESC' },
      tieBreaker: 'm.movement_id',
      locationColumn: 'm.location_id',
      paging: 'keyset',
    };

    it('reads one row more than asked, after no cursor, newest first, with the cursor keys as text', () => {
      const compiled = compileListQuery(movements, body({ limit: 50, other_params: { sku_id: 'S1' } }), ALL);
      expect(compiled.dataSql).toBe(
        'SELECT m.movement_id AS "movement_id", m.sku_id AS "sku_id", m.quantity AS "quantity", m.value_date AS "value_date",' +
          ' (m.value_date)::text AS "__cursor_0", (m.movement_id)::text AS "__cursor_1" FROM stock_movement m' +
          ' WHERE ((m.sku_id) = $1) ORDER BY m.value_date DESC, m.movement_id DESC LIMIT $2',
      );
      expect(compiled.params).toEqual(['S1', 51]);
      expect(compiled.countSql).toBe('');
      expect(compiled.keyset).toMatchObject({ limit: 50, keyAliases: ['__cursor_0', '__cursor_1'] });
    });

    it('continues after the cursor with a row comparison, the values bound as parameters', () => {
      const order = compileListQuery(movements, body(), ALL).keyset!.order;
      const cursor = Buffer.from(JSON.stringify({ o: order, k: ['2024-01-01 00:00:00+00', "7'; DROP"] })).toString(
        'base64url',
      );
      const compiled = compileListQuery(movements, body({ cursor }), { locations: ['L1'] });
      expect(compiled.dataSql).toContain('((m.value_date, m.movement_id) < ($2, $3))');
      expect(compiled.params).toEqual([['L1'], '2024-01-01 00:00:00+00', "7'; DROP", 11]);
      expectOnlyAsParameter({ ...compiled, countSql: '', countParams: [] }, 'DROP');
    });

    it('compares upwards in an ascending order', () => {
      const asc = body({ order_by: [{ column: 'value_date', sort_type: 'asc' }] });
      const order = compileListQuery(movements, asc, ALL).keyset!.order;
      const cursor = Buffer.from(JSON.stringify({ o: order, k: ['x', '1'] })).toString('base64url');
      expect(compileListQuery(movements, { ...asc, cursor }, ALL).dataSql).toContain(
        '((m.value_date, m.movement_id) > ($1, $2)) ORDER BY m.value_date ASC, m.movement_id ASC',
      );
    });

    it.each([
      ['not base64 json', '%%%'],
      ['another order', Buffer.from(JSON.stringify({ o: 'other', k: ['a', 'b'] })).toString('base64url')],
      ['a wrong shape', Buffer.from(JSON.stringify({ o: 'x', k: 'a' })).toString('base64url')],
    ])('refuses a cursor that is %s, naming cursor', (_why, cursor) => {
      expect(thrown(() => compileListQuery(movements, body({ cursor }), ALL)).field).toBe('cursor');
    });

    it('refuses start: a keyset list pages by cursor', () => {
      expect(thrown(() => compileListQuery(movements, body({ start: 10 }), ALL)).field).toBe('start');
    });

    it('refuses sort keys in different directions', () => {
      const mixed = body({
        order_by: [
          { column: 'value_date', sort_type: 'asc' },
          { column: 'movement_id', sort_type: 'desc' },
        ],
      });
      expect(thrown(() => compileListQuery(movements, mixed, ALL)).field).toBe('order_by[1].sort_type');
    });

    it('keeps to the caller scope and refuses to run without it', () => {
      expect(compileListQuery(movements, body(), { locations: [] }).empty).toBe(true);
      expect(() => compileListQuery(movements, body())).toThrow(/location scope/);
    });
  });

  describe('injection attempts', () => {
    it.each([['uom_name; DROP TABLE x'], ['uom_name desc, (select 1)'], ['"uom_name"'], ['u.uom_name'], ['1']])(
      'a sort column %p is refused and never reaches SQL',
      (column) => {
        const error = thrown(() => compile({ order_by: [{ column, sort_type: 'ASC' }] }));
        expect(error.field).toBe('order_by[0].column');
      },
    );

    it('a sort_type carrying SQL that got past the schema sorts descending and never reaches SQL', () => {
      const compiled = compileListQuery(
        uoms,
        { ...body(), order_by: [{ column: 'uom_name', sort_type: 'ASC; DROP' as 'ASC' }] },
        ALL,
      );
      expect(compiled.dataSql).toContain('ORDER BY u.uom_name DESC NULLS LAST, u.uom_id DESC LIMIT');
      expectOnlyAsParameter(compiled, 'DROP', ';');
    });

    it.each([['uom_name; DROP TABLE x'], ["uom_name' OR 1=1 --"], ['uom_name) OR (1=1']])(
      'a filter key %p is refused',
      (key) => {
        expect(thrown(() => compile({ other_params: { [key]: 'x' } })).field).toBe(`other_params.${key}`);
      },
    );

    it('a very long filter key is cut in the error field', () => {
      const key = 'k'.repeat(500);
      expect(thrown(() => compile({ other_params: { [key]: 'x' } })).field).toBe(`other_params.${'k'.repeat(100)}…`);
    });

    it('a selected column carrying SQL is refused', () => {
      expect(thrown(() => compile({ columns: ['uom_name, (select password from users) AS x'] })).field).toBe(
        'columns[0]',
      );
    });

    const attack = "' OR 1=1 --";

    it('search text carrying SQL arrives only as a parameter', () => {
      const compiled = compile({ search_str: attack });
      expectOnlyAsParameter(compiled, attack, 'OR 1=1', '--');
      expect(compiled.countParams).toEqual([`%${attack}%`]);
    });

    it('filter values carrying SQL arrive only as parameters', () => {
      const compiled = compile({
        other_params: {
          uom_id: attack,
          uom_name: attack,
          category: [attack, 'x); DROP TABLE x; --'],
          status: [attack],
          locations: [attack],
        },
      });
      expectOnlyAsParameter(compiled, attack, 'OR 1=1', 'DROP', '--');
      expect(compiled.countParams).toEqual([
        attack,
        `%${attack}%`,
        [attack, 'x); DROP TABLE x; --'],
        [attack],
        [attack],
      ]);
    });

    it('range values carrying SQL are refused', () => {
      expect(thrown(() => compile({ other_params: { created_date: { from: `2024-01-01${attack}` } } })).field).toBe(
        'other_params.created_date.from',
      );
      expect(thrown(() => compile({ other_params: { factor: { to: `1${attack}` } } })).field).toBe(
        'other_params.factor.to',
      );
    });
  });

  describe('resource definition', () => {
    it('refuses a column API name that is not a plain identifier (it becomes a quoted alias)', () => {
      const bad = { ...uoms, columns: { ...uoms.columns, 'a"b': { sql: 'u.x' } } };
      expect(() => compileListQuery(bad, body(), ALL)).toThrow(/not a plain identifier/);
    });

    it('refuses a default order column that is not a column', () => {
      const bad = { ...uoms, defaultOrder: { column: 'nope', direction: 'DESC' as const } };
      expect(() => compileListQuery(bad, body(), ALL)).toThrow(/defaultOrder/);
    });
  });
});

describe(runListQuery.name, () => {
  function fakeManager(answers: unknown[][]) {
    const calls: { sql: string; params: unknown[] }[] = [];
    const manager = {
      query: (sql: string, params: unknown[]) => {
        calls.push({ sql, params });
        const answer = answers.shift();
        return answer === undefined ? Promise.reject(new Error('unexpected query')) : Promise.resolve(answer);
      },
    };
    return { manager, calls };
  }

  it('answers an empty locations filter without querying', async () => {
    const { manager, calls } = fakeManager([]);
    await expect(runListQuery(manager, uoms, body({ other_params: { locations: [] } }), ALL)).resolves.toEqual({
      data: [],
      recordsTotal: 0,
    });
    expect(calls).toHaveLength(0);
  });

  it('counts when the page is full, returning the count as a number', async () => {
    const rows = [{ uom_name: 'a' }, { uom_name: 'b' }];
    const { manager, calls } = fakeManager([rows, [{ recordsTotal: '17' }]]);
    await expect(runListQuery(manager, uoms, body({ limit: 2, other_params: { uom_id: 1 } }), ALL)).resolves.toEqual({
      data: rows,
      recordsTotal: 17,
    });
    expect(calls.map((c) => c.params)).toEqual([[1, 2, 0], [1]]);
  });

  it('counts when a later page is empty', async () => {
    const { manager, calls } = fakeManager([[], [{ recordsTotal: '3' }]]);
    await expect(runListQuery(manager, uoms, body({ start: 10 }), ALL)).resolves.toEqual({ data: [], recordsTotal: 3 });
    expect(calls).toHaveLength(2);
  });

  it('skips the count when a short page proves the total', async () => {
    const { manager, calls } = fakeManager([[{ uom_name: 'a' }]]);
    await expect(runListQuery(manager, uoms, body({ start: 20 }), ALL)).resolves.toEqual({
      data: [{ uom_name: 'a' }],
      recordsTotal: 21,
    });
    expect(calls).toHaveLength(1);
  });

  it('reports a value the column type cannot read on the filter field', async () => {
    const manager = {
      query: () =>
        Promise.reject(Object.assign(new Error('invalid input syntax for type integer: "abc"'), { code: '22P02' })),
    };
    await expect(runListQuery(manager, uoms, body({ other_params: { uom_id: 'abc' } }), ALL)).rejects.toMatchObject({
      name: 'ListQueryError',
      field: 'other_params.uom_id',
    });
    await expect(runListQuery(manager, uoms, body(), ALL)).rejects.toThrow('invalid input syntax');
  });
});
