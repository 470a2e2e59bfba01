import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CommonErrorCode } from '@scm/contracts';
import type { Language } from '@scm/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentContext } from '../logging/request-context.js';
import { AppException } from './app-exception.js';
import { errorEnvelope } from './error.filter.js';

const require = createRequire(import.meta.url);

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>SCM API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs/json', dom_id: '#swagger-ui' });`;

export interface ApiDocsOptions {
  /**
   * When given, the page and the document answer 401 unless it resolves true for the request (production:
   * signed in only, so the API's map is not handed to anyone; development keeps them open).
   */
  isSignedIn?: (request: FastifyRequest) => Promise<boolean>;
}

/**
 * OpenAPI at /api/docs (Swagger UI from the swagger-ui-dist package, served locally) and its JSON at
 * /api/docs/json. Used by every service and by the gateway, which serves the merged document.
 */
export async function registerApiDocs(
  fastify: FastifyInstance,
  document: () => unknown,
  options: ApiDocsOptions = {},
): Promise<void> {
  const { isSignedIn } = options;
  const signedInOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSignedIn || (await isSignedIn(request))) return;
    const language = (currentContext()?.language ?? 'en') as Language;
    return reply.status(401).send(errorEnvelope(new AppException(CommonErrorCode.UNAUTHENTICATED), language));
  };
  await fastify.register(fastifyStatic, {
    root: path.dirname(require.resolve('swagger-ui-dist/package.json')),
    prefix: '/api/docs/assets/',
    decorateReply: false,
  });
  fastify.get('/api/docs/assets/init.js', (_request, reply) => reply.type('text/javascript').send(INIT));
  fastify.get('/api/docs/json', { preHandler: signedInOnly }, () => document());
  fastify.get('/api/docs', { preHandler: signedInOnly }, (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
}
