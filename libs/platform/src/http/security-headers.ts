import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** HSTS for a year, sent only on HTTPS (a browser ignores it over HTTP, and a plain-HTTP dev set-up stays usable). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of everything served: the web build (vite emits external module scripts and
 * stylesheets only, no inline script) and Swagger UI (its init script is a file, see api-docs.ts). React's
 * `style={{...}}` sets CSSOM properties, which style-src does not govern; images may be data:/blob: URLs
 * (watermark, previews of uploads). Nothing may frame the product (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Security headers on every answer (@fastify/helmet): CSP, X-Frame-Options DENY, X-Content-Type-Options
 * nosniff, Referrer-Policy no-referrer, and HSTS when the request came over HTTPS (directly or, behind a
 * proxy, by X-Forwarded-Proto: the apps trust the proxy). Used by the embedded app and the gateway alike.
 */
export async function registerSecurityHeaders(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS_VALUE);
    done();
  });
}
