import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { CommonErrorCode } from '@scm/contracts';
import { resolveLanguage } from '@scm/i18n';
import { AppException, errorEnvelope } from '@scm/platform';
import type { FastifyInstance } from 'fastify';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function webDistDir(configured: string | undefined): string {
  return configured ?? path.join(REPO_ROOT, 'web', 'dist');
}

/**
 * Serves the web build at `/`; any other GET outside /api, /health and /metrics answers index.html so the
 * browser router can take the path (SPA fallback). A catch-all route rather than a not-found handler, which
 * Nest owns in the embedded mode; unknown API paths still get the 404 envelope.
 */
export async function registerWeb(fastify: FastifyInstance, dir: string): Promise<void> {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) {
    fastify.get('/', (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>SCM</title><p>The API is running at /api. The web app is not built yet: run <code>npm run build</code>.</p>',
        ),
    );
    return;
  }
  await fastify.register(fastifyStatic, { root: dir, prefix: '/', wildcard: false, index: ['index.html'] });
  fastify.get('/*', (request, reply) => {
    if (/^\/(api|health|metrics)(\/|$|\?)/.test(request.url)) {
      const language = resolveLanguage(null, request.headers['accept-language']);
      return reply.status(404).send(errorEnvelope(new AppException(CommonErrorCode.NOT_FOUND), language));
    }
    // The shell must never be cached, so a new deployment is picked up at the next visit.
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
}
