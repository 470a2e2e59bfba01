import { Get, HttpCode, Post } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { CommonErrorCode } from '@scm/contracts';
import { DirectorOnly } from '../auth/decorators.js';
import { AppException } from '../http/app-exception.js';
import { IdParam } from '../http/id-param.js';
import { ServiceController } from '../http/service-controller.js';
import type { DeadLetter, DeliveryOutcome } from './event-consumer.js';
import { EventConsumer, errorText } from './event-consumer.js';

/**
 * The events a service's consumer parked (docs/architecture.md, "Events"), for the director's error log:
 * `GET /api/<service>/dead-letters`, and per event `POST .../:id/replay` and `POST .../:id/discard`. Every
 * service mounts one (ServicePlatformModule), so the web app asks each service for its own. Only the role
 * named director may (SPEC.md §2, §6), checked by the one auth guard.
 */
export function deadLetterController(service: string): Type {
  @ServiceController(`${service}/dead-letters`, 'events')
  class DeadLetterController {
    constructor(private readonly consumer: EventConsumer) {}

    @Get()
    @DirectorOnly()
    list(): Promise<DeadLetter[]> {
      return this.consumer.deadLetters();
    }

    @Post(':id/replay')
    @HttpCode(200)
    @DirectorOnly()
    async replay(@IdParam() id: string): Promise<{ outcome: DeliveryOutcome }> {
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
    @DirectorOnly()
    async discard(@IdParam() id: string): Promise<null> {
      if (!(await this.consumer.discard(id))) throw new AppException(CommonErrorCode.NOT_FOUND);
      return null;
    }
  }
  // Distinct names per service keep the OpenAPI operation ids apart in embedded mode (one process, all services).
  const pascal = service.replace(/(^|[-_])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());
  Object.defineProperty(DeadLetterController, 'name', { value: `${pascal}DeadLetterController` });
  return DeadLetterController;
}
