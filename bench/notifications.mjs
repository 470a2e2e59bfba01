#!/usr/bin/env node
// `npm run bench:notifications` (builds first): the notification fan-out of issue 15, measured on a fresh database.
// Prints figures; asserts nothing.
//
//   BENCH_EVENTS (10,000) document activity events (stock adjustment approved, as inventory publishes them through
//   its outbox) each addressed to BENCH_USERS (200) users: every user holds the key and the location, so each event
//   makes BENCH_USERS notifications and as many signals on the browser streams. Each user has the browser's stream
//   open (`GET /api/notification/stream`, server-sent events, read here by a small SSE client over HTTP).
//
//   - events/s: events published / time from the first publish to the last signal on every stream
//   - notifications/s: the same for the notification rows (events × users)
//   - p50 / p95 / max from an event's publish (its outbox commit) to its signal on a stream, over every signal
//
// A stream's signal carries no id (it only says "read your page again"), so the k-th signal of a stream is matched
// with the k-th event published: the consumer applies one event per transaction in the outbox's order, so they
// correspond one to one.
//
// Database: a new database on BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a server URL; dropped
// afterwards), else an embedded PostgreSQL under a temporary directory.
//
//   BENCH_EVENTS=10000   events published
//   BENCH_USERS=200      recipients of each (and open streams)
//   BENCH_BATCH=50       events per publishing transaction (all published at once: a burst, whose latency is mostly
//                        the queue behind it)
//   BENCH_RATE=20        instead of a burst, one event per transaction at this many per second: the latency of an
//                        event when the fan-out keeps up
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '..');
const EVENTS = positive('BENCH_EVENTS', 10_000);
const USERS = positive('BENCH_USERS', 200);
const RATE = process.env.BENCH_RATE ? positive('BENCH_RATE', 1) : 0;
const BATCH = RATE ? 1 : positive('BENCH_BATCH', 50);
const ADMIN = { email: 'bench@bench.local', password: 'Bench!Passw0rd' };
const LOCATION = 'BENCH-NTF';

