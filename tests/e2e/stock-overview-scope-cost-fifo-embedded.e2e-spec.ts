import 'reflect-metadata';
import fs from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { LEDGER_COST_FIELDS } from '@scm/contracts';
import type { StockPostingRequest } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { inventoryService } from '@scm/inventory';
import { inTransaction, mailboxDir, readMailbox } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import {
  FOREIGN_LOCATION,
  FOREIGN_LOCATION_NAME,
  HOME_LOCATION,
  SUITE_HOOK_TIMEOUT_MS,
  TEST_ADMIN,
  expectEventually,
  fullRightsToken,
  seedTwoLocations,
  signInAgent,
  testConfig,
} from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';
import { StockLedger } from '../../services/inventory/src/ledger/stock-ledger.js';
import { inventoryDb } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

/** Every key of a JSON answer, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, field]) => [key, ...keysOf(field)]);
}

/**
 * The ledger's read side through the product's HTTP stack (embedded mode), with stock posted by the ledger at two
 * locations (SCOPE-RICE, in SCOPEKG):
 *
 *   R1 2026-03-01  +10 @ 2.0000 at home       R2 2026-03-05  +10 @ 3.0000 at home
 *   F1 2026-03-01  +7 @ 4.0000 at foreign     I1 2026-03-10  −12 at home: 10 @ 2 + 2 @ 3 → 8 @ 3 = 24.00 left
 *
 * The director (the seeded administrator, signed in) sees both locations with their values and /fifo as of any
 * date; a manager of the home location, signed in with a role without can_see_cost, sees only home (the foreign
 * location's stock answers 404), no cost or value field anywhere, and is refused /fifo.
 */
