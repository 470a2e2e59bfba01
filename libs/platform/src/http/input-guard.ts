import { CommonErrorCode, V } from '@scm/contracts';
import type { Language } from '@scm/i18n';
import type { FastifyInstance } from 'fastify';
import { currentContext } from '../logging/request-context.js';
import { AppException } from './app-exception.js';
import { errorEnvelope } from './error.filter.js';

/**
 * The first place in a parsed value where a string (or an object key) holds a NUL character, as a field path
 * (`items.0.name`), or undefined. PostgreSQL cannot store NUL in text, so such a value would fail deep in a
 * query; it is refused at the edge instead.
 */
export function nulFieldOf(value: unknown, path: readonly string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index): [string, unknown] => [String(index), item])
    : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.');
    const found = nulFieldOf(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The one input check every route gets before its handler (and before its pipes, guards and database): a NUL
 * character anywhere in the path parameters, the query string or a JSON body answers 400 naming the field.
 */
export function refuseNulCharacters(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request, reply, done) => {
    const field = nulFieldOf(request.params) ?? nulFieldOf(request.query) ?? nulFieldOf(request.body);
    if (field === undefined) return done();
    const language = (currentContext()?.language ?? 'en') as Language;
    const refusal = new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [{ field, rule: V.nulCharacter }]);
    void reply.status(400).send(errorEnvelope(refusal, language));
  });
}
