import client from 'prom-client';
import type { FastifyInstance } from 'fastify';

let registry: client.Registry | undefined;
let httpDuration: client.Histogram | undefined;

/** One registry per process, with Node's default metrics and HTTP request durations. */
export function metricsRegistry(): client.Registry {
  if (!registry) {
    registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });
    httpDuration = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
  }
  return registry;
}

export function instrumentHttp(fastify: FastifyInstance): void {
  metricsRegistry();
  fastify.addHook('onResponse', (request, reply, done) => {
    httpDuration?.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
