#!/usr/bin/env node
// `npm test`: builds, runs the jest tiers (one jest process, a suite per core) and, alongside, the browser tier (Playwright driving
// /usr/bin/chromium against the built product), and ends with one line per tier and one plain line summing both:
//   tests: N passed, N failed, N skipped
// The distributed suites (separate processes over real NATS and Redis) switch on when NATS_URL and REDIS_URL
// are set. Arguments (`npm test -- tests/unit/x.spec.ts`) go to jest and leave the browser tier out.
//
// With TEST_DATABASE_URL set (as CI sets it) the two runs share nothing but that server: the browser tier starts
// the built product on a free port of its own, with a fresh temporary DATA_DIR, a fresh `scm_browser_*` database and
// in-process events and jobs (it clears NATS_URL and REDIS_URL), while every jest suite makes its own database,
// DATA_DIR and NATS namespace. So they run at the same time when the machine has two cores or more (jest's output
// streams live; the browser tier's is kept in a file and printed after it). Without TEST_DATABASE_URL each would
// start an embedded PostgreSQL, whose first start as root creates the `postgres` system user — two at once can
// collide — so the browser tier then runs after jest, as it does with SCM_TEST_SEQUENTIAL=1.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const CHROMIUM = '/usr/bin/chromium';
const ci = process.env.CI === 'true' || process.env.CI === '1';
const jestArgs = process.argv.slice(2);
const distributed = Boolean(process.env.NATS_URL && process.env.REDIS_URL);
const database = process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : 'embedded PostgreSQL';
const cores = os.availableParallelism();
const sequentialAsked = ['1', 'true'].includes(process.env.SCM_TEST_SEQUENTIAL ?? '');

/** Whether the browser tier runs, and if not, why. */
function browserPlan() {
  if (jestArgs.length > 0)
    return { run: false, why: 'arguments were given, they select jest tests (run `npx playwright test` for these)' };
  if (!fs.existsSync(CHROMIUM)) {
    return {
      run: false,
      fatal: ci,
      why: `${CHROMIUM} is missing (install it: apt-get install -y chromium fonts-noto-cjk)${ci ? ' — required in CI' : ''}`,
    };
  }
  return { run: true };
}
const browser = browserPlan();
/** Why the browser tier runs after jest rather than alongside it (undefined: alongside). */
const sequentialBecause = sequentialAsked
  ? 'SCM_TEST_SEQUENTIAL is set'
  : cores < 2
    ? `${cores} core`
    : !process.env.TEST_DATABASE_URL
      ? 'each tier starts its own embedded PostgreSQL without TEST_DATABASE_URL'
      : undefined;
const alongside = browser.run && sequentialBecause === undefined;

console.log(`Test suites: unit, integration and e2e (embedded mode) against ${database}.`);
console.log(
  distributed
    ? `Distributed suites: ON (NATS_URL=${process.env.NATS_URL}, REDIS_URL=${process.env.REDIS_URL}).`
    : 'Distributed suites: OFF (set NATS_URL and REDIS_URL to run them).',
);
console.log(
  browser.run
    ? `Browser suites: ON (Playwright, ${CHROMIUM}, projects en and zh, against the built product in embedded mode), ` +
        (alongside
          ? `running alongside jest (${cores} cores); their output follows jest's.`
          : `after jest (${sequentialBecause}).`)
    : `Browser suites: NOT RUN — ${browser.why}.`,
);

const run = (command, args, env = process.env) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npm', ['run', 'build', '--silent']);

