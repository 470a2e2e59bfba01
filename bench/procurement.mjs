#!/usr/bin/env node
// `npm run bench:procurement` (builds first): receiving at scale (the procurement issue's proof), measured on a fresh
// database with data this script makes through the product's own API. Prints figures; asserts nothing.
//
//   1. receiving orders of BENCH_LINES (200) lines against approved POs, BENCH_RECEIVERS (20) receivers at once (each
//      at an outlet of its own, one receipt after another): per receipt the time from the RO's `approve` request
//      (then `receive`) to the stock posted — the ledger's posted marker (inventory.stock_posting) for the RO, reached
//      through the outbox, the posting request event and inventory's PostingRequestHandler — as p50 / p95 / max,
//      and the lines received per second over the whole run
//   2. the ledger's raw posting figure in the same run: the same shape of posting (BENCH_LINES receipt lines at an
//      outlet) straight through the built StockLedger.post with the product stopped (no HTTP, no documents, no
//      events), at the same concurrency and at one client (the embedded relay hands a service's events on one at a
//      time, so one client is that path's ceiling): lines/s and p95 a posting; and how much the end-to-end path keeps
//
// Database: a new database on BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a server URL; dropped afterwards),
// else an embedded PostgreSQL under a temporary directory. The product runs embedded, as `npm start` does.
//
//   BENCH_RECEIVERS=20    concurrent receivers (and outlets)
//   BENCH_LINES=200       lines per receiving order (and per PO)
//   BENCH_RECEIPTS=60     receiving orders in the timed run (spread over the receivers), after a first one per outlet
//                         (timed apart: it creates the outlet's balances); also the ledger's postings
//   BENCH_KEEP=1          keep the database (server mode)
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import {
  createBench,
  loadBuild,
  loadAverage,
  ms,
  pct,
  pool,
  positive,
  seconds,
  signIn,
  sleep,
  stats,
} from './harness.mjs';

const RECEIVERS = Math.min(99, positive('BENCH_RECEIVERS', 20));
const LINES = Math.min(500, positive('BENCH_LINES', 200));
const RECEIPTS = positive('BENCH_RECEIPTS', 60);
const TODAY = new Date().toISOString().slice(0, 10);
const SUPPLIER = 'BENCH-SUP';
const UOM = 'BENCHKG';
const outlet = (index) => `BENCH-L${String(index + 1).padStart(2, '0')}`;
const sku = (index) => `BENCH-SKU-${String(index + 1).padStart(3, '0')}`;

// Not warn: every PO approval would log that the bench's supplier has no e-mail (no mail is sent, by design; a mail
// would render a 200-line PDF per PO while the receivers are timed).
process.env.LOG_LEVEL ??= 'error';
const build = await loadBuild();
const { inTransaction, retryOnConflict } = build.platform;
const { cleanUp, dataDirectory, freshDatabase, startProduct, withLedger, run } = createBench('procurement', build);

