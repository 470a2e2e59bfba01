#!/usr/bin/env node
// `npm run bench:ledger` (part of `npm run bench`; builds first): the stock ledger's figures (issue 11), measured on a
// fresh database with data this script generates. Prints figures and the goals beside them; asserts nothing.
//
//   1. posting throughput (lines/s) and p95 latency of a posting at BENCH_CLIENTS (50) concurrent clients through
//      StockLedger.post (the built service, each posting in its own transaction, retried on a deadlock as the
//      documents do), and a raw-SQL baseline writing the same rows (posting, batch, movement, balance, outbox) with
//      none of the ledger's checks, at the same concurrency in the same run; their ratio   goal ≥ 1,000 lines/s, ≥ 40%
//   2. p95 of one posting (one client) with ~10k movements in the ledger, and again after bulk-loading history to
//      BENCH_MOVEMENTS (1M) movements; their ratio                                                      goal ≤ 1.5
//   3. /fifo valuation as of a date over those movements, through HTTP as the director                   goal < 2 s
//   4. the overview list through HTTP with BENCH_SKUS (100k) SKUs × BENCH_LOCATIONS (20) balances          goal p95 < 50 ms
//
// Database: a new database on BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a server URL; dropped afterwards),
// else an embedded PostgreSQL under a temporary directory. The postings run on a pool of their own (one connection per
// client) while the product is stopped; the HTTP figures run against the product started as `npm start` does.
//
//   BENCH_SKUS=100000 BENCH_LOCATIONS=20   items and locations (the overview's balances are their product)
//   BENCH_MOVEMENTS=1000000                movements after the history load
//   BENCH_CLIENTS=50                       concurrent posting clients
//   BENCH_POSTINGS=2000                    postings per throughput run (ledger, then raw SQL)
//   BENCH_LINES=5                          lines per posting (receipts and issues, mixed)
//   BENCH_SEQUENTIAL=200                   postings for each one-client p95
//   BENCH_ROUNDS=30                        timed HTTP requests per list scenario (after a warm-up)
//   BENCH_KEEP=1                           keep the database (server mode)
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import {
  createBench,
  dist,
  loadAverage,
  loadBuild,
  ms,
  pct,
  positive,
  seconds,
  signInHeaders,
  stats,
} from './harness.mjs';

const SKUS = positive('BENCH_SKUS', 100_000);
const LOCATIONS = Math.min(99, positive('BENCH_LOCATIONS', 20));
const MOVEMENTS = positive('BENCH_MOVEMENTS', 1_000_000);
const CLIENTS = positive('BENCH_CLIENTS', 50);
const POSTINGS = positive('BENCH_POSTINGS', 2000);
const LINES = positive('BENCH_LINES', 5);
const SEQUENTIAL = positive('BENCH_SEQUENTIAL', 200);
const ROUNDS = positive('BENCH_ROUNDS', 30);
/** SKUs whose balances the timed postings touch (× every location): pre-stocked, ~10k movements. */
const WORKING_SKUS = Math.min(SKUS, Math.max(1, Math.round(10_000 / LOCATIONS)));
const TODAY = new Date().toISOString().slice(0, 10);

process.env.LOG_LEVEL ??= 'warn';
const build = await loadBuild();
const { inTransaction, retryOnConflict } = build.platform;
const { FIFO_VALUATION_SQL } = await import(dist('services/inventory/dist/stock/stock-sql.js'));
const { cleanUp, dataDirectory, freshDatabase, startProduct, withLedger, run } = createBench('ledger', build);

