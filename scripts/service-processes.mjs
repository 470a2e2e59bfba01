// Starting the built services as separate processes: used by `npm run start:distributed` and by the
// distributed end-to-end tests, so both run the same topology as docker-compose.yml.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Back-end services in start order; the gateway comes last and forwards to them. */
export const BACKEND_SERVICES = ['identity', 'catalog', 'inventory', 'procurement', 'notifications'];

export function generateAuthKeys() {
  const pair = generateKeyPairSync('ed25519');
  return {
    AUTH_PUBLIC_KEY: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    AUTH_PRIVATE_KEY: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/**
 * Spawns `node services/<name>/dist/<entry>` with `env` and resolves once `/health/ready` answers 200.
 * Output goes to `onOutput` (default: prefixed to this process's stdout/stderr).
 */
export async function startService(name, { port, env, entry = 'main.js', timeoutMs = 60_000, onOutput } = {}) {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'services', name, 'dist', entry)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const write =
    onOutput ?? ((stream, text) => (stream === 'err' ? process.stderr : process.stdout).write(prefix(name, text)));
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    write('out', String(chunk));
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
    write('err', String(chunk));
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with code ${child.exitCode} while starting:\n${output.slice(-2000)}`);
    try {
      const response = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready within ${timeoutMs} ms:\n${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name,
    url,
    child,
    /** SIGKILL: a crash, nothing is closed cleanly. */
    kill: () => stop(child, 'SIGKILL'),
    /** SIGTERM: a clean shutdown. */
    stop: () => stop(child, 'SIGTERM'),
  };
}

function stop(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

function prefix(name, text) {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => `[${name}] ${line}\n`)
    .join('');
}