/** Runs a command without blocking this process (the other tier keeps going); resolves with its exit status. */
const runAsync = (command, args, options) =>
  new Promise((resolve) => {
    const child = spawn(command, args, options);
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

/**
 * The run's migrated template database (TEST_DATABASE_URL only: the server must exist before jest starts). The
 * build's `migrate` entry brings every service's schema up to date in it once; each suite that starts the whole
 * product then gets a copy (createTestDatabase's `migrated`) instead of running every migration again.
 */
async function createTemplateDatabase() {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return undefined;
  const name = `scm_template_${process.pid}`;
  const sql = async (statement) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const drop = () => sql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await drop();
  await sql(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const migrated = spawnSync(process.execPath, ['services/gateway/dist/migrate.js'], {
    stdio: 'inherit',
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'error', DATABASE_URL: url.toString() },
  });
  if (migrated.status !== 0) {
    await drop();
    console.error('The migrated template database could not be made (see above).');
    process.exit(migrated.status ?? 1);
  }
  // A copy needs the template without connections; the migration's close as the server sees it can lag its exit.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await sql(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${name}'`);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { name, drop };
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'scm-test-'));
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(0)} s`;
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
let failed = false;

const playwright = ['node_modules/@playwright/test/cli.js', 'test'];
const pwReport = path.join(reports, 'playwright.json');
const pwLog = path.join(reports, 'playwright.log');
let browserFinished = false;

/** Starts the browser tier; alongside jest its output goes to a file (printed after jest's), else to the terminal. */
function startBrowserTier() {
  const since = performance.now();
  const output = alongside ? fs.openSync(pwLog, 'w') : undefined;
  const finished = runAsync(process.execPath, playwright, {
    stdio: output === undefined ? 'inherit' : ['ignore', output, output],
    env: { ...process.env, SCM_PLAYWRIGHT_JSON: pwReport, SCM_BROWSER_PENDING: '' },
  });
  // The child holds its own copy of the descriptor.
  if (output !== undefined) fs.closeSync(output);
  return finished.then((status) => {
    browserFinished = true;
    return { status, took: seconds(since) };
  });
}

const template = await createTemplateDatabase();

// jest's own summary is not a line CI tools read; its JSON report gives the counts.
const browserRun = alongside ? startBrowserTier() : undefined;
const jestStarted = performance.now();
// One jest process, two suites at a time on two cores: jest hands the next suite to whichever worker is free, so the
// distributed suites (services as processes of their own over NATS and Redis, each suite in its own namespace and
// BullMQ prefix) and the in-process ones share both cores to the end. Two jest processes (in-process and distributed)
// left one core idle for the last minutes; splitting the in-process tiers too (`--shard`) made five busy processes on
// two cores and stretched single tests past their limits.
const jestWorkers = Math.max(1, Math.min(2, cores));
const jestName = `unit, integration, e2e${distributed ? ', e2e-distributed' : ''}`;
const jestReport = path.join(reports, 'jest.json');
const jestStatus = await runAsync(
  process.execPath,
  [
    '--experimental-vm-modules',
    'node_modules/jest/bin/jest.js',
    '--json',
    `--outputFile=${jestReport}`,
    `--maxWorkers=${jestWorkers}`,
    ...jestArgs,
  ],
  {
    stdio: 'inherit',
    env: {
      LOG_LEVEL: 'error',
      ...process.env,
      NODE_ENV: 'test',
      ...(template && { SCM_TEST_TEMPLATE_DATABASE: template.name }),
    },
  },
);
const jestCounts = readJson(jestReport);
if (jestCounts) {
  totals.passed += jestCounts.numPassedTests;
  totals.failed += jestCounts.numFailedTests;
  totals.skipped += jestCounts.numPendingTests;
  lines.push(
    `jest (${jestName}): ${jestCounts.numPassedTests} passed, ${jestCounts.numFailedTests} failed, ${jestCounts.numPendingTests} skipped in ${seconds(jestStarted)}`,
  );
} else lines.push(`jest (${jestName}): no report (exit code ${jestStatus}) after ${seconds(jestStarted)}`);
if (jestStatus !== 0) failed = true;
await template?.drop();

if (browser.run) {
  if (alongside && !browserFinished) console.log('\nWaiting for the browser suites, which run alongside jest...');
  const result = await (browserRun ?? startBrowserTier());
  if (alongside) {
    console.log('\n── playwright (browser, en + zh) output ──');
    console.log(fs.existsSync(pwLog) ? fs.readFileSync(pwLog, 'utf8').trimEnd() : '(none)');
    console.log('── end of playwright output ──');
  }
  const stats = readJson(pwReport)?.stats;
  const counts = {
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? 0,
    skipped: stats?.skipped ?? 0,
  };
  // A run that failed before any test (set-up could not start the product) still counts as a failure.
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1;
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  lines.push(
    `playwright (browser, en + zh): ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped in ${result.took}` +
      (result.status !== 0 && !stats?.unexpected ? ' — the run failed outside the tests (see its output above)' : ''),
  );
  if (result.status !== 0) failed = true;
  lines.push(pendingBrowserTests());
} else {
  lines.push(`playwright (browser): NOT RUN — ${browser.why}`);
  // In CI the browser tier is required: its absence counts as a failure in the summary line too.
  if (browser.fatal) {
    failed = true;
    totals.failed += 1;
  }
}

/** The browser tests left out until their feature lands (PENDING_FEATURES in playwright.config.ts). */
function pendingBrowserTests() {
  const listing = spawnSync(process.execPath, [...playwright, '--list', '--reporter=json'], {
    encoding: 'utf8',
    env: { ...process.env, SCM_BROWSER_PENDING: 'only', SCM_PLAYWRIGHT_JSON: '' },
  });
  let report;
  try {
    report = JSON.parse(listing.stdout);
  } catch {
    return 'playwright: could not list the browser tests waiting for a feature';
  }
  const waiting = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      waiting.push(
        `  ${spec.file} › ${spec.title} (${(spec.tags ?? []).map((tag) => `@${tag.replace(/^@/, '')}`).join(' ')})`,
      );
    }
    (suite.suites ?? []).forEach(visit);
  };
  (report.suites ?? []).forEach(visit);
  if (waiting.length === 0) return 'playwright: no browser test is waiting for a feature (PENDING_FEATURES is empty)';
  return [
    `playwright: ${waiting.length} test(s) per language left out until their feature lands (PENDING_FEATURES in playwright.config.ts; SCM_BROWSER_PENDING=1 runs them):`,
    ...waiting,
  ].join('\n');
}

fs.rmSync(reports, { recursive: true, force: true });
console.log(`\n${lines.join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
