#!/usr/bin/env node
// `npm run bench:sales-upload` (builds first): the sales upload at scale (issue 14's proof), measured on a fresh
// database with recipes made through the product's own API. Prints figures and the goals beside them; asserts nothing.
//
//   1. BENCH_POS_LINES (100,000) POS lines of one business day at one outlet, over BENCH_PLUS (500) PLUs on 3-level
//      recipes (PLU BOM → a sauce, a SKU made by a SKU BOM → a base, made by another → the stocked SKUs), pushed by the
//      outlet's POS through AutoSync (POST /api/inventory/epoint/records with its POS key, 10,000 lines a call, one
//      call after another) and posted by the day's posting jobs (backflushed through the recipes into one issue per
//      SKU at FIFO cost): from the first push to every line POSTED                                          goal < 30 s
//   2. the same lines pushed again: every line answered a duplicate, nothing posted                          goal < 5 s
//
// Database: a new database on BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a server URL; dropped afterwards),
// else an embedded PostgreSQL under a temporary directory. The product runs embedded, as `npm start` does.
//
//   BENCH_POS_LINES=100000   POS lines of the day (PLUs × shift codes: a line is unique by shift, PLU and day)
//   BENCH_PLUS=500           PLUs, each on a PLU BOM of its own
//   BENCH_BATCH=10000        lines per push (the endpoint takes up to 10,000)
//   BENCH_KEEP=1             keep the database (server mode)
import pg from 'pg';
import os from 'node:os';
import { createBench, loadAverage, loadBuild, pool, positive, seconds, signIn, sleep } from './harness.mjs';

const LINES = positive('BENCH_POS_LINES', 100_000);
const PLUS = positive('BENCH_PLUS', 500);
const BATCH = Math.min(10_000, positive('BENCH_BATCH', 10_000));
const RAW = 50;
const BASES = 10;
const SAUCES = 20;
const OUTLET = 'BENCH-POS1';
const UOM = 'BENCHKG';
const DAY = new Date().toISOString().slice(0, 10);
const code = (prefix, index, width = 3) => `BENCH-${prefix}-${String(index + 1).padStart(width, '0')}`;
const raw = (index) => code('RAW', index % RAW);
const base = (index) => code('BASE', index % BASES, 2);
const sauce = (index) => code('SAUCE', index % SAUCES, 2);
const plu = (index) => code('PLU', index, 4);

process.env.LOG_LEVEL ??= 'error';
const build = await loadBuild();
const { inTransaction } = build.platform;
const { cleanUp, dataDirectory, freshDatabase, startProduct, withLedger, run } = createBench('sales-upload', build);

async function main() {
  const dataDir = dataDirectory();
  const databaseUrl = await freshDatabase(dataDir);
  console.log(
    `sales-upload bench: ${LINES.toLocaleString('en')} POS lines over ${PLUS} PLUs on 3-level recipes, pushed ` +
      `${BATCH.toLocaleString('en')} a call (${os.cpus().length} cores, ${loadAverage()})`,
  );
  let started = performance.now();
  const product = await startProduct(dataDir, databaseUrl);
  cleanUp.push(() => product.close());
  const http = await signIn(product.base);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  cleanUp.push(() => db.end());
  await seed(http, db);
  console.log(
    `seeded the outlet, ${RAW + BASES + SAUCES} SKUs, ${BASES + SAUCES} SKU BOMs, ${PLUS} PLU BOMs and PLUs through ` +
      `the API in ${seconds(started)}`,
  );
  await withLedger(databaseUrl, 1, (ledger, dataSource) =>
    inTransaction(dataSource, (manager) =>
      ledger.post(
        manager,
        {
          document_type: 'RO',
          document_id: 'BENCH-STOCK',
          document_no: 'RO-BENCH-STOCK',
          revision: 1,
          value_date: DAY,
          lines: Array.from({ length: RAW }, (_, index) => ({
            line_no: index + 1,
            item_type: 'sku',
            item_id: raw(index),
            location_id: OUTLET,
            quantity: '1000000',
            unit_cost: (1 + (index % 9) / 4).toFixed(4),
          })),
        },
        { id: null, name: 'bench' },
      ),
    ),
  );
  const created = await http('POST', '/api/inventory/epoint/keys', { location_id: OUTLET, label: 'Bench POS' });
  const push = posClient(product.base, created.key);

  const lines = Array.from({ length: LINES }, (_, index) => {
    const quantity = 1 + (index % 3);
    return {
      shift_code: `T${String(Math.floor(index / PLUS) + 1).padStart(4, '0')}`,
      stock_code: plu(index % PLUS),
      quantity: String(quantity),
      amount: (quantity * 6.5).toFixed(2),
      epoint_date: DAY,
      uom: 'EA',
    };
  });
  const batches = [];
  for (let at = 0; at < lines.length; at += BATCH) batches.push(lines.slice(at, at + BATCH));

  console.log(
    `\n1-${LINES.toLocaleString('en')} lines pushed in ${batches.length} calls, then posted by the day's jobs`,
  );
  started = performance.now();
  let accepted = 0;
  for (const batch of batches) accepted += (await push(batch)).accepted;
  const pushed = performance.now();
  const posted = await allPosted(db);
  const total = (performance.now() - started) / 1000;
  const made = await uploads(db);
  console.log(
    `  pushed (${accepted.toLocaleString('en')} accepted) in ${((pushed - started) / 1000).toFixed(1)} s; every line ` +
      `POSTED ${((posted - pushed) / 1000).toFixed(1)} s later: ${total.toFixed(1)} s end to end, ` +
      `${Math.round(LINES / total).toLocaleString('en')} lines/s — goal < 30 s (${total < 30 ? 'met' : 'missed'})`,
  );
  console.log(
    `  ${made.uploads} sales upload(s) (the first of the day, then a correction for lines arriving after it posted), ` +
      `${made.movements.toLocaleString('en')} ledger movements (one issue per SKU an upload consumed), ` +
      `issue value $${made.value}`,
  );

  console.log(`\n2-the same ${LINES.toLocaleString('en')} lines pushed again`);
  started = performance.now();
  let duplicate = 0;
  for (const batch of batches) duplicate += (await push(batch)).duplicate;
  const again = (performance.now() - started) / 1000;
  await sleep(1000);
  const after = await uploads(db);
  console.log(
    `  ${duplicate.toLocaleString('en')} duplicates in ${again.toFixed(1)} s; uploads ${made.uploads} → ${after.uploads}, ` +
      `movements ${made.movements} → ${after.movements} — goal < 5 s and nothing posted ` +
      `(${again < 5 && after.movements === made.movements && after.uploads === made.uploads ? 'met' : 'missed'})`,
  );
}

