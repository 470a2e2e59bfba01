import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DIRECTOR_ROLE_NAME, PERMISSION_KEYS, hasAnyPermission, hasPermission } from '@scm/contracts';
import type { PermissionEntry } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import type { RequiredPermission, Runtime } from '@scm/platform';
import {
  FOREIGN_LOCATION,
  FOREIGN_LOCATION_NAME,
  HOME_LOCATION,
  expectEventually,
  fullRights,
  fullRightsToken,
  registeredRoutes,
  seedTwoLocations,
  testConfig,
  tokenWithPermissions,
  isLiveStream,
} from '@scm/testing';
import type { RegisteredRoute, TestDatabase, TwoLocations } from '@scm/testing';
import request from 'supertest';

const LEVELS = ['none', 'view', 'edit', 'approval'] as const;
type Level = (typeof LEVELS)[number];

function grantsAt(keys: readonly string[], level: Level): PermissionEntry[] {
  return keys.map((key) => ({
    permission: { key },
    view: level === 'view',
    edit: level === 'edit',
    approval: level === 'approval',
  }));
}

/**
 * The permission matrix (SPEC.md §5, §6): every registered route is called as a user holding none / view /
 * edit / approval on its declared key(s), and must answer exactly as the one permission rule says. A route
 * that declares nothing fails here (and is refused by the guard). It grows with every route services add.
 */

/**
 * The tests that call every route (four calls a route in the rule sweep) grow with every service: ~400 routes take
 * about a minute on a calm machine and several on CI's two busy cores. A limit for a hung run, not a speed check.
 */