function positive(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

process.env.LOG_LEVEL ??= 'warn';
const dist = (file) => path.join(ROOT, file);
for (const file of ['services/gateway/dist/embedded-app.js', 'libs/platform/dist/index.js']) {
  if (!fs.existsSync(dist(file))) {
    console.error(`${file} is missing: run \`npx tsc -b tsconfig.build.json\` first`);
    process.exit(1);
  }
}
const platform = await import(dist('libs/platform/dist/index.js'));
const { createDatabase, dropDatabase, loadConfig, startEmbeddedPostgres, EventPublisher, TokenSigner } = platform;
const { createEmbeddedApp } = await import(dist('services/gateway/dist/embedded-app.js'));

const cleanUp = [];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scm-bench-notifications-'));
  fs.chmodSync(dataDir, 0o755);
  cleanUp.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = await freshDatabase(dataDir);
  console.log(
    `notifications bench: ${EVENTS.toLocaleString('en')} events × ${USERS} users = ` +
      `${(EVENTS * USERS).toLocaleString('en')} notifications, ${RATE ? `paced at ${RATE} events/s` : 'one burst'} ` +
      `(${os.cpus().length} cores, ${loadAverage()})`,
  );
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const { app, runtime, close } = await createEmbeddedApp(config);
  cleanUp.unshift(() => close());
  await app.listen(0, '127.0.0.1');
  const port = app.getHttpServer().address().port;

  // The recipients as identity's events leave them in notifications' directory: one role viewing SA, every user
  // at the bench's location.
  const notifications = new pg.Client({ connectionString: databaseUrl, options: '-c search_path=notifications' });
  await notifications.connect();
  cleanUp.unshift(() => notifications.end());
  const rights = [
    { permission: { key: 'SA' }, view: true, edit: false, approval: false },
    { permission: { key: 'NOTIFICATION' }, view: true, edit: false, approval: false },
  ];
  await notifications.query(
    `INSERT INTO approver_role (role_id, role_name, permission_list, approval_limit, revision)
     VALUES ('bench-viewer', 'bench-viewer', $1::jsonb, NULL, 1)`,
    [JSON.stringify(rights)],
  );
  const users = Array.from({ length: USERS }, () => randomUUID());
  await notifications.query(
    `INSERT INTO approver_user (user_id, employee_name, role_id, status, location_list, revision)
     SELECT id, 'Bench ' || id, 'bench-viewer', 'Active', ARRAY[$2], 1 FROM unnest($1::text[]) AS id`,
    [users, LOCATION],
  );

  const signer = await TokenSigner.fromPem(runtime.authKeys.privateKeyPem);
  const arrivals = users.map(() => []);
  const streams = await Promise.all(
    users.map(async (userId, index) => {
      const token = await signer.sign({
        sub: userId,
        sid: randomUUID(),
        name: `Bench ${index}`,
        role: 'bench-viewer',
        perms: rights,
        cost: false,
        limit: null,
        locs: [LOCATION],
        lang: null,
      });
      return openStream(port, token, () => arrivals[index].push(performance.now()));
    }),
  );
  cleanUp.unshift(() => streams.forEach((stream) => stream.destroy()));
  console.log(`${USERS} streams open`);

  const publisher = new EventPublisher('inventory');
  const { DataSource } = await import('typeorm');
  const source = await new DataSource({
    type: 'postgres',
    url: databaseUrl,
    schema: 'inventory',
    extra: { options: '-c search_path=inventory' },
  }).initialize();
  cleanUp.unshift(() => source.destroy());

  const published = [];
  const actor = randomUUID();
  const started = performance.now();
  for (let first = 0; first < EVENTS; first += BATCH) {
    const count = Math.min(BATCH, EVENTS - first);
    if (RATE) {
      const due = started + (first / RATE) * 1000;
      if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    }
    await source.transaction(async (manager) => {
      for (let i = first; i < first + count; i += 1) {
        await publisher.publish(manager, 'inventory.stock-adjustment.approved', {
          document_type: 'SA',
          document_id: randomUUID(),
          doc_no: `SA-${LOCATION}-${String(i + 1).padStart(6, '0')}`,
          location_id: LOCATION,
          action: 'approve',
          from_status: 'PENDING APPROVAL',
          to_status: 'APPROVED',
          actor_id: actor,
          actor_name: 'Bench approver',
          remark: null,
          revision: 3,
        });
      }
    });
    const committed = performance.now();
    for (let i = 0; i < count; i += 1) published.push(committed);
  }
  const publishSeconds = (performance.now() - started) / 1000;
  console.log(`published ${EVENTS.toLocaleString('en')} events in ${publishSeconds.toFixed(1)} s`);

  await waitFor(() => arrivals.every((list) => list.length >= EVENTS), started);
  const last = Math.max(...arrivals.map((list) => list[EVENTS - 1]));
  const total = (last - started) / 1000;
  const latencies = [];
  for (const list of arrivals) for (let k = 0; k < EVENTS; k += 1) latencies.push(list[k] - published[k]);
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  console.log(
    `\nall ${(EVENTS * USERS).toLocaleString('en')} signals arrived ${total.toFixed(1)} s after the first publish`,
  );
  console.log(`  events/s:        ${(EVENTS / total).toFixed(0)}`);
  console.log(`  notifications/s: ${((EVENTS * USERS) / total).toFixed(0)}`);
  console.log(
    `  publish → stream: p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}, max ${ms(latencies[latencies.length - 1])}`,
  );
  console.log(`  (${loadAverage()} at the end)`);
}

/** A server-sent event client: calls `onSignal` for every `notification` event of the stream. */
function openStream(port, token, onSignal) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/notification/stream',
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        let ready = false;
        response.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (message.startsWith('event: notification')) onSignal();
            else if (message.startsWith('event: ready') && !ready) {
              ready = true;
              resolve(request);
            }
          }
        });
      },
    );
    request.on('error', reject);
  });
}

async function waitFor(done, since) {
  let lastReport = performance.now();
  while (!done()) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.log(`  … still delivering (${((performance.now() - since) / 1000).toFixed(0)} s)`);
    }
    if (performance.now() - since > 30 * 60_000) throw new Error('signals still missing after 30 minutes');
  }
}

async function freshDatabase(dataDir) {
  const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (server) {
    const name = `scm_bench_notifications_${randomBytes(4).toString('hex')}`;
    const url = await createDatabase(server, name);
    cleanUp.push(() => dropDatabase(server, name));
    return url;
  }
  const embedded = await startEmbeddedPostgres(path.join(dataDir, 'pg'));
  cleanUp.push(() => embedded.stop());
  return embedded.url;
}

function ms(value) {
  return `${value.toFixed(0)} ms`;
}

function loadAverage() {
  return `load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`;
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const step of cleanUp) await Promise.resolve(step()).catch(() => undefined);
  // Open handles (relay timers, streams) must not keep the bench alive.
  process.exit(process.exitCode ?? 0);
}