/** The outlet's POS: `push(lines)` → its AutoSync answer (accepted, duplicate, rejected). */
function posClient(baseUrl, key) {
  return async (records) => {
    const answer = await fetch(`${baseUrl}/api/inventory/epoint/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ records }),
    });
    const text = await answer.text();
    if (answer.status !== 200) throw new Error(`push answered ${answer.status}: ${text.slice(0, 500)}`);
    const result = JSON.parse(text).data;
    if (result.rejected > 0) throw new Error(`push rejected ${result.rejected} lines: ${text.slice(0, 500)}`);
    return result;
  };
}

/** Waits until no line of the outlet waits to be posted; answers when (performance.now()). */
async function allPosted(db) {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE status <> 'POSTED')::int AS waiting, count(*)::int AS lines
         FROM inventory.epoint_record WHERE location_id = $1`,
      [OUTLET],
    );
    if (rows[0].lines >= LINES && rows[0].waiting === 0) return performance.now();
    if (Date.now() > deadline) throw new Error(`lines still waiting: ${JSON.stringify(rows[0])}`);
    await sleep(50);
  }
}

/** The outlet's sales uploads and their ledger issues. */
async function uploads(db) {
  const { rows } = await db.query(
    `SELECT (SELECT count(*)::int FROM inventory.sales_upload WHERE location_id = $1) AS uploads,
            (SELECT count(*)::int FROM inventory.stock_movement WHERE document_type = 'SU' AND location_id = $1)
              AS movements,
            (SELECT COALESCE(round(-sum(cost_value), 2), 0)::text FROM inventory.stock_movement
              WHERE document_type = 'SU' AND location_id = $1) AS value`,
    [OUTLET],
  );
  return rows[0];
}

