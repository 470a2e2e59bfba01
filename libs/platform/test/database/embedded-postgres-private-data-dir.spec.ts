import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DataDirUnusableError, startEmbeddedPostgres } from '../../src/database/embedded-postgres.js';

/**
 * `npm start` as root with a private DATA_DIR (`DATA_DIR=$(mktemp -d)`: mode 700, owned by root). PostgreSQL
 * runs as the unprivileged postgres user there, so these only mean something when the tests run as root.
 */
const asRoot = process.getuid?.() === 0 ? describe : describe.skip;

asRoot('embedded PostgreSQL under a private DATA_DIR (as root)', () => {
  const made: string[] = [];
  const privateDir = (parent = os.tmpdir()) => {
    const dir = fs.mkdtempSync(path.join(parent, 'scm-private-'));
    fs.chmodSync(dir, 0o700);
    made.push(dir);
    return dir;
  };

  afterAll(() => {
    for (const dir of made.reverse()) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts in a mode-700 DATA_DIR, opening it to the postgres group for entering only', async () => {
    const dataDir = privateDir();
    const database = await startEmbeddedPostgres(path.join(dataDir, 'pg'));
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ ok: number }>('SELECT 1 AS ok');
      await client.end();
      expect(rows).toEqual([{ ok: 1 }]);
    } finally {
      await database.stop();
    }
    const mode = fs.statSync(dataDir).mode & 0o777;
    expect(mode).toBe(0o710);
  }, 60_000);

  it('refuses, saying why and what to do, when a directory above it cannot be entered', async () => {
    const dataDir = path.join(privateDir(), 'nested', 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    const start = startEmbeddedPostgres(path.join(dataDir, 'pg'));
    await expect(start).rejects.toThrow(DataDirUnusableError);
    await expect(start).rejects.toThrow(/^\(.*\) is inside .*; choose a DATA_DIR/);
  });
});