async function main() {
  const dataDir = dataDirectory();
  const databaseUrl = await freshDatabase(dataDir);
  console.log(
    `procurement bench: ${RECEIPTS} receiving orders of ${LINES} lines, ${RECEIVERS} receivers at ${RECEIVERS} outlets ` +
      `(${os.cpus().length} cores, ${loadAverage()})`,
  );

  let started = performance.now();
  const product = await startProduct(dataDir, databaseUrl);
  cleanUp.push(() => product.close());
  const http = await signIn(product.base);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  cleanUp.push(() => db.end());
  await seed(http, db);
  console.log(`seeded ${RECEIVERS} outlets and ${LINES} SKUs through the API in ${seconds(started)}`);

  started = performance.now();
  const receipts = await prepare(http);
  console.log(
    `prepared ${receipts.length} approved POs and their submitted receiving orders (${LINES} lines each) in ${seconds(started)}`,
  );

  // An outlet's first receipt of an item creates its balance, and the ledger announces each new balance to catalog
  // (a usage event per balance: LINES × RECEIVERS events for the relay). Timed apart, then drained, so the main
  // figure is receiving into stocked outlets — what the ledger-alone figure below measures too.
  console.log(`
1-a first receipts: one per outlet, ${RECEIVERS} at once, each creating ${LINES} balances`);
  await receiveAll(http, db, receipts.slice(0, RECEIVERS), 0);
  started = performance.now();
  await drained(db);
  console.log(`  every service's outbox drained ${seconds(started)} later`);
  console.log(`
1-b receiving into stocked outlets, ${RECEIVERS} receivers, approve → receive → stock posted`);
  const endToEnd = await receiveAll(http, db, receipts.slice(RECEIVERS), RECEIVERS);
  await product.close();

  console.log(
    `\n2-the ledger alone, same run: StockLedger.post of the same ${LINES}-line receipts, no HTTP, no events`,
  );
  const ledger = await withLedger(databaseUrl, RECEIVERS, async (stockLedger, dataSource) => ({
    concurrent: await ledgerThroughput(stockLedger, dataSource, RECEIVERS),
    // The embedded product's relay hands a service's events on one at a time (in-process transport): the ledger
    // alone at one client is the ceiling of that path.
    single: await ledgerThroughput(stockLedger, dataSource, 1),
  }));
  console.log(
    `\n  end to end / ledger alone: ${pct(endToEnd.linesPerSecond / ledger.concurrent.linesPerSecond)} of its lines/s ` +
      `at ${RECEIVERS} clients, ${pct(endToEnd.linesPerSecond / ledger.single.linesPerSecond)} of its lines/s at one client`,
  );
}

