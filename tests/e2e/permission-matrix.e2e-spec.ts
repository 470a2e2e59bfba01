import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PERMISSION_KEYS, hasAnyPermission, hasPermission } from '@scm/contracts';
import type { PermissionEntry } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { PUBLIC_ROUTE, REQUIRED_PERMISSION } from '@scm/platform';
import type { RequiredPermission, Runtime } from '@scm/platform';
import { testConfig, tokenWithPermissions } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import request from 'supertest';

interface RegisteredRoute {
  method: string;
  path: string;
  permission: RequiredPermission | undefined;
  isPublic: boolean;
}

/** Every route every service registered, read from the running app's controllers. */
function registeredRoutes(app: NestFastifyApplication): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
      if (!controller) continue;
      const base = (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined) ?? '';
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        const read = <T>(key: string) =>
          (Reflect.getMetadata(key, handler) as T | undefined) ??
          (Reflect.getMetadata(key, controller) as T | undefined);
        routes.push({
          method: RequestMethod[method],
          path: `/${[base, path].filter((part) => part && part !== '/').join('/')}`.replace(/\/+/g, '/'),
          permission: read<RequiredPermission>(REQUIRED_PERMISSION),
          isPublic: read<boolean>(PUBLIC_ROUTE) === true,
        });
      }
    }
  }
  return routes;
}

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
        const expected =
          signedInOnly ||
          (permission.anyOf
            ? hasAnyPermission(perms, keys, permission.check)
            : hasPermission(perms, keys.length === 1 ? keys[0] : keys, permission.check));
        if (refused === expected) mismatches.push(`${route.method} ${route.path} as ${level}: got ${response.status}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Four calls per route, and the routes grow with every service: more than jest's default 5 s.
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