const ROUTE_SWEEP_TIMEOUT_MS = 600_000;
describe('permission matrix over every registered route', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let database: TestDatabase;
  let dataDir: string;
  let routes: RegisteredRoute[];
  /** The records of two locations, seeded once by the first test that needs them. */
  let seeded: TwoLocations | undefined;
  /** A supertest call by the route's method name. */
  const call = (method: string, path: string) =>
    request(app.getHttpServer())[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path);

  beforeAll(async () => {
    const setup = await testConfig();
    ({ database, dataDir } = setup);
    ({ app, runtime, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
    routes = registeredRoutes(app).filter((route) => route.path.startsWith('/api/'));
  });

  afterAll(async () => {
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds the routes of every service', () => {
    expect(routes.length).toBeGreaterThan(25);
    const prefixes = new Set(routes.map((route) => route.path.split('/')[2]));
    expect([...prefixes]).toEqual(
      expect.arrayContaining(['identity', 'catalog', 'inventory', 'procurement', 'notification', 'login', 'token']),
    );
  });

  it('has a declared permission (or an explicit public marker) on every route', () => {
    const undeclared = routes
      .filter((route) => !route.isPublic && !route.permission)
      .map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
    const unknownKeys = routes.flatMap((route) => {
      const keys = route.permission ? ([] as string[]).concat(route.permission.keys) : [];
      return keys
        .filter((key) => !(PERMISSION_KEYS as readonly string[]).includes(key))
        .map((key) => `${route.path}: ${key}`);
    });
    expect(unknownKeys).toEqual([]);
  });

  it(
    'answers every guarded route exactly as the permission rule says, for none / view / edit / approval',
    async () => {
      const mismatches: string[] = [];
      for (const route of routes.filter((r) => !r.isPublic && r.permission && !isLiveStream(r))) {
        const permission = route.permission!;
        const keys = ([] as string[]).concat(permission.keys);
        const signedInOnly = keys.length === 0;
        const path = route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
        // The four levels of one route at once (the calls are independent reads of the guard).
        const answers = await Promise.all(
          LEVELS.map(async (level) => {
            const perms = grantsAt(signedInOnly ? ['DASHBOARD'] : keys, level);
            const token = await tokenWithPermissions(runtime, perms);
            const pending = call(route.method, path).set('Authorization', `Bearer ${token}`);
            const response = ['POST', 'PUT', 'PATCH'].includes(route.method) ? await pending.send({}) : await pending;
            return { level, perms, response };
          }),
        );
        for (const { level, perms, response } of answers) {
          const refused = response.status === 403 && response.body?.code === 'FORBIDDEN';
          // A director-only route refuses every other role, whatever its permissions (the director is below).
          const expected = signedInOnly
            ? !permission.directorOnly
            : permission.anyOf
              ? hasAnyPermission(perms, keys, permission.check)
              : hasPermission(perms, keys.length === 1 ? keys[0] : keys, permission.check);
          if (refused === expected)
            mismatches.push(`${route.method} ${route.path} as ${level}: got ${response.status}`);
        }
      }
      expect(mismatches).toEqual([]);
      // Director-only routes let the director through.
      const director = await tokenWithPermissions(runtime, grantsAt(['DASHBOARD'], 'view'), {
        role: DIRECTOR_ROLE_NAME,
      });
      for (const route of routes.filter((r) => r.permission?.directorOnly)) {
        const path = route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
        const pending = call(route.method, path).set('Authorization', `Bearer ${director}`);
        const response = ['POST', 'PUT', 'PATCH'].includes(route.method) ? await pending.send({}) : await pending;
        if (response.status === 403) mismatches.push(`${route.method} ${route.path} as director: got 403`);
      }
      expect(mismatches).toEqual([]);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  /**
   * The foreign-location column (docs/architecture.md, access rules): a user with every permission but only location A,
   * with data at A and B present. Every list and every parameterless read answers nothing of B (its id and name appear
   * nowhere), with or without a locations filter asking for B; every route on a record of B — read, change, action,
   * delete — answers 404 as for a missing record; creating or assigning at B answers 403.
   */
  it(
    'refuses a full-rights user of location A every record of location B: lists, reads and writes',
    async () => {
      seeded ??= await seedTwoLocations(app.getHttpServer(), runtime);
      const homeOnly = await fullRightsToken(runtime, [HOME_LOCATION]);
      const everywhere = await fullRightsToken(runtime, ['*']);
      const as = (token: string, method: string, path: string, body?: object) => {
        const pending = call(method, path).set('Authorization', `Bearer ${token}`);
        return body === undefined ? pending : pending.send(body);
      };
      const leaks = (body: unknown) => {
        const text = JSON.stringify(body);
        return text.includes(FOREIGN_LOCATION) || text.includes(FOREIGN_LOCATION_NAME);
      };
      const failures: string[] = [];

      // Lists and parameterless reads: nothing of B, even when asked for it.
      const lists = routes.filter((route) => route.method === 'POST' && route.path.endsWith('/list'));
      for (const route of lists) {
        for (const body of [{ limit: 1000 }, { limit: 1000, other_params: { locations: [FOREIGN_LOCATION] } }]) {
          const response = await as(homeOnly, 'POST', route.path, body);
          if (leaks(response.body)) failures.push(`POST ${route.path} ${JSON.stringify(body)} shows location B`);
        }
      }
      for (const route of routes.filter((r) => r.method === 'GET' && !r.path.includes(':') && !isLiveStream(r))) {
        const response = await as(homeOnly, 'GET', route.path);
        if (leaks(response.body)) failures.push(`GET ${route.path} shows location B`);
      }
      // Control: the same lists do show B to a user holding every location.
      const control = await as(everywhere, 'POST', '/api/catalog/locations/list', { limit: 1000 });
      expect(leaks(control.body)).toBe(true);

      // Every route on a record of B, by resource: as missing (404).
      const foreignRecords = [
        {
          path: '/api/catalog/locations/:id',
          id: FOREIGN_LOCATION,
          body: seeded.bodies.location(FOREIGN_LOCATION, 'Renamed'),
        },
        {
          path: '/api/catalog/plu-boms/:id',
          id: seeded.foreignBom,
          body: seeded.bodies.pluBom(seeded.foreignBom, HOME_LOCATION),
        },
        {
          path: '/api/identity/users/:id',
          id: seeded.foreignUser,
          body: seeded.bodies.user('SCOPE-FOREIGN', [HOME_LOCATION]),
        },
        { path: '/api/resend_invitation/:id', id: seeded.foreignUser, body: undefined },
      ];
      for (const record of foreignRecords) {
        const onRecord = routes.filter(
          (route) => route.path === record.path || route.path.startsWith(`${record.path}/`),
        );
        if (onRecord.length === 0) failures.push(`no route on ${record.path}`);
        for (const route of onRecord) {
          const path = route.path.replace(':id', encodeURIComponent(record.id));
          const body = route.method === 'PUT' ? record.body : route.method === 'GET' ? undefined : {};
          const response = await as(homeOnly, route.method, path, body);
          if (response.status !== 404) failures.push(`${route.method} ${route.path} on B: ${response.status}`);
        }
        const reachable = await as(everywhere, 'GET', record.path.replace(':id', encodeURIComponent(record.id)));
        if (record.path !== '/api/resend_invitation/:id' && reachable.status !== 200) {
          failures.push(`GET ${record.path} on B as a user of every location: ${reachable.status}`);
        }
      }

      // Creating or assigning at B: 403 LOCATION_FORBIDDEN.
      const writesAtB: [string, string, object][] = [
        ['POST', '/api/catalog/locations', seeded.bodies.location('LOC-NEW', 'New outlet')],
        ['POST', '/api/catalog/plu-boms', seeded.bodies.pluBom('BOM-NEW', FOREIGN_LOCATION)],
        ['POST', '/api/identity/users', seeded.bodies.user('SCOPE-NEW', [FOREIGN_LOCATION])],
        [
          'PUT',
          `/api/catalog/default-suppliers/${seeded.skuId}`,
          {
            default_supplier_id: 'SCOPE-S1',
            location_suppliers: [{ location_id: FOREIGN_LOCATION, supplier_id: 'SCOPE-S1' }],
          },
        ],
      ];
      for (const [method, path, body] of writesAtB) {
        const response = await as(homeOnly, method, path, body);
        if (response.status !== 403 || response.body.code !== 'LOCATION_FORBIDDEN') {
          failures.push(`${method} ${path} at B: ${response.status} ${response.body.code}`);
        }
      }
      expect(failures).toEqual([]);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  /**
   * Each route called as a user holding EVERY other permission (must be refused, 403 FORBIDDEN) and as a user
   * holding only its key at its level (must get past the guard); a director-only route refuses a full-rights
   * non-director and lets the director through. The failures, by route.
   */
  const refusalsWithoutKey = async (checked: RegisteredRoute[]): Promise<string[]> => {
    const failures: string[] = [];
    const send = async (route: RegisteredRoute, token: string) => {
      const path = route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
      const pending = call(route.method, path).set('Authorization', `Bearer ${token}`);
      return ['POST', 'PUT', 'PATCH'].includes(route.method) ? pending.send({}) : pending;
    };
    const forbidden = (response: { status: number; body?: { code?: string } }) =>
      response.status === 403 && response.body?.code === 'FORBIDDEN';
    for (const route of checked) {
      const permission = route.permission!;
      const name = `${route.method} ${route.path}`;
      if (permission.directorOnly) {
        const everything = await fullRightsToken(runtime, ['*']);
        if (!forbidden(await send(route, everything))) failures.push(`${name}: a full-rights non-director got through`);
        const director = await tokenWithPermissions(runtime, grantsAt(['DASHBOARD'], 'view'), {
          role: DIRECTOR_ROLE_NAME,
        });
        if (forbidden(await send(route, director))) failures.push(`${name}: the director was refused`);
        continue;
      }
      const keys = ([] as string[]).concat(permission.keys);
      const others = fullRights().filter((entry) => !keys.includes(entry.permission.key));
      const without = await tokenWithPermissions(runtime, others, { locs: ['*'], cost: true });
      if (!forbidden(await send(route, without))) failures.push(`${name}: got through without ${keys.join(' / ')}`);
      // Only its key, at its level (each key alone for an any-of route; all of them otherwise).
      for (const granted of permission.anyOf ? keys.map((key) => [key]) : [keys]) {
        const only = await tokenWithPermissions(runtime, grantsAt(granted, permission.check), { locs: ['*'] });
        if (forbidden(await send(route, only)))
          failures.push(`${name}: refused with ${granted.join(', ')} ${permission.check}`);
      }
    }
    return failures;
  };

  /**
   * The stock ledger's routes (issue 11: read side, settings, replicas, stock adjustment, stock take and their
   * files), each with the declaration it must keep. The table is the contract: a route added, removed or declared
   * otherwise fails here until the table says so. Each route is then called as a user holding EVERY other
   * permission (approval on every other key, every location, can_see_cost) and must be refused (403 FORBIDDEN) —
   * proven refused without its key — and as a user holding only its key (each of them, for any-of routes) at its
   * level, who must get past the guard. A director-only route refuses a full-rights non-director and lets the
   * director through.
   */
  const INVENTORY_ROUTES: Record<string, string> = {
    // The ledger's read side (docs/stock-ledger.md, "HTTP").
    'POST /api/inventory/overview/list': 'INVENTORY_OVERVIEW view',
    'GET /api/inventory/overview/items/:itemType/:itemId': 'INVENTORY_OVERVIEW view',
    'POST /api/inventory/overview/items/:itemType/:itemId/movements/list': 'INVENTORY_OVERVIEW view',
    'GET /api/inventory/stock/:locationId/:itemType/:itemId':
      'any of SA, ST, INVENTORY_OVERVIEW, WIP, SR, RJ_SR, DO view',
    'POST /api/inventory/items/list': 'any of SA, ST, INVENTORY_OVERVIEW, WIP, SR, RJ_SR, DO view',
    'GET /api/inventory/items/categories': 'any of SA, ST, INVENTORY_OVERVIEW, WIP, SR, RJ_SR, DO view',
    'POST /api/inventory/fifo/list': 'director',
    'POST /api/inventory/fifo/total': 'director',
    'GET /api/inventory/fifo/layers/:itemType/:itemId': 'director',
    'POST /api/inventory/back-orders/list': 'SO view',
    'POST /api/inventory/back-orders/status-counts': 'SO view',
    // Usage variance (issue 14): the overview's readers or the reports'.
    'POST /api/inventory/usage-variance/list': 'any of INVENTORY_OVERVIEW, REPORT view',
    'POST /api/inventory/usage-variance/total': 'any of INVENTORY_OVERVIEW, REPORT view',
    // The ledger's settings and the replicas.
    'GET /api/inventory/settings': 'SETTING view',
    'PUT /api/inventory/settings': 'SETTING edit',
    'POST /api/inventory/replicas/rebuild': 'SETTING edit',
    'POST /api/inventory/uoms/list': 'UOM view',
    'POST /api/inventory/uoms/rebuild': 'SETTING edit',
    // Stock adjustment.
    'POST /api/inventory/stock-adjustments/list': 'SA view',
    'POST /api/inventory/stock-adjustments/status-counts': 'SA view',
    'GET /api/inventory/stock-adjustments/:id': 'SA view',
    'POST /api/inventory/stock-adjustments': 'SA edit',
    'PUT /api/inventory/stock-adjustments/:id': 'SA edit',
    'POST /api/inventory/stock-adjustments/:id/submit': 'SA edit',
    'POST /api/inventory/stock-adjustments/:id/recall': 'SA edit',
    'POST /api/inventory/stock-adjustments/:id/discard': 'SA edit',
    'POST /api/inventory/stock-adjustments/:id/approve': 'SA approval',
    'POST /api/inventory/stock-adjustments/:id/reject': 'SA approval',
    // Stock transfer / release: the receiver's receive / deny are edits at the destination (the side is the kit's
    // scope check). Either key opens a route (SR, or RJ_SR for the RJ area's page); the service keeps each document
    // to the key of its type (a consignment is RJ_SR's).
    'POST /api/inventory/stock-transfers/list': 'any of SR, RJ_SR view',
    'POST /api/inventory/stock-transfers/status-counts': 'any of SR, RJ_SR view',
    'GET /api/inventory/stock-transfers/:id': 'any of SR, RJ_SR view',
    'GET /api/inventory/stock-transfers/destinations/:fromLocationId': 'any of SR, RJ_SR edit',
    'POST /api/inventory/stock-transfers': 'any of SR, RJ_SR edit',
    'PUT /api/inventory/stock-transfers/:id': 'any of SR, RJ_SR edit',
    'POST /api/inventory/stock-transfers/:id/submit': 'any of SR, RJ_SR edit',
    'POST /api/inventory/stock-transfers/:id/recall': 'any of SR, RJ_SR edit',
    'POST /api/inventory/stock-transfers/:id/return': 'any of SR, RJ_SR edit',
    'POST /api/inventory/stock-transfers/:id/receive': 'any of SR, RJ_SR edit',
    'POST /api/inventory/stock-transfers/:id/deny': 'any of SR, RJ_SR edit',
    'POST /api/inventory/stock-transfers/:id/approve': 'any of SR, RJ_SR approval',
    'POST /api/inventory/stock-transfers/:id/reject': 'any of SR, RJ_SR approval',
    'GET /api/inventory/stock-transfers/customers': 'any of SR, RJ_SR edit',
    'POST /api/inventory/stock-transfers/:id/settle': 'any of SR, RJ_SR edit',
    'POST /api/inventory/stock-transfers/:id/split': 'any of SR, RJ_SR edit',
    'POST /api/inventory/stock-transfers/:id/cancel_release': 'any of SR, RJ_SR edit',
    // Delivery order: signing for the goods (deliver, redeliver) and marking them undelivered are edits, at either end.
    'POST /api/inventory/delivery-orders/list': 'DO view',
    'POST /api/inventory/delivery-orders/status-counts': 'DO view',
    'GET /api/inventory/delivery-orders/destinations/:fromLocationId': 'DO edit',
    'GET /api/inventory/delivery-orders/releases/:fromLocationId': 'DO edit',
    'GET /api/inventory/delivery-orders/releases/:fromLocationId/:id': 'DO edit',
    'GET /api/inventory/delivery-orders/:id': 'DO view',
    'GET /api/inventory/delivery-orders/:id/pdf': 'DO view',
    'POST /api/inventory/delivery-orders': 'DO edit',
    'PUT /api/inventory/delivery-orders/:id': 'DO edit',
    'POST /api/inventory/delivery-orders/:id/deliver': 'DO edit',
    'POST /api/inventory/delivery-orders/:id/mark_undelivered': 'DO edit',
    'POST /api/inventory/delivery-orders/:id/redeliver': 'DO edit',
    // WIP production: posting is an edit (no approval); its discrepancy's adjustment is approved as an SA.
    'POST /api/inventory/wips/list': 'WIP view',
    'POST /api/inventory/wips/status-counts': 'WIP view',
    'GET /api/inventory/wips/:id': 'WIP view',
    'POST /api/inventory/wips': 'WIP edit',
    'PUT /api/inventory/wips/:id': 'WIP edit',
    'POST /api/inventory/wips/:id/post': 'WIP edit',
    'POST /api/inventory/wips/:id/discard': 'WIP edit',
    // Stock take.
    'POST /api/inventory/stock-takes/list': 'ST view',
    'POST /api/inventory/stock-takes/status-counts': 'ST view',
    'GET /api/inventory/stock-takes/:id': 'ST view',
    'GET /api/inventory/stock-takes/:id/counts/sheet': 'ST view',
    'POST /api/inventory/stock-takes': 'ST edit',
    'PUT /api/inventory/stock-takes/:id/counts': 'ST edit',
    'POST /api/inventory/stock-takes/:id/counts/import': 'ST edit',
    'POST /api/inventory/stock-takes/:id/submit': 'ST edit',
    // Recipes (the lead's RecipeBook): the sales upload's PLU picker and WIP's SKU BOM picker.
    'GET /api/inventory/recipes/plus': 'SU view',
    'GET /api/inventory/recipes/sku-boms': 'WIP view',
    // Sales upload: mapping and ignoring no-match lines are edits; reverting a posted upload takes approval.
    'POST /api/inventory/sales-uploads/list': 'SU view',
    'POST /api/inventory/sales-uploads/status-counts': 'SU view',
    'GET /api/inventory/sales-uploads/template': 'SU view',
    'POST /api/inventory/sales-uploads/upload': 'SU edit',
    'GET /api/inventory/sales-uploads/:id': 'SU view',
    'GET /api/inventory/sales-uploads/:id/file': 'SU view',
    'POST /api/inventory/sales-uploads/:id/lines/:lineNo/map': 'SU edit',
    'POST /api/inventory/sales-uploads/:id/lines/:lineNo/ignore': 'SU edit',
    'POST /api/inventory/sales-uploads/:id/lines/:lineNo/unignore': 'SU edit',
    'POST /api/inventory/sales-uploads/:id/post': 'SU edit',
    'POST /api/inventory/sales-uploads/:id/discard': 'SU edit',
    'POST /api/inventory/sales-uploads/:id/revert': 'SU approval',
    // POS AutoSync: the push takes the outlet's POS key, no session; its keys and folders are Settings.
    'POST /api/inventory/epoint/records': 'public',
    'POST /api/inventory/epoint/records/list': 'SU view',
    'POST /api/inventory/epoint/records/status-counts': 'SU view',
    'GET /api/inventory/epoint/keys': 'SETTING view',
    'POST /api/inventory/epoint/keys': 'SETTING edit',
    'POST /api/inventory/epoint/keys/:id/revoke': 'SETTING edit',
    'GET /api/inventory/epoint/pull-folders': 'SETTING view',
    'PUT /api/inventory/epoint/pull-folders/:locationId': 'SETTING edit',
    'POST /api/inventory/epoint/pull-folders/:locationId/scan': 'SETTING edit',
  };

  /** A route's declaration as the table writes it. */
  const declaration = (permission: RequiredPermission | undefined): string => {
    if (!permission) return 'undeclared';
    if (permission.directorOnly) return 'director';
    const keys = ([] as string[]).concat(permission.keys);
    return `${permission.anyOf ? 'any of ' : ''}${keys.join(', ')} ${permission.check}`;
  };

  it(
    'declares every stock ledger route as its table says, and refuses each without its key',
    async () => {
      // The platform's own routes (files, dead letters) are declared and tested with the platform.
      const inventory = routes.filter(
        (route) =>
          route.path.startsWith('/api/inventory/') &&
          !route.path.startsWith('/api/inventory/attachments/') &&
          !route.path.startsWith('/api/inventory/dead-letters'),
      );
      expect(
        Object.fromEntries(
          inventory.map((route) => [
            `${route.method} ${route.path}`,
            route.isPublic ? 'public' : declaration(route.permission),
          ]),
        ),
      ).toEqual(INVENTORY_ROUTES);
      // The documents' files keep to their document's key.
      const attachmentKeys: Record<string, string> = {
        'stock-adjustment': 'SA',
        'stock-take': 'ST',
        'stock-transfer': 'any of SR, RJ_SR',
        'delivery-order': 'DO',
        wip: 'WIP',
      };
      for (const route of routes.filter((r) => r.path.startsWith('/api/inventory/attachments/'))) {
        const key = attachmentKeys[route.path.split('/')[4]] ?? 'an owner type missing from attachmentKeys';
        expect(`${route.method} ${route.path}: ${declaration(route.permission)}`).toMatch(
          new RegExp(`: ${key} (view|edit)$`),
        );
      }

      // The POS push is public (its POS key is its credential: epoint-pos-autosync e2e); every other route is keyed.
      expect(
        await refusalsWithoutKey(routes.filter((r) => r.path.startsWith('/api/inventory/') && !r.isPublic)),
      ).toEqual([]);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  /** Procurement's routes (issue 12), each with the declaration it must keep: the table is the contract. */
  const PROCUREMENT_ROUTES: Record<string, string> = {
    // The catalog replicas.
    'POST /api/procurement/replicas/rebuild': 'SETTING edit',
    // Store order (its split POs are approved on the PO).
    'GET /api/procurement/store-orders/choices': 'OR view',
    'POST /api/procurement/store-orders/skus': 'OR view',
    'POST /api/procurement/store-orders/line-info': 'OR view',
    'GET /api/procurement/store-orders/settings': 'OR view',
    'PUT /api/procurement/store-orders/settings': 'SETTING edit',
    'POST /api/procurement/store-orders/par-levels/list': 'OR view',
    'PUT /api/procurement/store-orders/par-levels': 'OR edit',
    'POST /api/procurement/store-orders/list': 'OR view',
    'POST /api/procurement/store-orders/status-counts': 'OR view',
    'GET /api/procurement/store-orders/:id': 'OR view',
    'POST /api/procurement/store-orders': 'OR edit',
    'PUT /api/procurement/store-orders/:id': 'OR edit',
    'POST /api/procurement/store-orders/:id/submit': 'OR edit',
    'POST /api/procurement/store-orders/:id/cancel': 'OR edit',
    // Purchase order.
    'POST /api/procurement/purchase-orders/list': 'PO view',
    'POST /api/procurement/purchase-orders/status-counts': 'PO view',
    'GET /api/procurement/purchase-orders/choices': 'PO view',
    'POST /api/procurement/purchase-orders/skus': 'PO view',
    // PO lines from Excel: the template and the check are an editor's (nothing is stored).
    'GET /api/procurement/purchase-orders/lines/template': 'PO edit',
    'POST /api/procurement/purchase-orders/lines/check': 'PO edit',
    'GET /api/procurement/purchase-orders/:id': 'PO view',
    'POST /api/procurement/purchase-orders': 'PO edit',
    'PUT /api/procurement/purchase-orders/:id': 'PO edit',
    'POST /api/procurement/purchase-orders/:id/submit': 'PO edit',
    'POST /api/procurement/purchase-orders/:id/recall': 'PO edit',
    'POST /api/procurement/purchase-orders/:id/resend': 'PO edit',
    'POST /api/procurement/purchase-orders/:id/cancel': 'PO edit',
    'POST /api/procurement/purchase-orders/:id/close': 'PO edit',
    'POST /api/procurement/purchase-orders/:id/approve': 'PO approval',
    'POST /api/procurement/purchase-orders/:id/reject': 'PO approval',
    // The supplier's page behind the mailed one-time link: no sign-in, the link is the credential.
    'GET /api/procurement/supplier-confirmation': 'public',
    'POST /api/procurement/supplier-confirmation/confirm': 'public',
    'POST /api/procurement/supplier-confirmation/decline': 'public',
    // Receiving order.
    'POST /api/procurement/receiving-orders/list': 'RO view',
    'POST /api/procurement/receiving-orders/status-counts': 'RO view',
    'GET /api/procurement/receiving-orders/purchase-orders/:id/lines': 'RO view',
    // Typing a receipt under RO alone: the choices, the SKU search and the receivable POs (no PO right needed).
    'GET /api/procurement/receiving-orders/choices': 'RO edit',
    'POST /api/procurement/receiving-orders/skus': 'RO edit',
    'GET /api/procurement/receiving-orders/purchase-orders': 'RO edit',
    'GET /api/procurement/receiving-orders/settings': 'RO view',
    'PUT /api/procurement/receiving-orders/settings': 'SETTING edit',
    'GET /api/procurement/receiving-orders/:id': 'RO view',
    'POST /api/procurement/receiving-orders': 'RO edit',
    'PUT /api/procurement/receiving-orders/:id': 'RO edit',
    'POST /api/procurement/receiving-orders/:id/submit': 'RO edit',
    'POST /api/procurement/receiving-orders/:id/recall': 'RO edit',
    'POST /api/procurement/receiving-orders/:id/receive': 'RO edit',
    'POST /api/procurement/receiving-orders/:id/cancel': 'RO edit',
    'POST /api/procurement/receiving-orders/:id/approve': 'RO approval',
    'POST /api/procurement/receiving-orders/:id/reject': 'RO approval',
    // Petty cash: the refund list's bulk refund is an approver's, like a claim's own refund.
    'POST /api/procurement/petty-cash/list': 'PC view',
    'POST /api/procurement/petty-cash/status-counts': 'PC view',
    'GET /api/procurement/petty-cash/choices': 'PC view',
    'POST /api/procurement/petty-cash/refund': 'PC approval',
    'GET /api/procurement/petty-cash/:id': 'PC view',
    'POST /api/procurement/petty-cash': 'PC edit',
    'PUT /api/procurement/petty-cash/:id': 'PC edit',
    'POST /api/procurement/petty-cash/:id/submit': 'PC edit',
    'POST /api/procurement/petty-cash/:id/recall': 'PC edit',
    'POST /api/procurement/petty-cash/:id/sign': 'PC edit',
    'POST /api/procurement/petty-cash/:id/approve': 'PC approval',
    'POST /api/procurement/petty-cash/:id/reject': 'PC approval',
    'POST /api/procurement/petty-cash/:id/refund': 'PC approval',
    // Return note.
    'POST /api/procurement/return-notes/list': 'GR view',
    'POST /api/procurement/return-notes/status-counts': 'GR view',
    'GET /api/procurement/return-notes/receiving-orders': 'GR view',
    'GET /api/procurement/return-notes/receiving-orders/:id/lines': 'GR view',
    'GET /api/procurement/return-notes/:id': 'GR view',
    'POST /api/procurement/return-notes': 'GR edit',
    'PUT /api/procurement/return-notes/:id': 'GR edit',
    'POST /api/procurement/return-notes/:id/submit': 'GR edit',
    'POST /api/procurement/return-notes/:id/recall': 'GR edit',
    'POST /api/procurement/return-notes/:id/approve': 'GR approval',
    'POST /api/procurement/return-notes/:id/reject': 'GR approval',
  };

  /** The key of each procurement document's files (`/api/procurement/attachments/<owner type>/...`). */
  const PROCUREMENT_ATTACHMENT_KEYS: Record<string, string> = {
    'purchase-order': 'PO',
    'receiving-order': 'RO',
    'return-note': 'GR',
    'petty-cash': 'PC',
  };

  it(
    'declares every procurement route as its table says, and refuses each without its key',
    async () => {
      // The platform's own routes (files, dead letters) are declared and tested with the platform.
      const procurement = routes.filter(
        (route) =>
          route.path.startsWith('/api/procurement/') &&
          !route.path.startsWith('/api/procurement/attachments/') &&
          !route.path.startsWith('/api/procurement/dead-letters'),
      );
      expect(
        Object.fromEntries(
          procurement.map((route) => [
            `${route.method} ${route.path}`,
            route.isPublic ? 'public' : declaration(route.permission),
          ]),
        ),
      ).toEqual(PROCUREMENT_ROUTES);
      // Each document's files keep to its key.
      for (const route of routes.filter((r) => r.path.startsWith('/api/procurement/attachments/'))) {
        const key = PROCUREMENT_ATTACHMENT_KEYS[route.path.split('/')[4]];
        expect(`${route.method} ${route.path}: ${declaration(route.permission)}`).toMatch(
          new RegExp(`: ${key} (view|edit)$`),
        );
      }
      expect(
        await refusalsWithoutKey(routes.filter((r) => r.path.startsWith('/api/procurement/') && !r.isPublic)),
      ).toEqual([]);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  /** Notifications' routes (issue 15): SPEC.md §7's notification calls and the activity log, under NOTIFICATION. */
  const NOTIFICATIONS_ROUTES: Record<string, string> = {
    'GET /api/notification/get': 'NOTIFICATION view',
    'PUT /api/notification/mark_all_as_read': 'NOTIFICATION view',
    'PUT /api/notification/mark_one_as_read/:id': 'NOTIFICATION view',
    'POST /api/notification/activity-log/list': 'NOTIFICATION view',
    'GET /api/notification/activity-log/users': 'NOTIFICATION view',
    'GET /api/notification/stream': 'NOTIFICATION view',
    'GET /api/notification/settings': 'NOTIFICATION view',
    'PUT /api/notification/settings': 'NOTIFICATION view',
    // The approvals inbox lists under APPROVAL; approving is each document's own route. Its rebuild is an operator's.
    'POST /api/notification/approval/list': 'APPROVAL view',
    'POST /api/notification/approval/status-counts': 'APPROVAL view',
    'POST /api/notification/approval/rebuild': 'SETTING edit',
  };

  it(
    'declares every notifications route as its table says, and refuses each without its key',
    async () => {
      const own = routes.filter((route) => route.path.startsWith('/api/notification/'));
      expect(
        Object.fromEntries(own.map((route) => [`${route.method} ${route.path}`, declaration(route.permission)])),
      ).toEqual(NOTIFICATIONS_ROUTES);
      // The live stream never ends once allowed: here only its refusal (its answer: notifications-live-stream e2e).
      expect(await refusalsWithoutKey(own.filter((route) => !isLiveStream(route)))).toEqual([]);
      const others = fullRights().filter((entry) => entry.permission.key !== 'NOTIFICATION');
      const withoutKey = await tokenWithPermissions(runtime, others, { locs: ['*'], cost: true });
      const stream = await call('GET', '/api/notification/stream').set('Authorization', `Bearer ${withoutKey}`);
      expect([stream.status, stream.body?.code]).toEqual([403, 'FORBIDDEN']);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  it('answers a full-rights user of location A the stock of location B as not found', async () => {
    // The SKU and both locations of seedTwoLocations reach the ledger's replicas through catalog's events.
    seeded ??= await seedTwoLocations(app.getHttpServer(), runtime);
    const homeOnly = await fullRightsToken(runtime, [HOME_LOCATION]);
    const everywhere = await fullRightsToken(runtime, ['*']);
    const stockAt = (token: string, location: string) =>
      call('GET', `/api/inventory/stock/${location}/sku/${seeded!.skuId}`).set('Authorization', `Bearer ${token}`);
    await expectEventually(async () => expect((await stockAt(everywhere, FOREIGN_LOCATION)).status).toBe(200), {
      timeoutMs: 30_000,
    });
    expect((await stockAt(homeOnly, HOME_LOCATION)).status).toBe(200);
    const foreign = await stockAt(homeOnly, FOREIGN_LOCATION);
    const missing = await stockAt(homeOnly, 'LOC-NOWHERE');
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(missing.body.code);
    const detail = await call('GET', `/api/inventory/overview/items/sku/${seeded.skuId}`).set(
      'Authorization',
      `Bearer ${homeOnly}`,
    );
    expect(JSON.stringify(detail.body)).not.toContain(FOREIGN_LOCATION);
  });

  it('serves the supplier confirmation routes publicly: the mailed one-time link is the only credential', async () => {
    const supplierRoutes = routes.filter((route) => route.path.startsWith('/api/procurement/supplier-confirmation'));
    expect(supplierRoutes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'GET /api/procurement/supplier-confirmation',
      'POST /api/procurement/supplier-confirmation/confirm',
      'POST /api/procurement/supplier-confirmation/decline',
    ]);
    expect(supplierRoutes.filter((route) => !route.isPublic || route.permission)).toEqual([]);
    // No sign-in needed: an unknown link answers the link's refusal, never 401 or 403.
    const answers = [
      await call('GET', '/api/procurement/supplier-confirmation?token=unknown'),
      await call('POST', '/api/procurement/supplier-confirmation/confirm').send({ token: 'unknown' }),
      await call('POST', '/api/procurement/supplier-confirmation/decline').send({ token: 'unknown', reason: 'no' }),
    ];
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(
      Array(3).fill([410, 'PROCUREMENT_SUPPLIER_LINK_INVALID']),
    );
  });

  it('refuses every guarded route without a token and with a forged one', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const path = route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
      const anonymous = await call(route.method, path);
      const forged = await call(route.method, path).set('Authorization', 'Bearer eyJhbGciOiJub25lIn0.e30.');
      if (anonymous.status !== 401 || forged.status !== 401)
        failures.push(`${route.method} ${route.path}: ${anonymous.status}/${forged.status}`);
    }
    expect(failures).toEqual([]);
  });
});
