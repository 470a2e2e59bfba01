import { SetMetadata } from '@nestjs/common';
import { Injectable, StreamableFile } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ApiEnvelope } from '@scm/contracts';
import { translate } from '@scm/i18n';
import type { Language } from '@scm/i18n';
import type { FastifyReply } from 'fastify';
import { map } from 'rxjs';
import type { Observable } from 'rxjs';
import { currentContext } from '../logging/request-context.js';

/** A page of a list: the envelope carries `recordsTotal` beside `data`. */
export class ListPage<T> {
  constructor(
    readonly data: T[],
    readonly recordsTotal: number,
  ) {}
}

/**
 * A page of a keyset list (deep, append-only tables): the envelope carries `next_cursor` beside `data`, null on
 * the last page; nothing is counted, so there is no `recordsTotal`.
 */
export class CursorPage<T> {
  constructor(
    readonly data: T[],
    readonly nextCursor: string | null,
  ) {}
}

const SUCCESS_MESSAGE = 'scm:success-message';

/** The i18n key of the success message of a handler (default `messages.success`). */
export const SuccessMessage = (key: string) => SetMetadata(SUCCESS_MESSAGE, key);

/**
 * Wraps every handler result in `{ status, message, data, recordsTotal? }` (docs/architecture.md, "HTTP conventions"), except a
 * StreamableFile, which is sent as it is.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<ApiEnvelope | StreamableFile> {
    const key = this.reflector.get<string | undefined>(SUCCESS_MESSAGE, context.getHandler()) ?? 'messages.success';
    return next.handle().pipe(
      map((result: unknown) => {
        // A file download is the file itself (SPEC.md §7 binary responses); its errors still get the envelope.
        if (result instanceof StreamableFile) return result;
        const reply = context.switchToHttp().getResponse<FastifyReply>();
        const message = translate((currentContext()?.language ?? 'en') as Language, key);
        if (result instanceof ListPage) {
          return { status: reply.statusCode, message, data: result.data, recordsTotal: result.recordsTotal };
        }
        if (result instanceof CursorPage) {
          return { status: reply.statusCode, message, data: result.data, next_cursor: result.nextCursor };
        }
        return { status: reply.statusCode, message, data: result ?? null };
      }),
    );
  }
}