describe('stock overview, location scope, cost fields and /fifo (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let database: TestDatabase;
  let dataDir: string;
  let director: TestAgent;
  let manager: TestAgent;
  const SKU = 'SCOPE-RICE';
  const PASSWORD = 'Kitchen#Ledger42';

  const post = (ledger: StockLedger, dataSource: DataSource, body: StockPostingRequest) =>
    inTransaction(dataSource, (entityManager) => ledger.post(entityManager, body, { id: null, name: 'e2e' }));
  const receipt = (id: string, date: string, location: string, quantity: string, unitCost?: string) => ({
    document_type: 'SA' as const,
    document_id: id,
    document_no: `SA-${id}`,
    revision: 1,
    value_date: date,
    lines: [
      {
        line_no: 1,
        item_type: 'sku' as const,
        item_id: SKU,
        location_id: location,
        quantity,
        ...(unitCost && { unit_cost: unitCost }),
      },
    ],
  });

  beforeAll(async () => {
    const setup = await testConfig();
    ({ database, dataDir } = setup);
    ({ app, runtime, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
    await seedTwoLocations(app.getHttpServer(), runtime);
    director = request.agent(app.getHttpServer());
    await signInAgent(director, TEST_ADMIN.email, TEST_ADMIN.password);

    // A manager of the home location, with a role that may read stock but not see costs, invited and signed in.
    const role = await director.post('/api/identity/roles').send({
      role_name: 'Outlet manager',
      can_see_cost: false,
      approval_limit: null,
      permission_list: [
        { permission: { key: 'INVENTORY_OVERVIEW' }, view: true, edit: false, approval: false },
        { permission: { key: 'SO' }, view: true, edit: false, approval: false },
      ],
    });
    expect(role.status).toBe(201);
    const invited = await director.post('/api/identity/users').send({
      employee_code: 'MGR-HOME',
      employee_name: 'Home manager',
      email: 'manager@home.example.com',
      username: 'homemanager',
      role_id: role.body.data.role_id,
      location_list: [HOME_LOCATION],
    });
    expect(invited.status).toBe(201);
    const mail = await expectEventually(async () => {
      const mails = (await readMailbox(mailboxDir(runtime.config.dataDir))).filter(
        (m) => m.to === 'manager@home.example.com' && m.text.includes('/invite?token='),
      );
      expect(mails.length).toBeGreaterThan(0);
      return mails[mails.length - 1];
    });
    const token = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const accepted = await request(app.getHttpServer())
      .put('/api/accept_invitation')
      .send({ token, password: PASSWORD, confirm_password: PASSWORD });
    expect(accepted.status).toBe(200);
    manager = request.agent(app.getHttpServer());
    await signInAgent(manager, 'homemanager', PASSWORD);

    // The ledger knows the SKU and both locations once catalog's events have reached its replicas.
    await expectEventually(
      async () => {
        for (const location of [HOME_LOCATION, FOREIGN_LOCATION]) {
          expect((await director.get(`/api/inventory/stock/${location}/sku/${SKU}`)).status).toBe(200);
        }
      },
      { timeoutMs: 30_000 },
    );
    const inventory = app.select(inventoryService.module);
    const ledger = inventory.get(StockLedger);
    // A connection of the suite's own on inventory's schema (the app holds one data source per service).
    const dataSource = await inventoryDb(runtime);
    try {
      await post(ledger, dataSource, receipt('R1', '2026-03-01', HOME_LOCATION, '10', '2'));
      await post(ledger, dataSource, receipt('R2', '2026-03-05', HOME_LOCATION, '10', '3'));
      await post(ledger, dataSource, receipt('F1', '2026-03-01', FOREIGN_LOCATION, '7', '4'));
      await post(ledger, dataSource, receipt('I1', '2026-03-10', HOME_LOCATION, '-12'));
    } finally {
      await dataSource.destroy();
    }
  }, SUITE_HOOK_TIMEOUT_MS * 2);

  afterAll(async () => {
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, SUITE_HOOK_TIMEOUT_MS);

  const overviewRows = async (agent: TestAgent, body: object = {}) => {
    const response = await agent.post('/api/inventory/overview/list').send({ limit: 100, ...body });
    expect(response.status).toBe(200);
    return response.body as { data: Record<string, unknown>[]; recordsTotal?: number; next_cursor?: string | null };
  };

  it('answers the director every balance with its quantities and values', async () => {
    const page = await overviewRows(director);
    expect(page.recordsTotal).toBe(2);
    expect(
      page.data.map((row) => [row.location_id, row.on_hand, row.available, row.stock_value, row.average_cost]),
    ).toEqual([
      [FOREIGN_LOCATION, '7.000', '7.000', '28.00', '4.0000'],
      [HOME_LOCATION, '8.000', '8.000', '24.00', '3.0000'],
    ]);
    expect(page.data[0]).toMatchObject({ item_id: SKU, item_name: 'Scope rice', uom_name: 'SCOPEKG' });
    // The same rows by cursor, one page at a time.
    const first = await overviewRows(director, { limit: 1, cursor: null });
    expect(first).not.toHaveProperty('recordsTotal');
    const second = await overviewRows(director, { limit: 1, cursor: first.next_cursor });
    expect([...first.data, ...second.data].map((row) => row.location_id)).toEqual([FOREIGN_LOCATION, HOME_LOCATION]);
    expect(second.next_cursor).toBeNull();
  });

  it('shows a manager of one location only that location, and answers another location stock as not found', async () => {
    const page = await overviewRows(manager);
    expect(page.data.map((row) => [row.location_id, row.on_hand])).toEqual([[HOME_LOCATION, '8.000']]);
    const asked = await overviewRows(manager, { other_params: { location_ids: [FOREIGN_LOCATION] } });
    expect(asked.data).toEqual([]);
    expect(JSON.stringify(asked)).not.toContain(FOREIGN_LOCATION_NAME);

    const foreign = await manager.get(`/api/inventory/stock/${FOREIGN_LOCATION}/sku/${SKU}`);
    const missing = await manager.get(`/api/inventory/stock/LOC-NOWHERE/sku/${SKU}`);
    expect(foreign.status).toBe(404);
    expect({ code: foreign.body.code, message: foreign.body.message }).toEqual({
      code: missing.body.code,
      message: missing.body.message,
    });
    const home = await manager.get(`/api/inventory/stock/${HOME_LOCATION}/sku/${SKU}`);
    expect(home.status).toBe(200);
    expect(home.body.data).toMatchObject({ location_id: HOME_LOCATION, on_hand: '8.000', available: '8.000' });

    const detail = await manager.get(`/api/inventory/overview/items/sku/${SKU}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.balances.map((row: { location_id: string }) => row.location_id)).toEqual([HOME_LOCATION]);
    expect(detail.body.data.batches.map((row: { location_id: string }) => row.location_id)).toEqual([HOME_LOCATION]);
    const movements = await manager
      .post(`/api/inventory/overview/items/sku/${SKU}/movements/list`)
      .send({ limit: 100 });
    expect(JSON.stringify(movements.body)).not.toContain(FOREIGN_LOCATION);
  });

  it('removes every cost and value field for a role without can_see_cost, and keeps them for the director', async () => {
    const answers = async (agent: TestAgent) => [
      (await agent.post('/api/inventory/overview/list').send({ limit: 100 })).body,
      (await agent.post('/api/inventory/overview/list').send({ limit: 100, cursor: null })).body,
      (await agent.get(`/api/inventory/overview/items/sku/${SKU}`)).body,
      (await agent.post(`/api/inventory/overview/items/sku/${SKU}/movements/list`).send({ limit: 100 })).body,
      (await agent.get(`/api/inventory/stock/${HOME_LOCATION}/sku/${SKU}`)).body,
      (await agent.post('/api/inventory/back-orders/list').send({})).body,
    ];
    const leaked = (await answers(manager)).flatMap(keysOf).filter((key) => LEDGER_COST_FIELDS.includes(key as never));
    expect(leaked).toEqual([]);
    const shown = new Set((await answers(director)).flatMap(keysOf));
    for (const field of [
      'stock_value',
      'average_cost',
      'unit_cost',
      'cost_value',
      'running_value',
      'remaining_value',
    ]) {
      expect(shown).toContain(field);
    }
    // Nor may the manager order the rows by what the answer hides.
    const sorted = await manager
      .post('/api/inventory/overview/list')
      .send({ order_by: [{ column: 'stock_value', sort_type: 'DESC' }] });
    expect(sorted.status).toBe(400);
  });

  it('answers each movement with the running balance of its location', async () => {
    const response = await director
      .post(`/api/inventory/overview/items/sku/${SKU}/movements/list`)
      .send({ limit: 100, order_by: [{ column: 'posted_at', sort_type: 'ASC' }] });
    expect(response.status).toBe(200);
    expect(
      response.body.data.map((row: Record<string, string>) => [
        row.location_id,
        row.document_no,
        row.quantity,
        row.running_balance,
        row.running_value,
      ]),
    ).toEqual([
      [HOME_LOCATION, 'SA-R1', '10.000', '10.000', '20.00'],
      [HOME_LOCATION, 'SA-R2', '10.000', '20.000', '50.00'],
      [FOREIGN_LOCATION, 'SA-F1', '7.000', '7.000', '28.00'],
      [HOME_LOCATION, 'SA-I1', '-10.000', '10.000', '30.00'],
      [HOME_LOCATION, 'SA-I1', '-2.000', '8.000', '24.00'],
    ]);
    const ranged = await director.post(`/api/inventory/overview/items/sku/${SKU}/movements/list`).send({
      other_params: { location_ids: [HOME_LOCATION], value_date: { from: '2026-03-05', to: '2026-03-05' } },
    });
    expect(ranged.body.data.map((row: Record<string, string>) => [row.document_no, row.running_balance])).toEqual([
      ['SA-R2', '20.000'],
    ]);
  });

  it('values the stock as of a past date for the director only, ignoring later movements', async () => {
    const valuation = async (asOf: string) => {
      const response = await director
        .post('/api/inventory/fifo/list')
        .send({ limit: 100, other_params: { as_of: asOf } });
      expect(response.status).toBe(200);
      return response.body.data.map((row: Record<string, unknown>) => [
        row.location_id,
        row.quantity,
        row.valuation,
        row.layer_count,
      ]);
    };
    expect(await valuation('2026-03-01')).toEqual([
      [FOREIGN_LOCATION, '7.000', '28.00', 1],
      [HOME_LOCATION, '10.000', '20.00', 1],
    ]);
    expect(await valuation('2026-03-09')).toEqual([
      [FOREIGN_LOCATION, '7.000', '28.00', 1],
      [HOME_LOCATION, '20.000', '50.00', 2],
    ]);
    expect(await valuation('2026-03-10')).toEqual([
      [FOREIGN_LOCATION, '7.000', '28.00', 1],
      [HOME_LOCATION, '8.000', '24.00', 1],
    ]);
    // The total sums every row the filter selects (every page, not the one asked for), as listed.
    const total = async (otherParams: Record<string, unknown>) => {
      const response = await director
        .post('/api/inventory/fifo/total')
        .send({ limit: 1, start: 1, other_params: otherParams });
      expect(response.status).toBe(200);
      return response.body.data;
    };
    expect(await total({ as_of: '2026-03-09' })).toEqual({ as_of: '2026-03-09', rows: 2, valuation: '78.00' });
    expect(await total({ as_of: '2026-03-10', location_ids: [HOME_LOCATION] })).toEqual({
      as_of: '2026-03-10',
      rows: 1,
      valuation: '24.00',
    });
    expect(await total({ as_of: '2026-03-10', location_ids: [] })).toEqual({
      as_of: '2026-03-10',
      rows: 0,
      valuation: '0',
    });
    const layers = await director.get(
      `/api/inventory/fifo/layers/sku/${SKU}?location_id=${HOME_LOCATION}&as_of=2026-03-09`,
    );
    expect(layers.status).toBe(200);
    expect(
      layers.body.data.map((row: Record<string, string>) => [row.document_no, row.remaining_quantity, row.unit_cost]),
    ).toEqual([
      ['SA-R1', '10.000', '2.0000'],
      ['SA-R2', '10.000', '3.0000'],
    ]);

    // Refused to everyone else, even with every permission, every location and can_see_cost.
    const everything = `Bearer ${await fullRightsToken(runtime, ['*'])}`;
    const list = await request(app.getHttpServer())
      .post('/api/inventory/fifo/list')
      .set('Authorization', everything)
      .send({});
    expect(list.status).toBe(403);
    expect((await manager.post('/api/inventory/fifo/list').send({})).status).toBe(403);
    expect((await manager.post('/api/inventory/fifo/total').send({})).status).toBe(403);
    expect(
      (await request(app.getHttpServer()).post('/api/inventory/fifo/total').set('Authorization', everything).send({}))
        .status,
    ).toBe(403);
    expect((await manager.get(`/api/inventory/fifo/layers/sku/${SKU}`)).status).toBe(403);
  });

  it('answers malformed lists, ids and dates with 4xx naming the field, never a server error', async () => {
    const probes: [string, string, object | undefined, number, string | undefined][] = [
      ['POST', '/api/inventory/overview/list', { cursor: 'not-a-cursor' }, 400, 'cursor'],
      [
        'POST',
        '/api/inventory/overview/list',
        { other_params: { category_id: 'not-a-uuid' } },
        400,
        'other_params.category_id',
      ],
      ['POST', '/api/inventory/overview/list', { other_params: { level: 5 } }, 400, 'other_params.level'],
      [
        'POST',
        '/api/inventory/overview/list',
        { other_params: { location_ids: 'LOC' } },
        400,
        'other_params.locations',
      ],
      ['POST', '/api/inventory/overview/list', { order_by: [{ column: 'unknown' }] }, 400, 'order_by[0].column'],
      [
        'POST',
        `/api/inventory/overview/items/sku/${SKU}/movements/list`,
        { other_params: { value_date: { from: 'x' } } },
        400,
        'other_params.value_date.from',
      ],
      ['POST', '/api/inventory/fifo/list', { other_params: { as_of: '2026-02-30' } }, 400, 'other_params.as_of'],
      ['GET', `/api/inventory/fifo/layers/sku/${SKU}?as_of=yesterday`, undefined, 400, 'as_of'],
      ['GET', `/api/inventory/fifo/layers/sku/${SKU}?location_id=a&location_id=b`, undefined, 400, 'location_id'],
      ['GET', `/api/inventory/stock/${HOME_LOCATION}/widget/${SKU}`, undefined, 404, undefined],
      ['GET', '/api/inventory/overview/items/product/NOPE', undefined, 404, undefined],
      ['POST', '/api/inventory/back-orders/list', { other_params: { status: 7 } }, 400, 'other_params.status'],
    ];
    const failures: string[] = [];
    for (const [method, path, body, status, field] of probes) {
      const response = method === 'GET' ? await director.get(path) : await director.post(path).send(body);
      const fields = (response.body.errors ?? []).map((error: { field: string }) => error.field);
      if (response.status !== status || (field !== undefined && !fields.includes(field))) {
        failures.push(`${method} ${path} ${JSON.stringify(body)}: ${response.status} ${JSON.stringify(fields)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
