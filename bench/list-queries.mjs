#!/usr/bin/env node
// `npm run bench` (after `npm run build`): list speed with 100,000 SKUs and 20,000 products (issue 5). Starts the
// product as `npm start` does (createEmbeddedApp: every service, the gateway's HTTP stack with sign-in, guard and
// envelope) on a fresh database, seeds the data set-based (bench/list-seed.mjs), signs in, then sends a few
// hundred list requests per list over HTTP, one at a time, mixing searches (common, rare, none), sorts in both
// directions, status filters, page sizes and pages from the first to the last. Prints p50 / p95 / max per
// scenario and overall, and PASS / FAIL against the goal: p95 under 50 ms for each list. Searches of one or two
// characters (a two-character Chinese word among them) have no trigram, so no index: they are measured and
// shown, but outside the goal's mix.
//
// Database: a new database on BENCH_DATABASE_URL or DATABASE_URL (a server URL; dropped afterwards), else an
// embedded PostgreSQL under a temporary directory, as the app starts one. Exit code 1 when a list misses the goal.
//
//   BENCH_SKUS=100000 BENCH_PRODUCTS=20000  how much data
//   BENCH_ROUNDS=30                         timed requests per scenario (after a warm-up)
//   BENCH_EXPLAIN=1                         also print EXPLAIN (ANALYZE, BUFFERS) of every scenario's SQL
//   BENCH_KEEP=1                            keep the database (server mode) for a look with psql afterwards
//   BENCH_TOPOLOGY=distributed              every service its own process, the gateway forwarding to catalog
//                                           (as `npm run start:distributed`; needs the database URL, NATS_URL and
//                                           REDIS_URL); default: embedded, as `npm start`
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedCatalog } from './list-seed.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const GOAL_P95_MS = 50;
const SKUS = positive('BENCH_SKUS', 100_000);
const PRODUCTS = positive('BENCH_PRODUCTS', 20_000);
const ROUNDS = positive('BENCH_ROUNDS', 30);
const WARM_UP = 3;
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const KEEP = process.env.BENCH_KEEP === '1';
const TOPOLOGY = process.env.BENCH_TOPOLOGY ?? 'embedded';
if (!['embedded', 'distributed'].includes(TOPOLOGY)) throw new Error('BENCH_TOPOLOGY must be embedded or distributed');
const DISTRIBUTED = TOPOLOGY === 'distributed';
const ADMIN = { email: 'bench@bench.local', password: 'Bench!Passw0rd' };
const PAGE_SIZES = [10, 20, 50, 100];

