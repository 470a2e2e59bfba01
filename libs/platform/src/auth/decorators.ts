import { SetMetadata, createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { AccessTokenClaims, CheckType, PermissionKey } from '@scm/contracts';
import type { FastifyRequest } from 'fastify';

export const PUBLIC_ROUTE = 'scm:public';
export const REQUIRED_PERMISSION = 'scm:permission';

export interface RequiredPermission {
  keys: PermissionKey | readonly PermissionKey[];
  check: CheckType;
}

/** The route needs no sign-in (login, health, ...). Every other route must declare `@Permission`. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Signed in is enough (e.g. reading one's own notifications or session). */
export const SignedIn = () => SetMetadata(REQUIRED_PERMISSION, { keys: [], check: 'view' });

/** The permission key(s) and check type of a route, checked with SPEC.md §5's rule. */
export const Permission = (keys: PermissionKey | readonly PermissionKey[], check: CheckType = 'view') =>
  SetMetadata(REQUIRED_PERMISSION, { keys, check } satisfies RequiredPermission);

export type AuthenticatedRequest = FastifyRequest & { user?: AccessTokenClaims };

/** The verified claims of the signed-in user. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().user;
});
