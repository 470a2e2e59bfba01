import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>SCM API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs/json', dom_id: '#swagger-ui' });`;

/**
 * OpenAPI at /api/docs (Swagger UI from the swagger-ui-dist package, served locally) and its JSON at
 * /api/docs/json. Used by every service and by the gateway, which serves the merged document.
 */
export async function registerApiDocs(fastify: FastifyInstance, document: () => unknown): Promise<void> {
  await fastify.register(fastifyStatic, {
    root: path.dirname(require.resolve('swagger-ui-dist/package.json')),
    prefix: '/api/docs/assets/',
    decorateReply: false,
  });
  fastify.get('/api/docs/assets/init.js', (_request, reply) => reply.type('text/javascript').send(INIT));
  fastify.get('/api/docs/json', () => document());
  fastify.get('/api/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
}