async function main() {
  const dataDir = dataDirectory();
  const databaseUrl = await freshDatabase(dataDir);
  console.log(
    `ledger bench: ${SKUS.toLocaleString('en')} SKUs × ${LOCATIONS} locations, ${MOVEMENTS.toLocaleString('en')} ` +
      `movements, ${CLIENTS} clients × ${LINES}-line postings (${os.cpus().length} cores, ${loadAverage()})`,
  );

  // The product once, for its migrations (every service's schema), then stopped: the postings measure the ledger,
  // not an outbox relay delivering their events in the same process.
  let started = performance.now();
  const first = await startProduct(dataDir, databaseUrl);
  await first.close();
  console.log(`schema migrated in ${seconds(started)}`);

  const db = new pg.Client({ connectionString: databaseUrl, options: '-c search_path=inventory' });
  await db.connect();
  cleanUp.push(() => db.end());
  started = performance.now();
  await seedReplicas(db);
  await loadHistory(db, { tag: 'w', firstSku: 1, pairs: WORKING_SKUS * LOCATIONS, issues: false, quantity: 100_000 });
  await vacuum(db);
  console.log(
    `seeded the replicas and ${(WORKING_SKUS * LOCATIONS).toLocaleString('en')} stocked balances in ${seconds(started)}`,
  );

  const figures = {};
  console.log(`\n1-a posting, one client, ${await movementCount(db)} movements in the ledger`);
  figures.small = await withLedger(databaseUrl, 2, (ledger, dataSource) => sequential(ledger, dataSource, 'small'));
  console.log(`\n2-throughput at ${CLIENTS} concurrent clients, ${POSTINGS} postings of ${LINES} lines`);
  // One pool at a time (a shared server's connections are counted): each client holds one connection.
  figures.ledger = await withLedger(databaseUrl, CLIENTS, (ledger, dataSource) =>
    concurrent('StockLedger.post', (posting) => postThroughLedger(ledger, dataSource, posting)),
  );
  const rawPool = new pg.Pool({ connectionString: databaseUrl, max: CLIENTS, options: '-c search_path=inventory' });
  try {
    figures.raw = await concurrent('raw SQL        ', (posting) => postRaw(rawPool, posting));
  } finally {
    await rawPool.end();
  }
  const ratio = figures.ledger.linesPerSecond / figures.raw.linesPerSecond;
  console.log(
    `  ledger / raw: ${pct(ratio)} of raw SQL's lines/s — goal ≥ 1,000 lines/s (${figures.ledger.linesPerSecond >= 1000 ? 'met' : 'missed'}) ` +
      `and ≥ 40% (${ratio >= 0.4 ? 'met' : 'missed'})`,
  );

  started = performance.now();
  const existing = await movementCount(db);
  const historyPairs = Math.max(0, Math.ceil((MOVEMENTS - existing) / 2));
  const available = (SKUS - WORKING_SKUS) * LOCATIONS;
  if (historyPairs > available)
    throw new Error(`BENCH_MOVEMENTS needs ${historyPairs} history balances, there are ${available}`);
  await loadHistory(db, { tag: 'h', firstSku: WORKING_SKUS + 1, pairs: historyPairs, issues: true, quantity: 0 });
  await zeroBalances(db);
  await db.query('DELETE FROM outbox');
  await vacuum(db);
  console.log(
    `\nloaded history to ${(await movementCount(db)).toLocaleString('en')} movements and ` +
      `${(await balanceCount(db)).toLocaleString('en')} balances in ${seconds(started)}`,
  );
  console.log(`\n3-a posting, one client, ${(await movementCount(db)).toLocaleString('en')} movements in the ledger`);
  figures.large = await withLedger(databaseUrl, 2, (ledger, dataSource) => sequential(ledger, dataSource, 'large'));
  const growth = figures.large.p95 / figures.small.p95;
  console.log(
    `  p95 at ${MOVEMENTS.toLocaleString('en')} / p95 at 10k: ${growth.toFixed(2)}× — goal ≤ 1.5 (${growth <= 1.5 ? 'met' : 'missed'})`,
  );

  await db.query('DELETE FROM outbox');
  const product = await startProduct(dataDir, databaseUrl);
  cleanUp.push(() => product.close());
  const http = await signIn(product.base);
  await fifoFigures(db, http);
  await overviewFigures(http);
  return figures;
}