/** The outlet and the recipes, through the API as a user would make them; then awaited in inventory's replicas. */
async function seed(http, db) {
  const region = await http('POST', '/api/catalog/regions', { region_name: 'Bench region' });
  const category = await http('POST', '/api/catalog/location-categories', {
    category_name: 'Bench outlets',
    sub_categories: [],
  });
  await http('POST', '/api/catalog/locations', {
    location_id: OUTLET,
    location_name: 'Bench restaurant',
    is_operating: true,
    category_id: category.category_id,
    sub_category_id: null,
    region_id: region.region_id,
    address: '1 Bench Road',
    country: 'Singapore',
    postal_code: '600001',
    contact_person: [],
    remark: '',
  });
  await http('POST', '/api/catalog/uoms', { uom_name: UOM, secondary_uom: 'BENCHG', uom_per_primary: '1000' });
  const skuCategory = await http('POST', '/api/catalog/sku-categories', { category_name: 'Bench kitchen' });
  const sku = (id, name, stocked) =>
    http('POST', '/api/catalog/skus', {
      sku_id: id,
      name,
      display_name: name,
      category_id: skuCategory.category_id,
      primary_uom_name: UOM,
      purchasing_uom_name: UOM,
      receiving_uom_name: UOM,
      counting_uom_name: UOM,
      uom_list: [{ uom_name: UOM, factor: '1' }],
      supplier_list: [],
      default_supplier_id: null,
      threshold: '0',
      is_inventorise: stocked,
      default_wastage_percentage: '0',
    });
  await pool(
    [
      ...Array.from({ length: RAW }, (_, index) => [raw(index), `Bench ingredient ${index + 1}`, true]),
      ...Array.from({ length: BASES }, (_, index) => [base(index), `Bench base ${index + 1}`, false]),
      ...Array.from({ length: SAUCES }, (_, index) => [sauce(index), `Bench sauce ${index + 1}`, false]),
    ],
    4,
    ([id, name, stocked]) => sku(id, name, stocked),
  );
  const skuBoms = await http('POST', '/api/catalog/item-categories/sku-bom', { category_name: 'Bench prep' });
  const pluBoms = await http('POST', '/api/catalog/item-categories/plu-bom', { category_name: 'Bench menu' });
  const dishes = await http('POST', '/api/catalog/item-categories/plu', { category_name: 'Bench dishes' });
  const line = (skuId, quantity, wastage = '0') => ({
    sku_id: skuId,
    quantity_per_uom: quantity,
    uom_name: UOM,
    wastage_percentage: wastage,
  });
  // Level 3: a base of two ingredients; level 2: a sauce of a base and an ingredient (with wastage).
  await pool(
    Array.from({ length: BASES }, (_, index) => index),
    4,
    (index) =>
      http('POST', '/api/catalog/sku-boms', {
        bom_id: `${base(index)}-BOM`,
        bom_name: `Bench base ${index + 1}`,
        output_sku_id: base(index),
        output_quantity: '2',
        output_uom_name: UOM,
        category_id: skuBoms.category_id,
        consume_sku_list: [line(raw(3 * index), '1', '10'), line(raw(3 * index + 1), '0.5')],
      }),
  );
  await pool(
    Array.from({ length: SAUCES }, (_, index) => index),
    4,
    (index) =>
      http('POST', '/api/catalog/sku-boms', {
        bom_id: `${sauce(index)}-BOM`,
        bom_name: `Bench sauce ${index + 1}`,
        output_sku_id: sauce(index),
        output_quantity: '1',
        output_uom_name: UOM,
        category_id: skuBoms.category_id,
        consume_sku_list: [line(base(index), '0.5'), line(raw(7 * index + 2), '0.2', '25')],
      }),
  );
  // Level 1: each PLU on its own BOM, a sauce and an ingredient.
  await pool(
    Array.from({ length: PLUS }, (_, index) => index),
    4,
    async (index) => {
      await http('POST', '/api/catalog/plu-boms', {
        bom_id: `${plu(index)}-BOM`,
        bom_name: `Bench dish ${index + 1}`,
        output_quantity: '1',
        output_uom_name: UOM,
        category_id: pluBoms.category_id,
        consume_sku_list: [line(sauce(index), (0.1 * (1 + (index % 5))).toFixed(1)), line(raw(11 * index + 5), '0.05')],
      });
      await http('POST', '/api/catalog/plus', {
        plu_id: plu(index),
        plu_name: `Bench dish ${index + 1}`,
        ch_display_name: `菜 ${index + 1}`,
        suggested_price: '6.5',
        category_id: dishes.category_id,
        bom_type: 'existing',
        bom_id: `${plu(index)}-BOM`,
      });
    },
  );
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM inventory.item_replica WHERE item_id LIKE 'BENCH-%') AS items,
              (SELECT count(*)::int FROM inventory.location_replica WHERE location_id = $1) AS outlets,
              (SELECT count(*)::int FROM inventory.bom_replica WHERE bom_id LIKE 'BENCH-%') AS boms,
              (SELECT count(*)::int FROM inventory.plu_replica WHERE plu_id LIKE 'BENCH-%') AS plus`,
      [OUTLET],
    );
    const counts = rows[0];
    if (
      counts.items === RAW + BASES + SAUCES &&
      counts.outlets === 1 &&
      counts.boms === BASES + SAUCES + PLUS &&
      counts.plus === PLUS
    )
      return;
    if (Date.now() > deadline) throw new Error(`the replicas did not fill: ${JSON.stringify(counts)}`);
    await sleep(100);
  }
}

await run(main, 'sales-upload bench');
