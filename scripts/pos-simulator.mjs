#!/usr/bin/env node
/**
 * POS simulator (issue 14): pushes one realistic business day of an outlet's sales to the product's AutoSync
 * endpoint, as the outlet's point-of-sale system would, with a POS key made in Settings › POS keys.
 *
 *   node scripts/pos-simulator.mjs --key scmpos_... [--url http://localhost:3000] [--date 2026-05-01]
 *        [--plus PLU-1,PLU-2 | --username admin --password ...] [--shifts 3] [--tickets 120]
 *        [--batch 500] [--seed 42] [--dry-run]
 *
 * PLUs: given with --plus, else read from the catalog (active PLUs and their suggested prices) by signing in with
 * --username / --password, else a few made-up codes (they land on the day's no-match list). The key may also come
 * from POS_KEY. The day is split into shifts (S1 opening, S2 lunch, S3 dinner, ...); each shift sells a number of
 * tickets, each ticket 1-4 PLUs, and the POS sends one line per (shift, PLU) with the quantity and amount summed —
 * the shape of an e-point record. Sending the same day again is harmless: every line comes back as a duplicate.
 * Prints what the endpoint answered (accepted / duplicate / rejected per batch, and the first rejections).
 */
import process from 'node:process';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.SCM_URL ?? 'http://localhost:3000' },
    key: { type: 'string', default: process.env.POS_KEY },
    date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    plus: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    shifts: { type: 'string', default: '3' },
    tickets: { type: 'string', default: '120' },
    batch: { type: 'string', default: '500' },
    seed: { type: 'string', default: '7' },
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(
    'usage: node scripts/pos-simulator.mjs --key <POS key> [--url URL] [--date YYYY-MM-DD] [--plus A,B | --username U --password P]\n' +
      '       [--shifts N] [--tickets N] [--batch N] [--seed N] [--dry-run]',
  );
  process.exit(0);
}
if (!args.key && !args['dry-run'])
  fail('a POS key is needed: --key scmpos_... (or POS_KEY); create one in Settings › POS keys');
if (!/^\d{4}-\d{2}-\d{2}$/.test(args.date)) fail('--date must be YYYY-MM-DD');
const base = args.url.replace(/\/$/, '');

/** A small deterministic generator, so a day can be replayed exactly (--seed). */
let state = Number(args.seed) >>> 0 || 7;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 2 ** 32;
};

function fail(message) {
  console.error(`pos-simulator: ${message}`);
  process.exit(1);
}

async function call(method, path, body, headers = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { message: text };
  }
  return { status: response.status, body: json };
}

/** The menu: PLU codes with a unit price. */
async function menu() {
  if (args.plus) {
    return args.plus
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean)
      .map((code) => ({ code, price: (3 + random() * 12).toFixed(2) }));
  }
  if (args.username && args.password) {
    // Signed in like the web app: the session cookie, and the CSRF cookie echoed in a header on the POST.
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: args.username, password: args.password }),
    });
    if (login.status !== 200) fail(`sign-in refused (${login.status}): ${(await login.json()).message ?? ''}`);
    const cookies = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
    const csrf = cookies.find((cookie) => cookie.startsWith('scm_csrf='))?.slice('scm_csrf='.length) ?? '';
    const list = await call(
      'POST',
      '/api/catalog/plus/list',
      { other_params: { status: 'active' }, limit: 200, start: 0, columns: ['plu_id', 'suggested_price'] },
      { cookie: cookies.join('; '), 'x-csrf-token': decodeURIComponent(csrf) },
    );
    if (list.status !== 200) fail(`reading the PLUs failed (${list.status}): ${list.body?.message ?? ''}`);
    const plus = (list.body.data ?? []).map((row) => ({
      code: row.plu_id,
      price: Number(row.suggested_price) > 0 ? Number(row.suggested_price).toFixed(2) : '5.00',
    }));
    if (plus.length > 0) return plus;
    console.warn('pos-simulator: the catalog has no active PLU; using made-up codes');
  }
  return ['LATTE', 'MOCHA', 'TEA', 'CROISSANT', 'MUFFIN'].map((name) => ({
    code: `SIM-${name}`,
    price: (3 + random() * 6).toFixed(2),
  }));
}

