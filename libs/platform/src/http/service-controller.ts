import { Controller, UseInterceptors, applyDecorators } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { EnvelopeInterceptor } from './envelope.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';

/**
 * A controller of a service's API: served under `/api/<path>` (the path starts with the service's name, so
 * the gateway can route by its first segment), answers in the envelope, and honours `Idempotency-Key`.
 */
export function ServiceController(path: string, tag?: string): ClassDecorator {
  return applyDecorators(
    Controller(`api/${path}`),
    UseInterceptors(EnvelopeInterceptor, IdempotencyInterceptor),
    ApiTags(tag ?? path.split('/')[0] ?? path),
  );
}

/** For controllers serving the spec's own top-level paths (`/api/login`, `/api/token`, ...). */
export function RootApiController(tag: string): ClassDecorator {
  return applyDecorators(Controller('api'), UseInterceptors(EnvelopeInterceptor, IdempotencyInterceptor), ApiTags(tag));
}