/** The outlets, one supplier, LINES SKUs in one unit — through the API, as a user would make them. */
async function seed(http, db) {
  const region = await http('POST', '/api/catalog/regions', { region_name: 'Bench region' });
  const category = await http('POST', '/api/catalog/location-categories', {
    category_name: 'Bench outlets',
    sub_categories: [],
  });
  await pool(
    Array.from({ length: RECEIVERS }, (_, index) => outlet(index)),
    4,
    (id) =>
      http('POST', '/api/catalog/locations', {
        location_id: id,
        location_name: `Outlet ${id}`,
        is_operating: true,
        category_id: category.category_id,
        sub_category_id: null,
        region_id: region.region_id,
        address: '1 Bench Road',
        country: 'Singapore',
        postal_code: '600001',
        contact_person: [],
        remark: '',
      }),
  );
  await http('POST', '/api/catalog/uoms', { uom_name: UOM, secondary_uom: 'BENCHG', uom_per_primary: '1000' });
  const supplierCategory = await http('POST', '/api/catalog/supplier-categories', { category_name: 'Bench supply' });
  await http('POST', '/api/catalog/suppliers', {
    supplier_id: SUPPLIER,
    company_name: 'Bench supplier',
    credit_term_in_days: 30,
    contact_name: 'Alice',
    contact_no: '91234567',
    address: '1 Jurong Road',
    postal_code: '600001',
    country: 'Singapore',
    minimum_order_value: '0',
    category_id: supplierCategory.category_id,
    gst_price_type: 'exclusive',
    gst_rate: 9,
    tax_rate: 9,
    tax_type: 'GST',
    hashtag_list: [],
  });
  const skuCategory = await http('POST', '/api/catalog/sku-categories', { category_name: 'Bench goods' });
  await pool(
    Array.from({ length: LINES }, (_, index) => sku(index)),
    4,
    (id) =>
      http('POST', '/api/catalog/skus', {
        sku_id: id,
        name: `Bench item ${id}`,
        display_name: `Bench item ${id}`,
        category_id: skuCategory.category_id,
        primary_uom_name: UOM,
        purchasing_uom_name: UOM,
        receiving_uom_name: UOM,
        counting_uom_name: UOM,
        uom_list: [{ uom_name: UOM, factor: '1' }],
        supplier_list: [SUPPLIER],
        default_supplier_id: SUPPLIER,
        threshold: '0',
        is_inventorise: true,
        default_wastage_percentage: '0',
      }),
  );
  // Procurement and inventory learn them from catalog's events.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM procurement.sku_replica WHERE sku_id LIKE 'BENCH-%') AS skus,
              (SELECT count(*)::int FROM procurement.location_replica WHERE location_id LIKE 'BENCH-%') AS locations,
              (SELECT count(*)::int FROM procurement.supplier_replica WHERE supplier_id = $1) AS suppliers,
              (SELECT count(*)::int FROM inventory.item_replica WHERE item_id LIKE 'BENCH-%') AS items,
              (SELECT count(*)::int FROM inventory.location_replica WHERE location_id LIKE 'BENCH-%') AS outlets`,
      [SUPPLIER],
    );
    const counts = rows[0];
    if (
      counts.skus === LINES &&
      counts.items === LINES &&
      counts.locations === RECEIVERS &&
      counts.outlets === RECEIVERS &&
      counts.suppliers === 1
    )
      return;
    if (Date.now() > deadline) throw new Error(`the replicas did not fill: ${JSON.stringify(counts)}`);
    await sleep(100);
  }
}

/**
 * RECEIPTS approved POs of LINES lines, spread over the outlets, each with its receiving order for every line in
 * full, created and submitted: what stays for the timed run is the receiver's approve and receive.
 */
async function prepare(http) {
  return pool(
    Array.from({ length: RECEIVERS + RECEIPTS }, (_, index) => index),
    4,
    async (index) => {
      const location = outlet(index % RECEIVERS);
      const po = await http('POST', '/api/procurement/purchase-orders', {
        supplier_id: SUPPLIER,
        location_id: location,
        purchase_date: TODAY,
        delivery_time: new Date(Date.now() + 86_400_000).toISOString(),
        order_type: 'Business Order',
        stock_type: 'inventory',
        currency: 'USD',
        lines: Array.from({ length: LINES }, (_, line) => ({
          sku_id: sku(line),
          uom_name: UOM,
          quantity: String(5 + ((index + line) % 20)),
          unit_price: (1 + ((index * 7 + line) % 50) / 10).toFixed(4),
        })),
      });
      await http('POST', `/api/procurement/purchase-orders/${po.id}/submit`, { revision: 1 });
      await http('POST', `/api/procurement/purchase-orders/${po.id}/approve`, { revision: 2 });
      const ro = await http('POST', '/api/procurement/receiving-orders', {
        purchase_order_id: po.id,
        location_id: location,
        delivery_order_no: `DO-BENCH-${index}`,
        receive_time: new Date().toISOString(),
        receiving_list: Array.from({ length: LINES }, (_, line) => ({
          po_line_no: line + 1,
          receive_qty: String(5 + ((index + line) % 20)),
        })),
      });
      await http('POST', `/api/procurement/receiving-orders/${ro.id}/submit`, { revision: 1 });
      return { id: ro.id, location };
    },
  );
}

/**
 * RECEIVERS receivers, each at its own outlet, taking that outlet's receipts one after another: approve, receive,
 * then wait for the ledger's posted marker of the RO (polled every 5 ms).
 */
async function receiveAll(http, db, receipts, before) {
  const byOutlet = new Map();
  for (const receipt of receipts) byOutlet.set(receipt.location, [...(byOutlet.get(receipt.location) ?? []), receipt]);
  const fromApprove = [];
  const fromReceive = [];
  const approveRequests = [];
  const receiveRequests = [];
  const afterReceive = [];
  const started = performance.now();
  await Promise.all(
    [...byOutlet.values()].map(async (queue) => {
      for (const receipt of queue) {
        const approving = performance.now();
        await http('POST', `/api/procurement/receiving-orders/${receipt.id}/approve`, { revision: 2 });
        const receiving = performance.now();
        await http('POST', `/api/procurement/receiving-orders/${receipt.id}/receive`, { revision: 3 });
        const answered = performance.now();
        for (;;) {
          const { rowCount } = await db.query(
            `SELECT 1 FROM inventory.stock_posting WHERE document_type = 'RO' AND document_id = $1`,
            [receipt.id],
          );
          if (rowCount > 0) break;
          await sleep(5);
        }
        const posted = performance.now();
        fromApprove.push(posted - approving);
        fromReceive.push(posted - receiving);
        approveRequests.push(receiving - approving);
        receiveRequests.push(answered - receiving);
        afterReceive.push(posted - answered);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM inventory.stock_movement WHERE document_type = 'RO'`);
  if (rows[0].n !== (before + receipts.length) * LINES) {
    throw new Error(`expected ${(before + receipts.length) * LINES} movements, the ledger has ${rows[0].n}`);
  }
  const approve = stats(fromApprove);
  const receive = stats(fromReceive);
  const figures = { approve, receive, linesPerSecond: (receipts.length * LINES) / elapsed };
  const line = (label, values) => {
    const { p50, p95, max } = stats(values);
    return `  ${label.padEnd(40)} p50 ${ms(p50).padStart(10)}, p95 ${ms(p95).padStart(10)}, max ${ms(max).padStart(10)}\n`;
  };
  console.log(
    line('approve → stock posted', fromApprove) +
      line('receive → stock posted', fromReceive) +
      line('  of which the approve request', approveRequests) +
      line('  of which the receive request', receiveRequests) +
      line('  of which receive answered → posted', afterReceive) +
      `  ${Math.round(figures.linesPerSecond).toLocaleString('en')} lines/s received and posted ` +
      `(${receipts.length} receipts × ${LINES} lines in ${elapsed.toFixed(1)} s)`,
  );
  return figures;
}

