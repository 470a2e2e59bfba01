import { Injectable, StreamableFile } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { costFieldNames } from '@scm/contracts';
import type { AccessTokenClaims } from '@scm/contracts';
import type { FastifyRequest } from 'fastify';
import { map } from 'rxjs';
import type { Observable } from 'rxjs';

/** A copy of `value` without the marked fields, at any depth (plain objects and arrays; anything else as is). */
export function withoutCostFields<T>(value: T, names: ReadonlySet<string> = costFieldNames()): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutCostFields(item, names)) as T;
  if (value === null || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  // Class instances (Date, Buffer, StreamableFile, ...) are not answers' records; the envelope's pages are.
  if (prototype !== Object.prototype && prototype !== null && !isPage(value)) return value;
  const out = (isPage(value) ? Object.create(prototype as object) : {}) as Record<string, unknown>;
  for (const [key, field] of Object.entries(value)) {
    if (!names.has(key)) out[key] = withoutCostFields(field, names);
  }
  return out as T;
}

/** ListPage / CursorPage (`data` plus a total or a cursor): stripped keeping their class, so the envelope sees them. */
function isPage(value: object): boolean {
  const name = (value as { constructor?: { name?: string } }).constructor?.name;
  return name === 'ListPage' || name === 'CursorPage';
}

/**
 * The one cost serializer (docs/architecture.md, access rules), global in every service (createHttpApp): for a caller
 * without can_see_cost — or no verified caller at all — every field the contracts mark with `costFields` is removed
 * from the answer, at any depth, whatever the endpoint. Files (StreamableFile: Excel templates and reports) pass as
 * they are: the data exports are made in the browser from list answers, which come through here; a server-side file
 * built from stored rows must be built from rows passed through `withoutCostFields`.
 */
@Injectable()
export class CostFieldsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const user = context.switchToHttp().getRequest<FastifyRequest & { user?: AccessTokenClaims }>().user;
    if (user?.cost === true) return next.handle();
    return next
      .handle()
      .pipe(map((result: unknown) => (result instanceof StreamableFile ? result : withoutCostFields(result))));
  }
}
