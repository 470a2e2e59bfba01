import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function webDistDir(configured: string | undefined): string {
  return configured ?? path.join(REPO_ROOT, 'web', 'dist');
}

/**
 * Serves the web build at `/`; any other GET outside /api, /health and /metrics answers index.html so the
 * browser router can take the path (SPA fallback).
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
  fastify.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (request.method === 'GET' && !/^\/(api|health|metrics)(\/|$|\?)/.test(url)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ status: 404, message: 'Not Found', data: null, code: 'NOT_FOUND' });
  });
}
