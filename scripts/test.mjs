#!/usr/bin/env node
// `npm test`: builds, then every tier in one jest run. The distributed suites (separate processes over real
// NATS and Redis) switch on when NATS_URL and REDIS_URL are set; they and the browser suites run the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const distributed = Boolean(process.env.NATS_URL && process.env.REDIS_URL);
const database = process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : 'embedded PostgreSQL';
console.log(`Test suites: unit, integration and e2e (embedded mode) against ${database}.`);
console.log(
  distributed
    ? `Distributed suites: ON (NATS_URL=${process.env.NATS_URL}, REDIS_URL=${process.env.REDIS_URL}).`
    : 'Distributed suites: OFF (set NATS_URL and REDIS_URL to run them).',
);

const run = (command, args, env = process.env) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npm', ['run', 'build', '--silent']);

// jest's own summary is not a line CI tools read; the JSON report gives the plain `N passed, N failed` line.
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scm-jest-')), 'report.json');
const jest = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--json', `--outputFile=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit', env: { LOG_LEVEL: 'error', ...process.env, NODE_ENV: 'test' } },
);
if (fs.existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(fs.readFileSync(report, 'utf8'));
  console.log(`\ntests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`);
}
process.exit(jest.status ?? 1);
