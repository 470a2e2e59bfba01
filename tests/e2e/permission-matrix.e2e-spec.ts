import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DIRECTOR_ROLE_NAME, PERMISSION_KEYS, hasAnyPermission, hasPermission } from '@scm/contracts';
import type { PermissionEntry } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import {
  FOREIGN_LOCATION,
  FOREIGN_LOCATION_NAME,
  HOME_LOCATION,
  fullRightsToken,
  registeredRoutes,
  seedTwoLocations,
  testConfig,
  tokenWithPermissions,
} from '@scm/testing';
import type { RegisteredRoute, TestDatabase } from '@scm/testing';
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
describe('permission matrix over every registered route', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let database: TestDatabase;
  let dataDir: string;
  let routes: RegisteredRoute[];
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
    expect([...prefixes]).toEqual(expect.arrayContaining(['identity', 'catalog', 'inventory', 'login', 'token']));
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

  it('answers every guarded route exactly as the permission rule says, for none / view / edit / approval', async () => {
    const mismatches: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic && r.permission)) {
      const permission = route.permission!;
      const keys = ([] as string[]).concat(permission.keys);
      const signedInOnly = keys.length === 0;
      const path = route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
      for (const level of LEVELS) {
        const perms = grantsAt(signedInOnly ? ['DASHBOARD'] : keys, level);
        const token = await tokenWithPermissions(runtime, perms);
        const pending = call(route.method, path).set('Authorization', `Bearer ${token}`);
        const response = ['POST', 'PUT', 'PATCH'].includes(route.method) ? await pending.send({}) : await pending;
        const refused = response.status === 403 && response.body?.code === 'FORBIDDEN';
        // A director-only route refuses every other role, whatever its permissions (the director is below).
        const expected = signedInOnly
          ? !permission.directorOnly
          : permission.anyOf
            ? hasAnyPermission(perms, keys, permission.check)
            : hasPermission(perms, keys.length === 1 ? keys[0] : keys, permission.check);
        if (refused === expected) mismatches.push(`${route.method} ${route.path} as ${level}: got ${response.status}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Director-only routes let the director through.
    const director = await tokenWithPermissions(runtime, grantsAt(['DASHBOARD'], 'view'), { role: DIRECTOR_ROLE_NAME });
    for (const route of routes.filter((r) => r.permission?.directorOnly)) {
      const path = route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
      const pending = call(route.method, path).set('Authorization', `Bearer ${director}`);
      const response = ['POST', 'PUT', 'PATCH'].includes(route.method) ? await pending.send({}) : await pending;
      if (response.status === 403) mismatches.push(`${route.method} ${route.path} as director: got 403`);
    }
    expect(mismatches).toEqual([]);
    // Four calls per route, and the routes grow with every service: more than jest's default 5 s.
  }, 120_000);

  /**
   * The foreign-location column (docs/architecture.md, access rules): a user with every permission but only location A,
   * with data at A and B present. Every list and every parameterless read answers nothing of B (its id and name appear
   * nowhere), with or without a locations filter asking for B; every route on a record of B — read, change, action,
   * delete — answers 404 as for a missing record; creating or assigning at B answers 403.
   */
  it('refuses a full-rights user of location A every record of location B: lists, reads and writes', async () => {
    const seeded = await seedTwoLocations(app.getHttpServer(), runtime);
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
    for (const route of routes.filter((r) => r.method === 'GET' && !r.path.includes(':'))) {
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
      const onRecord = routes.filter((route) => route.path === record.path || route.path.startsWith(`${record.path}/`));
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
  }, 120_000);

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