function positive(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

// The app's loggers read LOG_LEVEL when they are loaded: only warnings, so the figures stay readable.
process.env.LOG_LEVEL ??= 'warn';
const dist = (file) => path.join(ROOT, file);
for (const file of ['services/gateway/dist/embedded-app.js', 'libs/platform/dist/index.js']) {
  if (!fs.existsSync(dist(file))) {
    console.error(`${file} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}
const { createDatabase, dropDatabase, freePort, loadConfig, compileListQuery } = await import(
  dist('libs/platform/dist/index.js')
);
const { createEmbeddedApp } = await import(dist('services/gateway/dist/embedded-app.js'));

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scm-bench-'));
  // As root, embedded PostgreSQL runs as its own user, which must reach the cluster directory inside.
  fs.chmodSync(dataDir, 0o755);
  if (!KEEP) cleanUp.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  let databaseUrl;
  if (server) {
    const name = `scm_bench_${randomBytes(4).toString('hex')}`;
    databaseUrl = await createDatabase(server, name);
    if (KEEP) console.log(`database kept: ${databaseUrl}`);
    else cleanUp.push(() => dropDatabase(server, name));
  }

  let started = performance.now();
  const app = DISTRIBUTED ? await startDistributed(dataDir, databaseUrl) : await startEmbedded(dataDir, databaseUrl);
  const where = databaseUrl ? new URL(databaseUrl).host : 'embedded PostgreSQL';
  console.log(`${app.topology} started in ${seconds(started)} (${where}, ${os.cpus().length} cores, ${loadAverage()})`);

  const db = new pg.Client({ connectionString: app.databaseUrl, options: '-c search_path=catalog' });
  await db.connect();
  cleanUp.push(() => db.end());
  const { rows: version } = await db.query('SHOW server_version');
  started = performance.now();
  const timings = await seedCatalog(db, { skus: SKUS, products: PRODUCTS });
  console.log(
    `seeded ${SKUS.toLocaleString('en')} SKUs and ${PRODUCTS.toLocaleString('en')} products in ${seconds(started)}` +
      ` on PostgreSQL ${version[0].server_version} (${Object.entries(timings)
        .map(([label, s]) => `${label} ${s.toFixed(1)} s`)
        .join(', ')})`,
  );

  const http = await signIn(app.base);
  const lists = [
    {
      title: `SKUs (POST /api/catalog/skus/list, ${SKUS.toLocaleString('en')} rows)`,
      path: '/api/catalog/skus/list',
      resource: (await import(dist('services/catalog/dist/sku/sku.list.js'))).SKU_LIST,
      scenarios: skuScenarios(SKUS),
    },
    {
      title: `products (POST /api/catalog/products/list, ${PRODUCTS.toLocaleString('en')} rows)`,
      path: '/api/catalog/products/list',
      resource: (await import(dist('services/catalog/dist/product/product.list.js'))).PRODUCT_LIST,
      scenarios: productScenarios(PRODUCTS),
    },
  ];
  let anyFailed = false;
  for (const list of lists) {
    const result = await runList(http, list);
    if (EXPLAIN) await explain(db, list);
    anyFailed ||= !result.pass;
  }
  return anyFailed;
}

/** The product as `npm start` runs it: one process, the gateway's HTTP stack in front of every service. */
async function startEmbedded(dataDir, databaseUrl) {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const { app, runtime, close } = await createEmbeddedApp(config);
  cleanUp.push(close);
  await app.listen(0, '127.0.0.1');
  return {
    topology: 'embedded app',
    base: `http://127.0.0.1:${app.getHttpServer().address().port}`,
    databaseUrl: runtime.databaseUrl,
  };
}

/**
 * The distributed topology (`npm run start:distributed`, docker-compose.yml): every service its own process, the
 * gateway forwarding to catalog over HTTP. Needs a server database, NATS_URL and REDIS_URL.
 */
async function startDistributed(dataDir, databaseUrl) {
  for (const [variable, value] of [
    ['BENCH_DATABASE_URL or DATABASE_URL', databaseUrl],
    ['NATS_URL', process.env.NATS_URL],
    ['REDIS_URL', process.env.REDIS_URL],
  ]) {
    if (!value) throw new Error(`BENCH_TOPOLOGY=distributed needs ${variable}`);
  }
  const { BACKEND_SERVICES, generateAuthKeys, startService } = await import(dist('scripts/service-processes.mjs'));
  const env = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    NATS_URL: process.env.NATS_URL,
    REDIS_URL: process.env.REDIS_URL,
    NATS_NAMESPACE: `bench${randomBytes(4).toString('hex')}`,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...generateAuthKeys(),
  };
  const output = [];
  const start = async (name) => {
    const service = await startService(name, {
      port: await freePort(),
      env,
      onOutput: (_stream, text) => output.push(`[${name}] ${text}`),
    });
    cleanUp.push(() => service.stop());
    return service;
  };
  cleanUp.push(() => {
    const errors = output.filter((line) => /"level":(50|60)/.test(line));
    if (errors.length > 0) console.error(errors.slice(-20).join(''));
  });
  for (const name of BACKEND_SERVICES) env[`${name.toUpperCase()}_URL`] = (await start(name)).url;
  const gateway = await start('gateway');
  return { topology: 'distributed services (gateway → catalog over HTTP)', base: gateway.url, databaseUrl };
}

/** Other work on the machine skews every figure: say how busy it was. */
function loadAverage() {
  return `load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`;
}

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** Signs in as the administrator; returns a `post(path, body)` carrying the session cookie and CSRF header. */
async function signIn(base) {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  const cookies = new Map();
  const keepCookies = (answer) => {
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
  };
  keepCookies(response);
  if (!cookies.get('scm_csrf')) throw new Error('sign-in set no CSRF cookie');
  const headers = {};
  const setHeaders = () =>
    Object.assign(headers, {
      'content-type': 'application/json',
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrf-token': cookies.get('scm_csrf'),
    });
  setHeaders();
  // The access token lives 5 minutes; the web app renews it through GET /api/token, and so does this (untimed).
  let renewed = performance.now();
  const renewIfDue = async () => {
    if (performance.now() - renewed < 120_000) return;
    const answer = await fetch(`${base}/api/token`, { headers: { cookie: headers.cookie } });
    if (answer.status !== 200) throw new Error(`renewing the token answered ${answer.status}`);
    await answer.arrayBuffer();
    keepCookies(answer);
    setHeaders();
    renewed = performance.now();
  };
  return async (urlPath, body) => {
    await renewIfDue();
    const sent = performance.now();
    const answer = await fetch(`${base}${urlPath}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await answer.text();
    const ms = performance.now() - sent;
    if (answer.status !== 200) throw new Error(`${urlPath} answered ${answer.status}: ${text.slice(0, 500)}`);
    const envelope = JSON.parse(text);
    return { ms, rows: envelope.data.length, total: envelope.recordsTotal };
  };
}

/** A tiny deterministic generator, so two runs send the same requests. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(20_000);
const any = (values) => values[Math.floor(random() * values.length)];
const direction = () => any(['ASC', 'DESC']);

/**
 * A scenario makes one request body at a time (search term, page size, page vary within it). `page` is
 * 1-based; `last` asks for the last page of the whole list.
 */
function body({ search = '', sort, status, page = 1, last, size = any(PAGE_SIZES), total = 0 }) {
  const limit = size;
  const start = last ? Math.max(0, (Math.ceil(total / limit) - 1) * limit) : (page - 1) * limit;
  return {
    search_str: search,
    other_params: status ? { status } : {},
    draw: Math.floor(start / limit) + 1,
    limit,
    start,
    columns: [],
    order_by: sort ? [{ column: sort[0], sort_type: sort[1] }] : [],
  };
}

const COMMON_SKU_TERMS = ['rice', 'chicken', 'frozen', 'sauce', 'premium', 'oil', 'golden harvest', 'bakery'];
// One or two characters (a Chinese word is often two): no trigram, so no index; outside the goal, shown apart.
const SHORT_SKU_TERMS = ['ri', 'ch', 'oi', '扇贝', '虾', 'k'];
const SHORT_PRODUCT_TERMS = ['ri', 'go', 'wa', 'pl', 'k'];
const OUTSIDE_GOAL = { outsideGoal: true };
const RARE_SKU_TERMS = ['SKU-054321', 'SKU-0999', '8850003167', 'Twin Dragons Udon', '三文鱼', 'gluten-free'];

function skuScenarios(total) {
  return [
    ['first page, default order', () => body({})],
    ['sort name, first pages', () => body({ sort: ['name', direction()], page: 1 + Math.floor(random() * 3) })],
    ['sort name, page 50-100', () => body({ sort: ['name', direction()], page: 50 + Math.floor(random() * 50) })],
    [
      'sort sku_id, any page ≤ 200',
      () => body({ sort: ['sku_id', direction()], page: 1 + Math.floor(random() * 200) }),
    ],
    [
      'sort last_updated_time, page 2-20',
      () => body({ sort: ['last_updated_time', direction()], page: 2 + Math.floor(random() * 19) }),
    ],
    ['last page, default order', () => body({ last: true, total })],
    ['last page, sort name', () => body({ last: true, total, sort: ['name', direction()] })],
    ['status new/active, sort name', () => body({ status: 'new_or_active', sort: ['name', direction()] })],
    ['status archived, page 1-5', () => body({ status: ['archived'], page: 1 + Math.floor(random() * 5) })],
    [
      'status new/active, page 100-1000',
      () => body({ status: 'new_or_active', page: 100 + Math.floor(random() * 900), size: any([10, 20]) }),
    ],
    ['search common word', () => body({ search: any(COMMON_SKU_TERMS) })],
    [
      'search common, sort name, page 2-10',
      () => body({ search: any(COMMON_SKU_TERMS), sort: ['name', direction()], page: 2 + Math.floor(random() * 9) }),
    ],
    [
      'search common + status active, sort sku_id',
      () => body({ search: any(COMMON_SKU_TERMS), status: ['active'], sort: ['sku_id', direction()] }),
    ],
    [
      'search 1-2 characters (no index)',
      () => body({ search: any(SHORT_SKU_TERMS), sort: any([undefined, ['name', 'ASC']]) }),
      OUTSIDE_GOAL,
    ],
    [
      'search rare (code, barcode, phrase, tag)',
      () => body({ search: any(RARE_SKU_TERMS), sort: any([undefined, ['name', 'ASC']]) }),
    ],
    ['search no match', () => body({ search: any(['xyzzy', 'qqq-none', '无此物']) })],
  ];
}

const COMMON_PRODUCT_TERMS = ['ring', 'gold', 'watch', 'aurelia', 'platinum', 'necklace', 'seasonal'];
const RARE_PRODUCT_TERMS = ['JW-012345', 'WT-0199', 'Noble Time Diver', 'Opal Tiara', 'supplier-promo'];

function productScenarios(total) {
  return [
    ['first page, default order', () => body({})],
    [
      'sort product_name, first pages',
      () => body({ sort: ['product_name', direction()], page: 1 + Math.floor(random() * 3) }),
    ],
    [
      'sort product_name, page 20-60',
      () => body({ sort: ['product_name', direction()], page: 20 + Math.floor(random() * 40) }),
    ],
    [
      'sort product_code, any page ≤ 200',
      () => body({ sort: ['product_code', direction()], page: 1 + Math.floor(random() * 200) }),
    ],
    [
      'sort last_updated_time, page 2-20',
      () => body({ sort: ['last_updated_time', direction()], page: 2 + Math.floor(random() * 19) }),
    ],
    ['last page, default order', () => body({ last: true, total })],
    ['last page, sort product_name', () => body({ last: true, total, sort: ['product_name', direction()] })],
    [
      'status new/active, sort product_name',
      () => body({ status: 'new_or_active', sort: ['product_name', direction()] }),
    ],
    ['status archived, page 1-5', () => body({ status: ['archived'], page: 1 + Math.floor(random() * 5) })],
    [
      'status new/active, page 100-800',
      () => body({ status: 'new_or_active', page: 100 + Math.floor(random() * 700), size: any([10, 20]) }),
    ],
    ['search common word', () => body({ search: any(COMMON_PRODUCT_TERMS) })],
    [
      'search common, sort name, page 2-10',
      () =>
        body({
          search: any(COMMON_PRODUCT_TERMS),
          sort: ['product_name', direction()],
          page: 2 + Math.floor(random() * 9),
        }),
    ],
    [
      'search common + status active, sort code',
      () => body({ search: any(COMMON_PRODUCT_TERMS), status: ['active'], sort: ['product_code', direction()] }),
    ],
    [
      'search 1-2 characters (no index)',
      () => body({ search: any(SHORT_PRODUCT_TERMS), sort: any([undefined, ['product_name', 'ASC']]) }),
      OUTSIDE_GOAL,
    ],
    [
      'search rare (code, phrase, tag)',
      () => body({ search: any(RARE_PRODUCT_TERMS), sort: any([undefined, ['product_name', 'ASC']]) }),
    ],
    ['search no match', () => body({ search: any(['xyzzy', 'qqq-none', '无此物']) })],
  ];
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function runList(post, list) {
  // Warm-up: every scenario a few times (plans cached, pages in shared buffers, JIT of the HTTP stack).
  for (const [, make] of list.scenarios) for (let i = 0; i < WARM_UP; i += 1) await post(list.path, make());
  // The timed requests, scenarios interleaved in a fixed shuffled order.
  const order = list.scenarios.flatMap((_, index) => Array.from({ length: ROUNDS }, () => index));
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const samples = list.scenarios.map(() => ({ ms: [], rows: 0, totals: 0 }));
  for (const index of order) {
    const result = await post(list.path, list.scenarios[index][1]());
    samples[index].ms.push(result.ms);
    samples[index].rows += result.rows;
    samples[index].totals += result.total;
  }

  const line = (label, ms, extra = '') =>
    `${label.padEnd(46)} ${String(ms.length).padStart(5)} ${[50, 95].map((p) => percentile(ms, p).toFixed(1).padStart(7)).join(' ')} ${ms
      .at(-1)
      .toFixed(1)
      .padStart(7)}${extra}`;
  console.log(`\n${list.title}`);
  console.log(
    `${'scenario'.padEnd(46)} ${'n'.padStart(5)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'max ms'.padStart(7)}  avg matches`,
  );
  const goal = [];
  const all = [];
  list.scenarios.forEach(([label, , options], index) => {
    const { ms, totals } = samples[index];
    ms.sort((a, b) => a - b);
    all.push(...ms);
    if (!options?.outsideGoal) goal.push(...ms);
    const flag = options?.outsideGoal
      ? '  (outside the goal)'
      : percentile(ms, 95) >= GOAL_P95_MS
        ? '  ← over 50 ms'
        : '';
    console.log(
      line(
        label,
        ms,
        `  ${Math.round(totals / ms.length)
          .toLocaleString('en')
          .padStart(11)}${flag}`,
      ),
    );
  });
  goal.sort((a, b) => a - b);
  all.sort((a, b) => a - b);
  const p95 = percentile(goal, 95);
  const pass = p95 < GOAL_P95_MS;
  console.log(line('goal mix (every scenario but 1-2 characters)', goal));
  console.log(line('all scenarios', all));
  console.log(
    `${pass ? 'PASS' : 'FAIL'}: goal mix p95 ${p95.toFixed(1)} ms ${pass ? '<' : '≥'} ${GOAL_P95_MS} ms (${loadAverage()})`,
  );
  return { pass };
}

/** EXPLAIN (ANALYZE, BUFFERS) of one request of every scenario: the page query, then the count query. */
async function explain(db, list) {
  for (const [label, make] of list.scenarios) {
    const query = make();
    const compiled = compileListQuery(list.resource, query);
    for (const [kind, sql, params] of [
      ['page', compiled.dataSql, compiled.params],
      ['count', compiled.countSql, compiled.countParams],
    ]) {
      const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      console.log(`\n--- ${list.path} · ${label} · ${kind} · ${JSON.stringify({ ...query, columns: undefined })}`);
      console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
  }
}

const cleanUp = [];
try {
  process.exitCode = (await main()) ? 1 : 0;
} finally {
  for (const step of cleanUp.reverse()) {
    try {
      await step();
    } catch (error) {
      console.error('clean-up:', error.message);
    }
  }
}
