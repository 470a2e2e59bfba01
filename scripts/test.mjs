#!/usr/bin/env node
// `npm test`: every tier in one jest run. The distributed suites (separate processes over real NATS and
// Redis) switch on when NATS_URL and REDIS_URL are set; they run the built services, so build first.
import { spawnSync } from 'node:child_process';

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

if (distributed) run('npm', ['run', 'build', '--silent']);
run(process.execPath, ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', ...process.argv.slice(2)], {
  ...process.env,
  NODE_ENV: 'test',
});
