import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { NestFactory, Reflector } from '@nestjs/core';
import type { LoggerService } from '@nestjs/common';
import { FastifyAdapter, RouteConfig } from '@nestjs/platform-fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { resolveLanguage } from '@scm/i18n';
import { AuthGuard, accessTokenOf } from '../auth/auth.guard.js';
import { MAX_UPLOAD_BYTES } from '../storage/upload-policy.js';
import { instrumentHttp } from '../health/metrics.js';
import { createLogger } from '../logging/logger.js';
import { runInContext } from '../logging/request-context.js';
import type { Runtime } from '../runtime/runtime.js';
import { registerApiDocs } from './api-docs.js';
import { CostFieldsInterceptor } from './cost-fields.interceptor.js';
import { ErrorFilter } from './error.filter.js';
import { refuseNulCharacters } from './input-guard.js';
import { registerSecurityHeaders } from './security-headers.js';

const nestLog = createLogger('nest');

/** Nest's own log lines go to pino as JSON. */
const nestLogger: LoggerService = {
  log: (message: unknown) => nestLog.debug(message),
  error: (message: unknown, trace?: string) => nestLog.error({ trace }, String(message)),
  warn: (message: unknown) => nestLog.warn(message),
  debug: (message: unknown) => nestLog.debug(message),
  verbose: (message: unknown) => nestLog.trace(message),
};

/**
 * JSON (and any other buffered) bodies: 1 MB, answered 413 with the envelope beyond. File uploads are
 * multipart, streamed by @fastify/multipart under its own limits (20 MB a file, SPEC.md §9), which this
 * limit does not touch.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A route that takes a larger JSON body than BODY_LIMIT_BYTES (the POS AutoSync push: up to 10,000 records). Read
 * by the onRoute hook of createHttpApp, which makes it the route's own Fastify bodyLimit; still 413 beyond it.
 */
export const BodyLimit = (bytes: number) => RouteConfig({ bodyLimit: bytes });

/** TRUST_PROXY as Fastify takes it: a number of hops becomes the function trusting that many proxies. */
export function trustProxyOption(
  value: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export interface HttpAppOptions {
  title: string;
}

/**
 * A Nest application on Fastify with everything every service shares: the request context (correlation id,
 * language) for every line logged, cookies, the one auth guard, the one error filter, metrics and OpenAPI.
 */
export async function createHttpApp(rootModule: unknown, runtime: Runtime, options: HttpAppOptions) {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    // Embedded, this process is the public entry: TRUST_PROXY decides. Distributed, a service is reached only
    // through the gateway, which names the client's address in X-Forwarded-For (one hop).
    trustProxy: trustProxyOption(runtime.mode === 'embedded' ? runtime.config.trustProxy : 1),
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const header = request.headers['x-correlation-id'];
      return (Array.isArray(header) ? header[0] : header)?.slice(0, 100) || randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(rootModule as never, adapter, {
    logger: nestLogger,
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // @BodyLimit(bytes) on a handler: that route's own body limit (Nest registers the routes later, at init).
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
  await app.register(fastifyCookie as never);
  // multipart/form-data for uploads; handlers read files with `uploadedFiles` and set their own limits.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 50, fields: 20, parts: 100 } });
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-correlation-id', request.id);
    runInContext(
      { correlationId: request.id, language: resolveLanguage(null, request.headers['accept-language']) },
      done,
    );
  });
  await registerSecurityHeaders(fastify);
  refuseNulCharacters(fastify);
  instrumentHttp(fastify);
  app.useGlobalFilters(new ErrorFilter());
  app.useGlobalGuards(
    new AuthGuard(app.get(Reflector), runtime.verifier, {
      check: () => runtime.sessionCheck,
      denials: () => runtime.accessDenials,
      cookieSecure: runtime.config.cookieSecure,
    }),
  );
  // Cost fields leave only to callers with can_see_cost, from every endpoint (docs/architecture.md, access rules).
  app.useGlobalInterceptors(new CostFieldsInterceptor());
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle(options.title).setVersion('1').addCookieAuth('scm_session').build(),
  );
  // Production shows the API's map to signed-in users only; development keeps it open.
  await registerApiDocs(fastify, () => document, {
    ...(runtime.config.nodeEnv === 'production' && {
      isSignedIn: async (request) => {
        const claims = await runtime.verifier.verify(accessTokenOf(request));
        return claims !== undefined && (await runtime.sessionCheck?.check(claims))?.state !== 'ended';
      },
    }),
  });
  app.enableShutdownHooks();
  return app;
}
