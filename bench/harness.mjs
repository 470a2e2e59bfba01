// The start-up the benchmarks share (bench/ledger.mjs, bench/procurement.mjs, bench/sales-upload.mjs): the built
// product's modules, a fresh database (on BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL, else an embedded
// PostgreSQL), the product started as `npm start` does, StockLedger on a pool of its own, the administrator's
// session, the figures' helpers, and the clean-up that runs whatever happens.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN = { email: 'bench@bench.local', password: 'Bench!Passw0rd' };
export const KEEP = process.env.BENCH_KEEP === '1';
export const dist = (file) => path.join(ROOT, file);

/** A positive integer from the environment, or `fallback`. */
export function positive(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

/**
 * The built modules every bench uses (exits when the build is missing). Set LOG_LEVEL before calling: the product's
 * logger reads it when loaded.
 */
export async function loadBuild() {
  for (const file of [
    'services/gateway/dist/embedded-app.js',
    'services/inventory/dist/ledger/stock-ledger.js',
    'libs/platform/dist/index.js',
  ]) {
    if (!fs.existsSync(dist(file))) {
      console.error(`${file} is missing: run \`npx tsc -b tsconfig.build.json\` first`);
      process.exit(1);
    }
  }
  const platform = await import(dist('libs/platform/dist/index.js'));
  const { StockLedger } = await import(dist('services/inventory/dist/ledger/stock-ledger.js'));
  const { InventorySettingsService } = await import(
    dist('services/inventory/dist/ledger/inventory-settings.service.js')
  );
  const { ItemReplicaRepository } = await import(dist('services/inventory/dist/replicas/item-replica.repository.js'));
  const { LocationReplicaRepository } = await import(
    dist('services/inventory/dist/replicas/location-replica.repository.js')
  );
  const { createEmbeddedApp } = await import(dist('services/gateway/dist/embedded-app.js'));
  return {
    platform,
    StockLedger,
    InventorySettingsService,
    ItemReplicaRepository,
    LocationReplicaRepository,
    createEmbeddedApp,
  };
}

/**
 * One bench run named `name` (its temporary directory and database carry it): `cleanUp` steps run in reverse order
 * when `run` ends, however it ends.
 */
export function createBench(name, build) {
  const { platform, createEmbeddedApp } = build;
  const cleanUp = [];

  /** A temporary data directory the embedded PostgreSQL (its own user when run as root) can enter. */
  function dataDirectory() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `scm-bench-${name}-`));
    fs.chmodSync(dataDir, 0o755);
    cleanUp.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    return dataDir;
  }

  /** A new database on the configured server, else an embedded PostgreSQL of this run. */
  async function freshDatabase(dataDir) {
    const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
    if (server) {
      const database = `scm_bench_${name.replace(/[^a-z0-9]/g, '_')}_${randomBytes(4).toString('hex')}`;
      const url = await platform.createDatabase(server, database);
      if (KEEP) console.log(`database kept: ${url}`);
      else cleanUp.push(() => platform.dropDatabase(server, database));
      return url;
    }
    const embedded = await platform.startEmbeddedPostgres(path.join(dataDir, 'pg'));
    cleanUp.push(() => embedded.stop());
    return embedded.url;
  }

  /** The embedded product on a free port; `close` may be called more than once. */
  async function startProduct(dataDir, databaseUrl) {
    const config = platform.loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: process.env.LOG_LEVEL,
      HOST: '127.0.0.1',
      PORT: '0',
    });
    const { app, close } = await createEmbeddedApp(config);
    await app.listen(0, '127.0.0.1');
    let closed = false;
    return {
      app,
      base: `http://127.0.0.1:${app.getHttpServer().address().port}`,
      close: async () => {
        if (!closed) await close();
        closed = true;
      },
    };
  }

  /** StockLedger as the inventory service builds it, on a pool of `poolSize` connections of its own, for `work`. */
  async function withLedger(databaseUrl, poolSize, work) {
    const dataSource = await platform.openServiceDataSource({
      url: databaseUrl,
      schema: 'inventory',
      entities: [],
      migrations: [],
      poolSize,
    });
    try {
      const ledger = new build.StockLedger(
        new build.ItemReplicaRepository(),
        new build.LocationReplicaRepository(),
        new build.InventorySettingsService(dataSource),
        new platform.EventPublisher('inventory'),
      );
      return await work(ledger, dataSource);
    } finally {
      await dataSource.destroy();
    }
  }

  /** Runs `main`, prints how long the whole run took (`label`), then cleans up. */
  async function run(main, label) {
    try {
      const started = performance.now();
      await main();
      console.log(`\n${label} done in ${seconds(started)} (${loadAverage()} at the end)`);
    } finally {
      for (const step of cleanUp.reverse()) {
        try {
          await step();
        } catch (error) {
          console.error(`clean-up: ${error.message}`);
        }
      }
    }
  }

  return { cleanUp, dataDirectory, freshDatabase, startProduct, withLedger, run };
}

/** Signs in as the administrator (the director); answers the headers of their session (cookies, CSRF token). */
export async function signInHeaders(base) {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  const cookies = new Map();
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  return {
    'content-type': 'application/json',
    cookie: [...cookies].map(([cookieName, value]) => `${cookieName}=${value}`).join('; '),
    'x-csrf-token': cookies.get('scm_csrf'),
  };
}

/** `call(method, path, body)` → the answer's data, as the administrator; throws on an error answer. */
export async function signIn(base) {
  const headers = await signInHeaders(base);
  return async (method, urlPath, body) => {
    const answer = await fetch(`${base}${urlPath}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    if (answer.status >= 300) throw new Error(`${method} ${urlPath} answered ${answer.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text).data;
  };
}

/** Runs `work(item)` over `items` with `width` at a time. */
export async function pool(items, width, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

export function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 };
}

export const sleep = (millis) => new Promise((resolve) => setTimeout(resolve, millis));
export const ms = (value) => `${value.toFixed(1)} ms`;
export const pct = (value) => `${(value * 100).toFixed(0)}%`;

export function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

export function loadAverage() {
  return `load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`;
}