/** One day: per shift, tickets of 1-4 items, summed into one line per (shift, PLU). */
function day(items) {
  const shifts = Math.max(1, Number(args.shifts) || 3);
  const tickets = Math.max(1, Number(args.tickets) || 120);
  // Lunch and dinner are the busy shifts.
  const weights = Array.from({ length: shifts }, (_, index) => (index === 1 || index === 2 ? 1.6 : 0.8));
  const total = weights.reduce((a, b) => a + b, 0);
  const popular = items.map(() => 0.3 + random());
  const lines = [];
  for (let shift = 0; shift < shifts; shift += 1) {
    const sold = new Map();
    const count = Math.round((tickets * weights[shift]) / total);
    for (let ticket = 0; ticket < count; ticket += 1) {
      const size = 1 + Math.floor(random() * 4);
      for (let n = 0; n < size; n += 1) {
        // Popular items sell more: pick by weight.
        let roll = random() * popular.reduce((a, b) => a + b, 0);
        let index = 0;
        while (roll > popular[index] && index < items.length - 1) roll -= popular[index++];
        const quantity = random() < 0.85 ? 1 : 2;
        sold.set(index, (sold.get(index) ?? 0) + quantity);
      }
    }
    for (const [index, quantity] of sold) {
      const item = items[index];
      lines.push({
        shift_code: `S${shift + 1}`,
        stock_code: item.code,
        quantity: String(quantity),
        amount: (Number(item.price) * quantity).toFixed(2),
        epoint_date: args.date,
        uom: 'EA',
        status: 'CLOSED',
      });
    }
  }
  return lines;
}

const items = await menu();
const lines = day(items);
const amount = lines.reduce((sum, line) => sum + Number(line.amount), 0);
console.log(
  `pos-simulator: ${args.date}, ${lines.length} line(s) over ${args.shifts} shift(s), ${items.length} PLU(s), ` +
    `total ${amount.toFixed(2)}`,
);
if (args['dry-run']) {
  console.log(JSON.stringify({ records: lines }, null, 2));
  process.exit(0);
}

const size = Math.min(10_000, Math.max(1, Number(args.batch) || 500));
const totals = { accepted: 0, duplicate: 0, rejected: 0 };
const rejections = [];
for (let start = 0; start < lines.length; start += size) {
  const batch = lines.slice(start, start + size);
  const answer = await call('POST', '/api/inventory/epoint/records', { records: batch }, { 'x-api-key': args.key });
  if (answer.status !== 200) fail(`the endpoint refused the batch (${answer.status}): ${answer.body?.message ?? ''}`);
  const result = answer.body.data;
  totals.accepted += result.accepted;
  totals.duplicate += result.duplicate;
  totals.rejected += result.rejected;
  for (const outcome of result.outcomes) {
    if (outcome.outcome === 'rejected') rejections.push({ line: batch[outcome.index], errors: outcome.errors });
  }
  console.log(
    `  batch ${start / size + 1}: ${result.accepted} accepted, ${result.duplicate} duplicate, ${result.rejected} rejected ` +
      `(location ${result.location_id}; posting queued for ${result.days.join(', ') || 'no day'})`,
  );
}
console.log(`pos-simulator: ${totals.accepted} accepted, ${totals.duplicate} duplicate, ${totals.rejected} rejected`);
for (const rejection of rejections.slice(0, 5)) {
  console.log(
    `  rejected ${rejection.line.shift_code}/${rejection.line.stock_code}: ${JSON.stringify(rejection.errors)}`,
  );
}
console.log('The day is posted in the background: see Inventory › Sales Upload and /inventory/sales-upload/e-point.');
