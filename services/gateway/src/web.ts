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
export async function registerWeb(fastify: FastifyInstance, webDir: string): Promise<void> {
  const dir = path.resolve(webDir);
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
  // Files are looked up per request (not registered at start), so a new build is served without a restart.
  await fastify.register(fastifyStatic, { root: dir, serve: false });
  fastify.get('/*', (request, reply) => {
    const pathname = safeDecode(request.url.split('?')[0] ?? '/');
    if (/^\/(api|health|metrics)(\/|$)/.test(pathname)) {
      const language = resolveLanguage(null, request.headers['accept-language']);
      return reply.status(404).send(errorEnvelope(new AppException(CommonErrorCode.NOT_FOUND), language));
    }
    const file = path.resolve(dir, `.${pathname}`);
    if (file.startsWith(dir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      // Built assets carry a content hash in their name: cache them for good; anything else revalidates.
      const immutable = pathname.startsWith('/assets/');
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(path.relative(dir, file), { cacheControl: false });
    }
    // A chunk of an earlier build (a page open across a deployment) is gone: never answer it with HTML.
    if (pathname.startsWith('/assets/')) return reply.status(404).send();
    // The shell must never be cached, so a new deployment is picked up at the next visit.
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html', { cacheControl: false });
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
