import { Injectable, createParamDecorator } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { EpointKeyService } from './epoint-key.service.js';
import type { EpointCaller } from './epoint-key.service.js';

type KeyedRequest = FastifyRequest & { epointCaller?: EpointCaller };

/**
 * The POS push's credential (the route is @Public: no user session): the location key in `Authorization: Bearer`
 * or `X-Api-Key`, checked before the body is validated, so a wrong key learns nothing about the payload rules.
 */
@Injectable()
export class EpointKeyGuard implements CanActivate {
  constructor(private readonly keys: EpointKeyService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<KeyedRequest>();
    request.epointCaller = await this.keys.authenticate(request.headers);
    return true;
  }
}

/** The location (and key) the guard found for this call. */
export const PosCaller = createParamDecorator((_data: unknown, context: ExecutionContext): EpointCaller => {
  const caller = context.switchToHttp().getRequest<KeyedRequest>().epointCaller;
  if (!caller) throw new Error('PosCaller used on a route without EpointKeyGuard');
  return caller;
});
