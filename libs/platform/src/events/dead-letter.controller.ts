import { Get, HttpCode, Post } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import type { AccessTokenClaims } from '@scm/contracts';
import { CommonErrorCode, DIRECTOR_ROLE_NAME } from '@scm/contracts';
import { CurrentUser, SignedIn } from '../auth/decorators.js';
import { AppException } from '../http/app-exception.js';
import { IdParam } from '../http/id-param.js';
import { ServiceController } from '../http/service-controller.js';
import type { DeadLetter, DeliveryOutcome } from './event-consumer.js';
import { EventConsumer, errorText } from './event-consumer.js';

/** SPEC.md §2, §6: only the role named director sees the error log, and the server enforces it too. */
function assertDirector(user: AccessTokenClaims | undefined): void {
  if (user?.role !== DIRECTOR_ROLE_NAME) throw new AppException(CommonErrorCode.FORBIDDEN);
}

/**
 * The events a service's consumer parked (docs/architecture.md, "Events"), for the director's error log:
 * `GET /api/<service>/dead-letters`, and per event `POST .../:id/replay` and `POST .../:id/discard`. Every
 * service mounts one (ServicePlatformModule), so the web app asks each service for its own.
 */
export function deadLetterController(service: string): Type {
  @ServiceController(`${service}/dead-letters`, 'events')
  class DeadLetterController {
    constructor(private readonly consumer: EventConsumer) {}

    @Get()
    @SignedIn()
    list(@CurrentUser() user: AccessTokenClaims | undefined): Promise<DeadLetter[]> {
      assertDirector(user);
      return this.consumer.deadLetters();
    }

    @Post(':id/replay')
    @HttpCode(200)
    @SignedIn()
    async replay(
      @CurrentUser() user: AccessTokenClaims | undefined,
      @IdParam() id: string,
    ): Promise<{ outcome: DeliveryOutcome }> {
      assertDirector(user);
      let outcome: DeliveryOutcome | undefined;
      try {
        outcome = await this.consumer.replay(id);
      } catch (error) {
        throw new AppException(CommonErrorCode.EVENT_REPLAY_FAILED, { error: errorText(error).slice(0, 500) });
      }
      if (!outcome) throw new AppException(CommonErrorCode.NOT_FOUND);
      return { outcome };
    }

    @Post(':id/discard')
    @HttpCode(200)
    @SignedIn()
    async discard(@CurrentUser() user: AccessTokenClaims | undefined, @IdParam() id: string): Promise<null> {
      assertDirector(user);
      if (!(await this.consumer.discard(id))) throw new AppException(CommonErrorCode.NOT_FOUND);
      return null;
    }
  }
  // Distinct names per service keep the OpenAPI operation ids apart in embedded mode (one process, all services).
  const pascal = service.replace(/(^|[-_])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());
  Object.defineProperty(DeadLetterController, 'name', { value: `${pascal}DeadLetterController` });
  return DeadLetterController;
}
