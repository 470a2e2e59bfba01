import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import { SUITE_HOOK_TIMEOUT_MS, TEST_ADMIN, signInAgent, startCatalogSuite } from '@scm/testing';
import type TestAgent from 'supertest/lib/agent.js';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The OpenAPI path, e.g. `/api/catalog/uoms/{id}`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  body?: JsonSchema;
}

/**
 * Operations the run cannot send bad input to without ending its own session: named here with the reason,
 * never skipped silently. (Password changes of the signed-in user would belong here too; there are none.)
 */
const SKIPPED: Record<string, string> = {
  'post /api/logout': 'signs the administrator out, so every later request of the run would answer 401',
};

/** Bad ids for any path parameter: NUL, not an id at all, negative, beyond any integer, too long, bad escape. */
const BAD_IDS = ['%00', 'abc', '-1', '99999999999999999999', 'x'.repeat(600), '%E0%A4%A'];

const HUGE_STRING = 'x'.repeat(20_000);
const NUL_STRING = 'a\u0000b';

/** A value of the wrong type for a schema: text where a number goes, a number where text goes, and so on. */
function wrongTyped(schema: JsonSchema | undefined): unknown {
  const type = typesOf(schema)[0];
  if (type === 'string') return 12345;
  if (type === 'number' || type === 'integer') return 'abc';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return { not: 'a list' };
  if (type === 'object') return ['not', 'an', 'object'];
  return { unexpected: [null] };
}

/** A hostile value of the right type: NUL and huge text, numbers beyond any column, a long or nested list. */
function hostile(schema: JsonSchema | undefined, depth = 0): unknown {
  const type = typesOf(schema)[0];
  if (type === 'string') return depth === 0 ? NUL_STRING : HUGE_STRING;
  if (type === 'number' || type === 'integer') return depth % 2 === 0 ? 1e308 : -1e20;
  if (type === 'boolean') return null;
  if (type === 'array') return Array.from({ length: 3 }, () => hostile(schema?.items, depth + 1));
  if (type === 'object' && depth < 3) return objectOf(schema, (property) => hostile(property, depth + 1));
  return HUGE_STRING;
}

function typesOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  if (schema.type) return ([] as string[]).concat(schema.type).filter((type) => type !== 'null');
  const first = (schema.anyOf ?? schema.oneOf)?.find((option) => typesOf(option).length > 0);
  return first ? typesOf(first) : schema.properties ? ['object'] : [];
}

function objectOf(schema: JsonSchema | undefined, value: (property: JsonSchema) => unknown): Record<string, unknown> {
  const properties = schema?.properties ?? (schema?.anyOf ?? schema?.oneOf)?.find((o) => o.properties)?.properties;
  return Object.fromEntries(Object.entries(properties ?? {}).map(([name, property]) => [name, value(property)]));
}

/** The bad bodies sent to an operation that takes one (a few, to keep the run bounded). */
function badBodies(schema: JsonSchema | undefined): { name: string; raw?: string; json?: unknown }[] {
  return [
    { name: 'malformed JSON', raw: '{"unterminated": ' },
    { name: 'a list instead of an object', json: [1, 'two', null] },
    { name: 'unknown and prototype keys', json: JSON.parse('{"__proto__": {"admin": true}, "zz_unknown": 1}') },
    { name: 'wrong-typed fields', json: objectOf(schema, wrongTyped) },
    { name: 'NUL, huge and out-of-range values', json: hostile(schema) },
  ];
}

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method] as
        | {
            parameters?: { in: string; name: string }[];
            requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          }
        | undefined;
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        method,
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/**
 * Every operation of the gateway's OpenAPI document, signed in as the administrator, gets bad ids, bad bodies,
 * NUL characters, huge and wrong-typed values, and must never answer 5xx. A new endpoint is covered by being
 * documented; nothing here names endpoints except the skip list above.
 */
describe('every endpoint refuses bad input without a server error (embedded mode)', () => {
  let agent: TestAgent;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ agent, close } = await startCatalogSuite(createEmbeddedApp));
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  // Every documented operation, one request after another: the documents keep adding to their number, and a busy
  // 2-core CI machine (two jest shards, the distributed suites and the browser tier at once) needs minutes — over five
  // once. A limit for a hung run, not an assertion on speed.
  it('answers 4xx, never 5xx, to bad ids, bodies and query values on every documented operation', async () => {
    const document = (await agent.get('/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const signedOutBy: string[] = [];
    const skipped: string[] = [];
    let requests = 0;

    const send = async (
      operation: Operation,
      variant: string,
      url: string,
      body?: { raw?: string; json?: unknown },
    ) => {
      requests += 1;
      let call = agent[operation.method](url);
      if (body?.raw !== undefined) call = call.set('Content-Type', 'application/json').send(body.raw);
      else if (body?.json !== undefined) call = call.send(body.json as object);
      const response = await call;
      if (response.status >= 500) {
        const answer = response.body as { code?: string; correlationId?: string };
        failures.push(
          `${operation.method.toUpperCase()} ${url.slice(0, 120)} [${variant}] -> ${response.status} ${answer.code ?? ''} ${answer.correlationId ?? ''}`,
        );
      }
    };

    for (const operation of operations) {
      const key = `${operation.method} ${operation.path}`;
      if (SKIPPED[key]) {
        skipped.push(`${key}: ${SKIPPED[key]}`);
        continue;
      }
      const takesBody = operation.method === 'post' || operation.method === 'put' || operation.method === 'patch';
      const fill = (id: string) => operation.path.replace(/\{[^}]+\}/g, id);
      if (operation.pathParams.length > 0) {
        for (const id of BAD_IDS)
          await send(operation, `id ${id.slice(0, 20)}`, fill(id), takesBody ? { json: {} } : undefined);
      }
      const url = fill('00000000-0000-4000-8000-000000000000');
      if (takesBody) {
        for (const body of badBodies(operation.body)) await send(operation, body.name, url, body);
      }
      if (operation.queryParams.length > 0) {
        for (const value of ['abc', '-1', '99999999999999999999', '%00']) {
          const query = operation.queryParams.map((name) => `${encodeURIComponent(name)}=${value}`).join('&');
          await send(operation, `query ${value}`, `${url}?${query}`);
        }
      }
      // The run must stay signed in; an operation that ended the session is a finding of its own.
      const token = await agent.get('/api/token');
      if (token.status !== 200 || !(token.body as { data?: { token?: string } }).data?.token) {
        signedOutBy.push(key);
        await signInAgent(agent, TEST_ADMIN.email, TEST_ADMIN.password);
      }
    }

    expect({ skipped, signedOutBy, failures }).toEqual({
      skipped: Object.entries(SKIPPED).map(([key, why]) => `${key}: ${why}`),
      signedOutBy: [],
      failures: [],
    });
    expect(requests).toBeGreaterThan(operations.length);
  }, 900_000);
});
