import { SetMetadata, createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { hasAnyPermission, hasPermission } from '@scm/contracts';
import type { AccessTokenClaims, CheckType, PermissionEntry, PermissionKey } from '@scm/contracts';
import type { FastifyRequest } from 'fastify';

export const PUBLIC_ROUTE = 'scm:public';
export const REQUIRED_PERMISSION = 'scm:permission';

export interface RequiredPermission {
  keys: PermissionKey | readonly PermissionKey[];
  check: CheckType;
  /** Any one of `keys` is enough (`@AnyPermission`), instead of SPEC.md §5's list rule. */
  anyOf?: boolean;
  /** Only the role named director (`@DirectorOnly`): SPEC.md §2, §6 (error log, /fifo). */
  directorOnly?: boolean;
}

/** The route needs no sign-in (login, health, ...). Every other route must declare `@Permission`. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Signed in is enough (e.g. reading one's own notifications or session). */
export const SignedIn = () => SetMetadata(REQUIRED_PERMISSION, { keys: [], check: 'view' });

/** Only the role named director may call the route (SPEC.md §2, §6: the error log). */
export const DirectorOnly = () =>
  SetMetadata(REQUIRED_PERMISSION, { keys: [], check: 'view', directorOnly: true } satisfies RequiredPermission);

/** The permission key(s) and check type of a route, checked with SPEC.md §5's rule. */
export const Permission = (keys: PermissionKey | readonly PermissionKey[], check: CheckType = 'view') =>
  SetMetadata(REQUIRED_PERMISSION, { keys, check } satisfies RequiredPermission);

/**
 * One resource reached from two contexts (e.g. suppliers under SUPPLIER and RJ_SUPPLIER): allowed when any one of
 * the keys the user holds grants the check (`hasAnyPermission`).
 */
export const AnyPermission = (keys: readonly PermissionKey[], check: CheckType = 'view') =>
  SetMetadata(REQUIRED_PERMISSION, { keys, check, anyOf: true } satisfies RequiredPermission);

/** Whether `perms` satisfy a route's declared permission (SPEC.md §5's rule, or any-of). */
export function allowsPermission(perms: readonly PermissionEntry[], required: RequiredPermission): boolean {
  if (required.anyOf)
    return hasAnyPermission(perms, ([] as readonly PermissionKey[]).concat(required.keys), required.check);
  return hasPermission(perms, required.keys, required.check);
}

export type AuthenticatedRequest = FastifyRequest & { user?: AccessTokenClaims };

/** The verified claims of the signed-in user. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().user;
});
