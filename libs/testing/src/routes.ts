import 'reflect-metadata';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { PUBLIC_ROUTE, REQUIRED_PERMISSION } from '@scm/platform';
import type { RequiredPermission } from '@scm/platform';

export interface RegisteredRoute {
  method: string;
  path: string;
  permission: RequiredPermission | undefined;
  isPublic: boolean;
}

/** Every route every service registered, read from the running app's controllers. */
export function registeredRoutes(app: { get(type: typeof ModulesContainer): ModulesContainer }): RegisteredRoute[] {
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

/**
 * A live event stream (server-sent events): an allowed caller's response never ends, so the suites that wait for
 * every route's answer leave it out; its refusal and its events are checked by its own tests.
 */
export function isLiveStream(route: Pick<RegisteredRoute, 'method' | 'path'>): boolean {
  return route.method === 'GET' && route.path === '/api/notification/stream';
}