const skuId = (sql) => `'SKU-' || lpad((${sql})::text, 6, '0')`;
const locationId = (sql) => `'LOC' || lpad((${sql})::text, 2, '0')`;
const WORDS = [
  'Rice',
  'Flour',
  'Sugar',
  'Salt',
  'Butter',
  'Cream',
  'Milk',
  'Eggs',
  'Chicken',
  'Salmon',
  'Tofu',
  'Noodles',
];
const ADJECTIVES = ['Fresh', 'Frozen', 'Organic', 'Premium', 'Smoked', 'Dried', 'Golden', 'Thai', 'Wild', 'Fine'];

/** Items, categories, locations and a region, as catalog's events would have put them in the replicas. */
async function seedReplicas(db) {
  await db.query('BEGIN');
  await db.query(`INSERT INTO region_replica (region_id, region_name, status, revision)
                  VALUES ('00000000-0000-4000-8000-00000000b001', 'Bench region', 'active', 1)`);
  await db.query(`INSERT INTO item_category_replica (item_type, category_id, category_name, status, revision)
                  SELECT 'sku', ('00000000-0000-4000-8000-' || lpad(c::text, 12, '0'))::uuid, 'Category ' || c, 'active', 1
                    FROM generate_series(1, 20) c`);
  await db.query(
    `INSERT INTO location_replica (location_id, location_name, region_id, status, revision)
     SELECT ${locationId('l')}, 'Outlet ' || l, '00000000-0000-4000-8000-00000000b001', 'active', 1
       FROM generate_series(1, $1) l`,
    [LOCATIONS],
  );
  // Names are not in id order (a word pair picked by a multiplicative hash), so ordering by name is real work.
  await db.query(
    `INSERT INTO item_replica (item_type, item_id, item_name, ch_display_name, category_id, primary_uom_name,
                               counting_uom_name, uom_list, threshold, is_inventorise, status, revision, last_updated_time)
     SELECT 'sku', ${skuId('s')},
            ($2::text[])[1 + (s::bigint * 7919) % array_length($2::text[], 1)] || ' ' ||
              ($3::text[])[1 + (s::bigint * 104729) % array_length($3::text[], 1)] || ' ' || s,
            '', ('00000000-0000-4000-8000-' || lpad((1 + s % 20)::text, 12, '0'))::uuid, 'KG', 'KG',
            '[{"uom_name":"KG","factor":"1"}]', (s % 40)::numeric, true, 'active', 1, now()
       FROM generate_series(1, $1) s`,
    [SKUS, ADJECTIVES, WORDS],
  );
  await db.query('COMMIT');
}

/**
 * Bulk history, set-based and consistent with the ledger's invariants (balance = Σ movements = Σ remaining batches,
 * value likewise): `pairs` (item, location) balances from SKU `firstSku` on, every location, each with one receipt
 * (a batch) and, with `issues`, one later issue of half of it. Value dates spread over 2025; one posting per 1,000
 * balances. `quantity` 0 draws 10–99 units per receipt.
 */
