import { randomUUID } from 'node:crypto';
import fastifyReplyFrom from '@fastify/reply-from';
import { CommonErrorCode } from '@scm/contracts';
import { resolveLanguage } from '@scm/i18n';
import {
  AppException,
  TokenVerifier,
  accessTokenOf,
  createLogger,
  errorEnvelope,
  instrumentHttp,
  metricsRegistry,
  registerApiDocs,
  registerSecurityHeaders,
  runInContext,
  trustProxyOption,
} from '@scm/platform';
import type { PlatformConfig } from '@scm/platform';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { mergeOpenApi } from './openapi.js';
import { serviceOfPath } from './routes.js';
import { createSessionGate } from './session-gate.js';
import type { GateDecision } from './session-gate.js';
import { registerWeb, webDistDir } from './web.js';

const logger = createLogger('gateway');

/**
 * The distributed mode's one HTTP entry: forwards /api calls to the owning service (bodies streamed as they
 * came, cookies and headers both ways, the correlation id added), serves the web build, merges the services'
 * OpenAPI documents at /api/docs/json, and reports the services' readiness.
 */
export async function createGateway(config: PlatformConfig): Promise<FastifyInstance> {
  const services = new Map(Object.entries(config.serviceUrls));
  const names = new Set(services.keys());
  const fastify = Fastify({
    logger: false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 25 * 1024 * 1024,
    genReqId: (request) => {
      const header = request.headers['x-correlation-id'];
      return (Array.isArray(header) ? header[0] : header)?.slice(0, 100) || randomUUID();
    },
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-correlation-id', request.id);
    runInContext(
      { correlationId: request.id, language: resolveLanguage(null, request.headers['accept-language']) },
      done,
    );
  });
  await registerSecurityHeaders(fastify);
  instrumentHttp(fastify);
  await fastify.register(fastifyReplyFrom, { undici: { connections: 128, pipelining: 1 } });

  fastify.get('/health/live', () => ({ status: 'ok' }));
  fastify.get('/health/ready', async (_request, reply) => {
    const checks: Record<string, string> = {};
    await Promise.all(
      [...services].map(async ([name, url]) => {
        try {
          const response = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(3000) });
          checks[name] = response.ok ? 'ok' : `status ${response.status}`;
        } catch (error) {
          checks[name] = error instanceof Error ? error.message : 'unreachable';
        }
      }),
    );
    const ready = Object.values(checks).every((value) => value === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });
  fastify.get('/metrics', async (_request, reply) =>
    reply.type('text/plain; version=0.0.4').send(await metricsRegistry().metrics()),
  );

  fastify.get('/api/environment', () => ({
    status: 200,
    message: 'Success',
    data: { environment: config.environmentName },
  }));
  const verifier = config.authPublicKey ? await TokenVerifier.fromPem(config.authPublicKey) : undefined;
  const identityUrl = services.get('identity');
  const sessionGate =
    verifier && identityUrl ? createSessionGate(identityUrl, verifier, config.cookieSecure) : undefined;
  // Production shows the API's map to signed-in users only; development keeps it open.
  await registerApiDocs(fastify, () => mergeOpenApi([...services.values()]), {
    ...(config.nodeEnv === 'production' && {
      isSignedIn: async (request) => (await verifier?.verify(accessTokenOf(request))) !== undefined,
    }),
  });

  // The proxy scope takes every body as a raw stream, so uploads and JSON pass through untouched.
  await fastify.register((proxy, _options, registered) => {
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    proxy.all('/api/*', async (request, reply) => {
      const service = serviceOfPath(request.url, names);
      const language = resolveLanguage(null, request.headers['accept-language']);
      if (!service) {
        return reply.status(404).send(errorEnvelope(new AppException(CommonErrorCode.NOT_FOUND), language));
      }
      let gate: GateDecision = { headers: {} };
      if (service !== 'identity' && sessionGate) {
        try {
          gate = await sessionGate(request);
        } catch (error) {
          logger.warn({ err: error }, 'session check unavailable');
          return reply.status(503).send(errorEnvelope(new AppException(CommonErrorCode.SERVICE_UNAVAILABLE), language));
        }
      }
      return reply.from(`${services.get(service)}${request.url}`, {
        rewriteRequestHeaders: (_original, headers) => {
          // The client's address as this entry determined it (TRUST_PROXY), replacing whatever the client sent.
          const forwarded: Record<string, unknown> = {
            ...headers,
            ...gate.headers,
            'x-correlation-id': request.id,
            'x-forwarded-for': request.ip,
          };
          for (const [name, value] of Object.entries(forwarded)) if (value === undefined) delete forwarded[name];
          return forwarded as typeof headers;
        },
        rewriteHeaders: (headers) =>
          gate.setCookie === undefined
            ? headers
            : { ...headers, 'set-cookie': [...([] as string[]).concat(headers['set-cookie'] ?? []), gate.setCookie] },
        onError: (failedReply, { error }) => {
          logger.warn({ err: error, service }, 'service unreachable');
          void failedReply
            .status(503)
            .send(errorEnvelope(new AppException(CommonErrorCode.SERVICE_UNAVAILABLE), language));
        },
      });
    });
    registered();
  });

  await registerWeb(fastify, webDistDir(config.webDist));
  return fastify;
}
