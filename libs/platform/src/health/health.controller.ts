import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/decorators.js';
import { RUNTIME } from '../runtime/runtime.module.js';
import type { Runtime } from '../runtime/runtime.js';
import { metricsRegistry } from './metrics.js';

/** Liveness, readiness (database, NATS, Redis, storage as configured) and Prometheus metrics. */
@ApiExcludeController()
@Public()
@Controller()
export class HealthController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get('health/live')
  live(): { status: string } {
    return { status: 'ok' };
  }

  @Get('health/ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const checks: Record<string, string> = {};
    await Promise.all(
      [...this.runtime.healthChecks].map(async ([name, check]) => {
        try {
          await check();
          checks[name] = 'ok';
        } catch (error) {
          checks[name] = error instanceof Error ? error.message : 'failed';
        }
      }),
    );
    const ready = Object.values(checks).every((value) => value === 'ok');
    void reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  }

  /** What the web app shows about the deployment: the environment watermark (empty in production). */
  @Get('api/environment')
  environment(): { status: number; message: string; data: { environment: string } } {
    return { status: 200, message: 'Success', data: { environment: this.runtime.config.environmentName } };
  }

  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4')
  metrics(): Promise<string> {
    return metricsRegistry().metrics();
  }
}