async function loadHistory(db, { tag, firstSku, pairs, issues, quantity }) {
  if (pairs === 0) return;
  const pair = `WITH p AS (
      SELECT n, ${skuId(`${firstSku} + n / ${LOCATIONS}`)} AS item_id, ${locationId(`1 + n % ${LOCATIONS}`)} AS location_id,
             ${quantity > 0 ? quantity : '10 + n % 90'}::numeric(18,3) AS received,
             ${issues ? `((10 + n % 90) / 2)::numeric(18,3)` : '0::numeric(18,3)'} AS issued,
             (1 + (n % 500) / 100.0)::numeric(18,4) AS unit_cost,
             DATE '2025-01-01' + (n % 330) AS receipt_date,
             DATE '2025-01-01' + (n % 330) + 1 + n % 30 AS issue_date,
             md5('${tag}p' || (n / 1000))::uuid AS posting_id,
             md5('${tag}b' || n)::uuid AS batch_id
        FROM generate_series(0, $1 - 1) n)`;
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO stock_posting (posting_id, document_type, document_id, revision, document_no, value_date, request_hash,
                                actor_id, actor_name)
     SELECT md5('${tag}p' || k)::uuid, 'GR', 'BENCH-${tag}-' || k, 1, 'GR-BENCH-${tag}-' || k, DATE '2025-01-01', 'bench',
            NULL, 'bench'
       FROM generate_series(0, ($1 - 1) / 1000) k`,
    [pairs],
  );
  await db.query(
    `${pair}
     INSERT INTO stock_batch (batch_id, item_type, item_id, location_id, received_quantity, remaining_quantity, unit_cost,
                              received_at, value_date, posting_id, document_type, document_id, document_no, line_no)
     SELECT batch_id, 'sku', item_id, location_id, received, received - issued, unit_cost, now(), receipt_date,
            posting_id, 'GR', 'BENCH-${tag}-' || (n / 1000), 'GR-BENCH-${tag}-' || (n / 1000), 1 + n % 1000
       FROM p ORDER BY n`,
    [pairs],
  );
  const movement = (kind, sign, quantity, date) => `
     ${pair}
     INSERT INTO stock_movement (movement_id, posting_id, item_type, item_id, location_id, quantity, unit_cost, cost_value,
                                 batch_id, document_type, document_id, document_no, line_no, value_date, posted_at,
                                 actor_id, actor_name)
     SELECT md5('${tag}${kind}' || n)::uuid, posting_id, 'sku', item_id, location_id, ${sign}${quantity}, unit_cost,
            ${sign}${quantity} * unit_cost, batch_id, 'GR', 'BENCH-${tag}-' || (n / 1000), 'GR-BENCH-${tag}-' || (n / 1000),
            1 + n % 1000, ${date}, now(), NULL, 'bench'
       FROM p ${kind === 'i' ? 'WHERE issued > 0' : ''} ORDER BY n`;
  await db.query(movement('r', '', 'received', 'receipt_date'), [pairs]);
  if (issues) await db.query(movement('i', '-', 'issued', 'issue_date'), [pairs]);
  await db.query(
    `${pair}
     INSERT INTO stock_balance (item_type, item_id, location_id, on_hand, stock_value, last_movement_time, created_posting_id)
     SELECT 'sku', item_id, location_id, received - issued, (received - issued) * unit_cost, now(), posting_id FROM p`,
    [pairs],
  );
  await db.query('COMMIT');
}

/** Every other (item, location) of the overview's grid, as a balance row with nothing on hand. */
async function zeroBalances(db) {
  await db.query(
    `INSERT INTO stock_balance (item_type, item_id, location_id)
     SELECT 'sku', ${skuId('s')}, ${locationId('l')} FROM generate_series(1, $1) s, generate_series(1, $2) l
     ON CONFLICT DO NOTHING`,
    [SKUS, LOCATIONS],
  );
}

async function vacuum(db) {
  for (const table of [
    'item_replica',
    'location_replica',
    'stock_balance',
    'stock_batch',
    'stock_movement',
    'stock_posting',
  ]) {
    await db.query(`VACUUM ANALYZE ${table}`);
  }
}

const movementCount = async (db) => Number((await db.query('SELECT count(*) AS n FROM stock_movement')).rows[0].n);
const balanceCount = async (db) => Number((await db.query('SELECT count(*) AS n FROM stock_balance')).rows[0].n);

/** A tiny deterministic generator, so two runs post the same documents. */
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

/**
 * A posting of LINES lines on distinct stocked (item, location) pairs: receipts (1–20 units at a cost) and issues
 * (1–5 units, FIFO from the oldest batch), alternating.
 */
function makePosting(random, id) {
  const keys = new Set();
  const lines = [];
  while (lines.length < LINES) {
    const sku = 1 + Math.floor(random() * WORKING_SKUS);
    const location = 1 + Math.floor(random() * LOCATIONS);
    const key = `${sku}@${location}`;
    if (keys.has(key)) continue;
    keys.add(key);
    const receipt = lines.length % 2 === 0;
    lines.push({
      line_no: lines.length + 1,
      item_type: 'sku',
      item_id: `SKU-${String(sku).padStart(6, '0')}`,
      location_id: `LOC${String(location).padStart(2, '0')}`,
      quantity: receipt ? String(1 + Math.floor(random() * 20)) : String(-(1 + Math.floor(random() * 5))),
      ...(receipt && { unit_cost: (1 + Math.floor(random() * 10_000) / 1000).toFixed(4) }),
    });
  }
  return {
    document_type: 'SA',
    document_id: id,
    document_no: `SA-${id}`,
    revision: 1,
    value_date: TODAY,
    allow_negative: true,
    lines,
  };
}

const ACTOR = { id: null, name: 'bench' };

function postThroughLedger(ledger, dataSource, posting) {
  return retryOnConflict(() => inTransaction(dataSource, (manager) => ledger.post(manager, posting, ACTOR)));
}

/**
 * The same rows without the ledger: no validation, no replica lookups, no unit conversion, no idempotency check, no
 * locks taken first, no exact decimals in JS — a posting row, then per line a batch (receipt) or the oldest batch
 * decremented (issue), a movement and the balance; one outbox row and its sequence. Lines in key order, so two postings touching the
 * same balances cannot deadlock (the ledger gets the same by locking in order).
 */
async function postRaw(pool, posting) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const postingId = randomUUID();
    await client.query(
      `INSERT INTO stock_posting (posting_id, document_type, document_id, revision, document_no, value_date, request_hash,
                                  actor_id, actor_name) VALUES ($1, $2, $3, $4, $5, $6, 'raw', NULL, 'bench')`,
      [
        postingId,
        posting.document_type,
        posting.document_id,
        posting.revision,
        posting.document_no,
        posting.value_date,
      ],
    );
    const lines = [...posting.lines].sort((a, b) =>
      `${a.item_id}@${a.location_id}`.localeCompare(`${b.item_id}@${b.location_id}`),
    );
    for (const line of lines) {
      const key = [line.item_id, line.location_id];
      let batchId;
      let unitCost;
      if (Number(line.quantity) > 0) {
        batchId = randomUUID();
        unitCost = line.unit_cost;
        await client.query(
          `INSERT INTO stock_batch (batch_id, item_type, item_id, location_id, received_quantity, remaining_quantity,
                                    unit_cost, value_date, posting_id, document_type, document_id, document_no, line_no)
           VALUES ($1, 'sku', $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            batchId,
            ...key,
            line.quantity,
            unitCost,
            posting.value_date,
            postingId,
            posting.document_type,
            posting.document_id,
            posting.document_no,
            line.line_no,
          ],
        );
      } else {
        const { rows } = await client.query(
          `UPDATE stock_batch SET remaining_quantity = remaining_quantity + $3::numeric
            WHERE batch_id = (SELECT batch_id FROM stock_batch
                               WHERE item_type = 'sku' AND item_id = $1 AND location_id = $2 AND remaining_quantity >= -($3::numeric)
                               ORDER BY seq LIMIT 1 FOR UPDATE)
           RETURNING batch_id, unit_cost`,
          [...key, line.quantity],
        );
        ({ batch_id: batchId, unit_cost: unitCost } = rows[0]);
      }
      await client.query(
        `INSERT INTO stock_movement (movement_id, posting_id, item_type, item_id, location_id, quantity, unit_cost,
                                     cost_value, batch_id, document_type, document_id, document_no, line_no, value_date,
                                     actor_id, actor_name)
         VALUES ($1, $2, 'sku', $3, $4, $5, $6, $5::numeric * $6::numeric, $7, $8, $9, $10, $11, $12, NULL, 'bench')`,
        [
          randomUUID(),
          postingId,
          ...key,
          line.quantity,
          unitCost,
          batchId,
          posting.document_type,
          posting.document_id,
          posting.document_no,
          line.line_no,
          posting.value_date,
        ],
      );
      await client.query(
        `UPDATE stock_balance SET on_hand = on_hand + $3::numeric, stock_value = stock_value + $3::numeric * $4::numeric,
                                  last_movement_time = now()
          WHERE item_type = 'sku' AND item_id = $1 AND location_id = $2`,
        [...key, line.quantity, unitCost],
      );
    }
    const { rows: sequence } = await client.query(
      `INSERT INTO outbox_sequence (aggregate, last_sequence) VALUES ($1, 1)
       ON CONFLICT (aggregate) DO UPDATE SET last_sequence = outbox_sequence.last_sequence + 1 RETURNING last_sequence`,
      [postingId],
    );
    await client.query(
      `INSERT INTO outbox (id, subject, envelope, aggregate, sequence) VALUES ($1, 'inventory.stock.posted', $2, $3, $4)`,
      [
        randomUUID(),
        JSON.stringify({ posting_id: postingId, lines: posting.lines }),
        postingId,
        sequence[0].last_sequence,
      ],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** One client, one posting after another: the latency of a posting alone. */
async function sequential(ledger, dataSource, label) {
  const random = generator(11);
  const latencies = [];
  for (let i = 0; i < SEQUENTIAL + 10; i += 1) {
    const posting = makePosting(random, `seq-${label}-${i}`);
    const sent = performance.now();
    await postThroughLedger(ledger, dataSource, posting);
    if (i >= 10) latencies.push(performance.now() - sent); // the first ten warm the caches
  }
  const figures = stats(latencies);
  console.log(
    `  ${SEQUENTIAL} postings of ${LINES} lines: p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, max ${ms(figures.max)}`,
  );
  return figures;
}

let concurrentRuns = 0;

/** CLIENTS clients posting POSTINGS postings between them, each as soon as its previous one committed. */
async function concurrent(label, post) {
  const random = generator(1000 + concurrentRuns);
  const run = concurrentRuns++;
  const postings = Array.from({ length: POSTINGS }, (_, i) => makePosting(random, `par-${run}-${i}`));
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < postings.length) {
        const posting = postings[next++];
        const sent = performance.now();
        await post(posting);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const figures = { ...stats(latencies), linesPerSecond: (POSTINGS * LINES) / elapsed };
  console.log(
    `  ${label}: ${Math.round(figures.linesPerSecond).toLocaleString('en')} lines/s ` +
      `(${Math.round(POSTINGS / elapsed)} postings/s), posting p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}`,
  );
  return figures;
}

/**
 * /fifo as of a date over every movement: the valuation statement itself (every item and location valued, summed
 * here so only the total travels), then the director's page through HTTP (the valuation into a temporary table, a
 * page of it by item name with the replicas' names, and its count).
 */
async function fifoFigures(db, http) {
  console.log(`\n4-/fifo valuation as of a date over ${(MOVEMENTS / 1e6).toFixed(1)}M movements`);
  const statement = FIFO_VALUATION_SQL;
  for (const asOf of ['2025-06-30', TODAY]) {
    const times = [];
    let rows;
    for (let i = 0; i < 3; i += 1) {
      await db.query('BEGIN');
      await db.query(`SET LOCAL work_mem = '128MB'`);
      const sent = performance.now();
      ({ rows } = await db.query(`SELECT count(*) AS n, round(sum(v.valuation), 2) AS total FROM (${statement}) v`, [
        asOf,
        null,
        null,
      ]));
      times.push(performance.now() - sent);
      await db.query('COMMIT');
    }
    const worst = Math.max(...times);
    console.log(
      `  the valuation statement as of ${asOf}: ${times.map(ms).join(', ')} (${Number(rows[0].n).toLocaleString('en')} ` +
        `item-locations, ${rows[0].total} USD) — goal < 2 s (${worst < 2000 ? 'met' : 'missed'})`,
    );
  }
  for (const asOf of ['2025-06-30', TODAY]) {
    const times = [];
    let answer;
    for (let i = 0; i < 3; i += 1) {
      answer = await http('/api/inventory/fifo/list', { limit: 50, other_params: { as_of: asOf } });
      times.push(answer.ms);
    }
    const worst = Math.max(...times);
    console.log(
      `  POST /api/inventory/fifo/list as of ${asOf} (first page and total): ${times.map(ms).join(', ')} ` +
        `(${answer.total.toLocaleString('en')} rows) — goal < 2 s (${worst < 2000 ? 'met' : 'missed'})`,
    );
  }
}

/** The overview's list through HTTP, as the director (every location) and for one location. */
async function overviewFigures(http) {
  console.log(
    `\n5-overview list (POST /api/inventory/overview/list, ${((SKUS * LOCATIONS) / 1e6).toFixed(1)}M balances), ` +
      `${ROUNDS} requests each (3 outside the goal)`,
  );
  const random = generator(77);
  const location = () => `LOC${String(1 + Math.floor(random() * LOCATIONS)).padStart(2, '0')}`;
  const rareSku = () => `SKU-${String(1 + Math.floor(random() * SKUS)).padStart(6, '0')}`;
  // Cursors of the pages after the first, followed once, so "next pages" are real cursors.
  const cursors = [];
  let cursor = null;
  for (let i = 0; i < 20; i += 1) {
    const page = await http('/api/inventory/overview/list', { limit: 20, cursor });
    cursor = page.next_cursor;
    if (!cursor) break;
    cursors.push(cursor);
  }
  const scenarios = [
    ['every location, first page (cursor)', () => ({ limit: 20, cursor: null })],
    [
      'every location, next pages (cursor)',
      () => ({ limit: 20, cursor: cursors[Math.floor(random() * cursors.length)] }),
    ],
    ['one location, first page with total', () => ({ limit: 20, other_params: { location_ids: [location()] } })],
    [
      'one location, page 2-50 with total',
      () => ({ limit: 20, start: 20 * (1 + Math.floor(random() * 49)), other_params: { location_ids: [location()] } }),
    ],
    ['search a SKU id (cursor)', () => ({ limit: 20, cursor: null, search_str: rareSku() })],
    [
      'search a word (cursor)',
      () => ({ limit: 20, cursor: null, search_str: WORDS[Math.floor(random() * WORDS.length)] }),
    ],
    ['below threshold (cursor)', () => ({ limit: 20, cursor: null, other_params: { level: 'below_threshold' } })],
    [
      'one category (cursor)',
      () => ({
        limit: 20,
        cursor: null,
        other_params: {
          category_id: `00000000-0000-4000-8000-${String(1 + Math.floor(random() * 20)).padStart(12, '0')}`,
        },
      }),
    ],
    ['every location, first page with total (counts every balance)', () => ({ limit: 20 }), 'a total of every balance'],
    [
      'every location, by quantity (cursor)',
      () => ({ limit: 20, cursor: null, order_by: [{ column: 'on_hand', sort_type: 'DESC' }] }),
      'sorts every balance: no index on a figure, which every posting would pay for',
    ],
  ];
  const all = [];
  for (const [title, body, outsideGoal] of scenarios) {
    const times = [];
    // A request outside the goal reads every balance: a few show its cost, more would only lengthen the run.
    const rounds = outsideGoal ? 3 : ROUNDS;
    for (let i = 0; i < rounds + 3; i += 1) {
      const answer = await http('/api/inventory/overview/list', body());
      if (i >= 3) times.push(answer.ms);
    }
    const figures = stats(times);
    if (!outsideGoal) all.push(...times);
    console.log(
      `  ${title.padEnd(62)} p50 ${ms(figures.p50).padStart(8)}  p95 ${ms(figures.p95).padStart(8)}  max ${ms(figures.max).padStart(8)}` +
        (outsideGoal ? `  (outside the goal: ${outsideGoal})` : ''),
    );
  }
  const overall = stats(all);
  console.log(`  overall p95 ${ms(overall.p95)} — goal < 50 ms (${overall.p95 < 50 ? 'met' : 'missed'})`);
}

/** Signs in as the administrator (the director); returns `post(path, body)` → { ms, rows, total, next_cursor }. */
async function signIn(base) {
  const headers = await signInHeaders(base);
  return async (urlPath, body) => {
    const sent = performance.now();
    const answer = await fetch(`${base}${urlPath}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await answer.text();
    const elapsed = performance.now() - sent;
    if (answer.status !== 200) throw new Error(`${urlPath} answered ${answer.status}: ${text.slice(0, 500)}`);
    const envelope = JSON.parse(text);
    return { ms: elapsed, rows: envelope.data.length, total: envelope.recordsTotal, next_cursor: envelope.next_cursor };
  };
}

await run(main, 'ledger bench');