/** Waits until no service's outbox holds an unsent event (polled every 100 ms). */
async function drained(db) {
  const { rows: schemas } = await db.query(
    `SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox' ORDER BY 1`,
  );
  const sql = schemas
    .map(({ table_schema: schema }) => `(SELECT count(*)::int FROM "${schema}".outbox WHERE sent_at IS NULL)`)
    .join(' + ');
  for (;;) {
    const { rows } = await db.query(`SELECT ${sql} AS unsent`);
    if (rows[0].unsent === 0) return;
    await sleep(100);
  }
}

let ledgerRuns = 0;

/**
 * RECEIPTS receipts of LINES lines straight into the ledger (new documents, the receiving run's quantities and
 * costs): at `clients` clients, each at its own outlets as in the receiving run, one posting after another.
 */
async function ledgerThroughput(ledger, dataSource, clients) {
  const run = ledgerRuns++;
  const actor = { id: null, name: 'bench' };
  const postings = Array.from({ length: RECEIPTS }, (_, index) => {
    const id = randomUUID();
    return {
      request: {
        document_type: 'RO',
        document_id: id,
        document_no: `RO-BENCH-${run}-${index}`,
        revision: 1,
        value_date: TODAY,
        lines: Array.from({ length: LINES }, (_, line) => ({
          line_no: line + 1,
          item_type: 'sku',
          item_id: sku(line),
          location_id: outlet(index % RECEIVERS),
          quantity: String(5 + ((index + line) % 20)),
          unit_cost: (1 + ((index * 7 + line) % 50) / 10).toFixed(4),
        })),
      },
    };
  });
  const queues = Array.from({ length: clients }, () => []);
  postings.forEach((posting, index) => queues[(index % RECEIVERS) % clients].push(posting));
  const latencies = [];
  const started = performance.now();
  await Promise.all(
    queues.map(async (queue) => {
      for (const posting of queue) {
        const sent = performance.now();
        await retryOnConflict(() =>
          inTransaction(dataSource, (manager) => ledger.post(manager, posting.request, actor)),
        );
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const figures = { ...stats(latencies), linesPerSecond: (RECEIPTS * LINES) / elapsed };
  console.log(
    `  ${String(clients).padStart(2)} client${clients === 1 ? ' ' : 's'}: ${Math.round(figures.linesPerSecond).toLocaleString('en')} lines/s (${RECEIPTS} postings in ` +
      `${elapsed.toFixed(1)} s), a posting p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, max ${ms(figures.max)}`,
  );
  return figures;
}

await run(main, 'procurement bench');
