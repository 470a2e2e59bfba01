import 'reflect-metadata';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type {
  EpointKeyCreated,
  EpointPullSettingsView,
  EpointPushResult,
  EpointRecordListRow,
  EpointScanResult,
} from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  expectEventually,
  fullRightsToken,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { EpointPullService } from '../../services/inventory/src/epoint/epoint-pull.service.js';
import { EpointSyncService } from '../../services/inventory/src/epoint/epoint-sync.service.js';
import { PosIngestService } from '../../services/inventory/src/sales-upload/pos-ingest.service.js';
import { inventoryDb, seedStock } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';
import type { StockFixture } from '../../services/inventory/test/stock-adjustment/stock-fixture.js';

type Server = Parameters<typeof request>[0];

interface Line {
  location?: string;
  shift_code: string;
  stock_code: string;
  quantity: string | number;
  amount: string | number;
  epoint_date: string;
  uom?: string;
}

/**
 * POS AutoSync (issue 14), embedded mode: POS keys are created in Settings (shown once, kept hashed) and revoked;
 * the push endpoint takes no session, only a live key of its location — no key, a wrong, a revoked key is 401 —
 * and writes that location only (a record naming another is rejected). Records are answered one by one (accepted,
 * duplicate, rejected with translated field errors), up to 10,000 a call (above 1 MB of JSON). Each business day is
 * posted by a background job into a sales upload; a line arriving after its day was posted goes to a correction,
 * never into the day twice. The pull job reads a POS export folder once per file, and a POS export URL (JSON or
 * CSV, a body once; an unreachable URL, a body over 8 MB or an unreadable one reported on the settings view, a URL
 * other than http(s) refused). The records page lists, filters and counts them for the caller's locations.
 */
describe('POS AutoSync: keys, push, posting job, pull folder and URL (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let app: { get<T>(type: new (...args: never[]) => T, options: { strict: false }): T };
  let db: DataSource;
  let close: () => Promise<void>;
  let fx: StockFixture;
  let outletA: string;
  let outletB: string;
  /** A user of outlet A only (every right), one without SETTING edit. */
  let userA: string;
  let viewer: string;
  let keyA: EpointKeyCreated;
  let keyB: EpointKeyCreated;

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    app = suite.app;
    fx = await seedStock(server, runtime, 'EPT');
    db = await inventoryDb(runtime);
    [outletA, outletB] = fx.locations;
    userA = `Bearer ${await fullRightsToken(runtime, [outletA], { sub: randomUUID(), name: 'Outlet A manager' })}`;
    viewer = `Bearer ${await tokenWithPermissions(
      runtime,
      [
        { permission: { key: 'SETTING' }, view: true, edit: false, approval: false },
        { permission: { key: 'SU' }, view: true, edit: false, approval: false },
      ],
      { locs: ['*'], sub: randomUUID() },
    )}`;
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await db?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  const api = (token: string) => ({
    get: (url: string) => request(server).get(`/api/inventory/epoint/${url}`).set('Authorization', token),
    post: (url: string, body: object = {}) =>
      request(server).post(`/api/inventory/epoint/${url}`).set('Authorization', token).send(body),
    put: (url: string, body: object) =>
      request(server).put(`/api/inventory/epoint/${url}`).set('Authorization', token).send(body),
  });
  const push = (key: string | undefined, records: unknown[], header: 'bearer' | 'x-api-key' = 'bearer') => {
    const call = request(server).post('/api/inventory/epoint/records').set('Accept-Language', 'en');
    if (key !== undefined) {
      if (header === 'bearer') void call.set('Authorization', `Bearer ${key}`);
      else void call.set('X-Api-Key', key);
    }
    return call.send({ records });
  };
  const line = (overrides: Partial<Line> = {}): Line => ({
    shift_code: 'S1',
    stock_code: 'EPT-PLU-LATTE',
    quantity: '2',
    amount: '9.00',
    epoint_date: '2026-04-01',
    uom: 'CUP',
    ...overrides,
  });
  const records = async (otherParams: Record<string, unknown>, token = fx.admin) => {
    const response = await api(token).post('records/list', {
      other_params: otherParams,
      limit: 1000,
      start: 0,
      order_by: [{ column: 'shift_code', sort_type: 'asc' }],
    });
    expect(response.status).toBe(200);
    return response.body as { data: EpointRecordListRow[]; recordsTotal: number };
  };

  it('creates a key shown once and kept hashed; lists keys without it; refuses other locations and viewers', async () => {
    const created = await api(fx.admin).post('keys', { location_id: outletA, label: 'Front counter' });
    expect(created.status).toBe(201);
    keyA = (created.body as { data: EpointKeyCreated }).data;
    expect(keyA.key).toMatch(/^scmpos_[A-Za-z0-9_-]{43}$/);
    expect(keyA.key.startsWith(keyA.key_prefix)).toBe(true);
    expect(keyA).toMatchObject({ location_id: outletA, label: 'Front counter', revoked_time: null });

    const listed = await api(fx.admin).get('keys');
    expect(listed.status).toBe(200);
    const row = (listed.body as { data: Record<string, unknown>[] }).data.find((key) => key.id === keyA.id);
    expect(row).toMatchObject({ key_prefix: keyA.key_prefix, location_id: outletA });
    expect(row).not.toHaveProperty('key');
    expect(JSON.stringify(listed.body)).not.toContain(keyA.key);

    // Outlet A's manager makes keys for A only; a viewer of Settings makes none.
    expect((await api(userA).post('keys', { location_id: outletB, label: 'Not mine' })).status).toBe(403);
    expect((await api(viewer).post('keys', { location_id: outletA, label: 'No right' })).status).toBe(403);
    const invalid = await api(fx.admin).post('keys', { location_id: '', label: '', extra: 1 });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { errors: { field: string }[] }).errors.map((error) => error.field).sort()).toEqual([
      'extra',
      'label',
      'location_id',
    ]);
    // Outlet A's manager sees A's keys only.
    const made = await api(fx.admin).post('keys', { location_id: outletB, label: 'Back office' });
    keyB = (made.body as { data: EpointKeyCreated }).data;
    const mine = (await api(userA).get('keys')).body as { data: { location_id: string }[] };
    expect(new Set(mine.data.map((key) => key.location_id))).toEqual(new Set([outletA]));
  });

  it('refuses a call without a key, with a wrong key or a session instead of a key (401, before the body)', async () => {
    for (const response of [
      await push(undefined, [line()]),
      await push('scmpos_wrong', [line()]),
      await push(`${keyA.key}x`, [line()]),
      await push('', [line()], 'x-api-key'),
      await request(server).post('/api/inventory/epoint/records').set('Authorization', fx.admin).send({ records: [] }),
      await push('not-even-a-key', 'not a body' as never),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ status: 401, code: 'INVENTORY_EPOINT_KEY_INVALID' });
      expect((response.body as { message: string }).message).toContain('POS key');
    }
  });

  it('answers record by record: accepted, duplicate, rejected with field errors; the key writes its location only', async () => {
    const response = await push(
      keyA.key,
      [
        line({ shift_code: 'S1', stock_code: 'EPT-PLU-LATTE' }),
        line({ shift_code: 'S1', stock_code: 'EPT-PLU-MOCHA', quantity: 1, amount: 5.5 }),
        line({ shift_code: 'S1', stock_code: 'EPT-PLU-LATTE' }),
        line({ shift_code: 'S2', stock_code: 'EPT-PLU-LATTE', quantity: '0', amount: '1.234' }),
        { ...line({ shift_code: 'S2' }), location: outletB },
        { ...line({ shift_code: 'S3' }), location: outletA },
        { shift_code: 'S2', stock_code: 'EPT-PLU-TEA', quantity: '1', amount: '3', epoint_date: '2026-02-30' },
        { ...line({ shift_code: 'S4' }), colour: 'red' },
        'not a record',
      ],
      'x-api-key',
    );
    expect(response.status).toBe(200);
    const result = (response.body as { data: EpointPushResult }).data;
    expect(result).toMatchObject({
      location_id: outletA,
      accepted: 3,
      duplicate: 1,
      rejected: 5,
      days: ['2026-04-01'],
    });
    const byIndex = (index: number) => result.outcomes[index];
    expect(result.outcomes.map((outcome) => outcome.outcome)).toEqual([
      'accepted',
      'accepted',
      'duplicate',
      'rejected',
      'rejected',
      'accepted',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(byIndex(3).errors).toEqual([
      { field: 'quantity', message: 'Value must be more than 0' },
      { field: 'amount', message: expect.stringMatching(/2 decimal/i) },
    ]);
    expect(byIndex(4).errors).toEqual([
      { field: 'location', message: `This POS key writes to ${outletA} only: the record names ${outletB}` },
    ]);
    expect(byIndex(6).errors?.map((error) => error.field)).toEqual(['epoint_date']);
    expect(byIndex(7).errors?.map((error) => error.field)).toEqual(['colour']);
    expect(byIndex(8).errors?.map((error) => error.field)).toEqual(['record']);

    // In Chinese for a Chinese caller.
    const zh = await request(server)
      .post('/api/inventory/epoint/records')
      .set('Authorization', `Bearer ${keyA.key}`)
      .set('Accept-Language', 'zh-CN')
      .send({ records: [{ ...line({ shift_code: 'S9' }), location: outletB }] });
    expect((zh.body as { data: EpointPushResult }).data.outcomes[0].errors?.[0].message).toContain('此 POS 密钥');

    // Nothing of the batch reached outlet B.
    expect((await records({ location_ids: [outletB] })).recordsTotal).toBe(0);
  });

  it('posts each business day by a background job into a sales upload; a late line becomes a correction', async () => {
    let first: EpointRecordListRow[] = [];
    await expectEventually(
      async () => {
        first = (await records({ location_ids: [outletA], epoint_date: { from: '2026-04-01', to: '2026-04-01' } }))
          .data;
        expect(first).toHaveLength(3);
        for (const record of first) {
          expect(record.status).not.toBe('PENDING');
          expect(record.su_id).toEqual(expect.any(String));
        }
      },
      { timeoutMs: 30_000 },
    );
    const dayUpload = first[0].su_id;
    expect(new Set(first.map((record) => record.su_id))).toEqual(new Set([dayUpload]));
    expect(first[0].su_no).toEqual(expect.any(String));

    // The same lines again change nothing; a late line of the same day goes to a correction, not into the day.
    const again = await push(keyA.key, [line({ shift_code: 'S1', stock_code: 'EPT-PLU-LATTE' })]);
    expect((again.body as { data: EpointPushResult }).data).toMatchObject({ accepted: 0, duplicate: 1, days: [] });
    const late = await push(keyA.key, [line({ shift_code: 'S5', stock_code: 'EPT-PLU-LATTE', quantity: '1' })]);
    expect((late.body as { data: EpointPushResult }).data).toMatchObject({ accepted: 1, days: ['2026-04-01'] });
    await expectEventually(
      async () => {
        const rows = (await records({ location_ids: [outletA], epoint_date: { from: '2026-04-01', to: '2026-04-01' } }))
          .data;
        expect(rows).toHaveLength(4);
        const lateRow = rows.find((row) => row.shift_code === 'S5');
        expect(lateRow?.su_id).toEqual(expect.any(String));
        expect(lateRow?.su_id).not.toBe(dayUpload);
        for (const row of rows.filter((row) => row.shift_code !== 'S5')) expect(row.su_id).toBe(dayUpload);
      },
      { timeoutMs: 30_000 },
    );
  });

  it("takes 10,000 records in one call (more than 1 MB) and refuses 10,001; another location's key writes its own", async () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      line({ shift_code: `BULK-${index}`, stock_code: `EPT-PLU-${index % 7}`, epoint_date: '2026-04-02' }),
    );
    expect(Buffer.byteLength(JSON.stringify({ records: many }))).toBeGreaterThan(1024 * 1024);
    const bulk = await push(keyB.key, many);
    expect(bulk.status).toBe(200);
    expect((bulk.body as { data: EpointPushResult }).data).toMatchObject({
      location_id: outletB,
      accepted: 10_000,
      rejected: 0,
    });
    const tooMany = await push(keyB.key, [...many, line({ shift_code: 'ONE-MORE' })]);
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as { errors: { field: string; message: string }[] }).errors[0]).toMatchObject({
      field: 'records',
      message: 'Value cannot be more than 10000',
    });
    expect((await records({ location_ids: [outletB], shift_code: 'BULK-9999' })).data).toHaveLength(1);
  });

  it('refuses a revoked key from its next call; the other keys go on', async () => {
    const revoked = await api(fx.admin).post(`keys/${keyA.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((revoked.body as { data: { revoked_time: string | null } }).data.revoked_time).toEqual(expect.any(String));
    expect((await push(keyA.key, [line({ shift_code: 'AFTER' })])).status).toBe(401);
    expect((await push(keyB.key, [line({ shift_code: 'AFTER' })])).status).toBe(200);
    // Revoked stays revoked; an unknown id and a foreign key (for A's manager) are not found.
    expect((await api(fx.admin).post(`keys/${keyA.id}/revoke`)).status).toBe(200);
    expect((await api(userA).post(`keys/${keyB.id}/revoke`)).status).toBe(404);
    expect((await api(fx.admin).post(`keys/${randomUUID()}/revoke`)).status).toBe(404);
  });

  it('logs who created and who revoked a POS key, by its label and prefix, never the key, in both languages', async () => {
    const activity = async (language: string) => {
      const answer = await request(server)
        .post('/api/notification/activity-log/list')
        .set('Authorization', fx.admin)
        .set('Accept-Language', language)
        .send({ limit: 100, other_params: { module: ['Settings'] } });
      expect(answer.status).toBe(200);
      return (answer.body.data as { message: string; reference_type: string }[]).filter((row) =>
        row.message.includes(keyA.key_prefix),
      );
    };
    await expectEventually(async () => {
      const rows = await activity('en');
      expect(rows.map((row) => row.message.replace(/^.*? (created|revoked) /, '$1 ')).sort()).toEqual([
        `created the POS key “Front counter” (${keyA.key_prefix}…) of Outlet ${outletA}`,
        // Revoked twice, told once: the second call changed nothing.
        `revoked the POS key “Front counter” (${keyA.key_prefix}…) of Outlet ${outletA}`,
      ]);
      expect(rows.every((row) => row.reference_type === 'POS_KEY' && !row.message.includes(keyA.key))).toBe(true);
    });
    const zh = (await activity('zh-CN')).map((row) => row.message);
    expect(zh).toEqual(expect.arrayContaining([expect.stringContaining(`撤销了`), expect.stringContaining(`创建了`)]));
  });

  it('reads a POS export folder: each new CSV/JSON file once, then moved to processed/', async () => {
    const settings = await api(fx.admin).get('pull-folders');
    expect(settings.status).toBe(200);
    const root = (settings.body as { data: { root: string } }).data.root;
    // A folder outside the POS inbox cannot be set.
    const outside = await api(fx.admin).put(`pull-folders/${outletA}`, { folder_path: '../etc', enabled: true });
    expect(outside.status).toBe(400);
    expect((await api(userA).put(`pull-folders/${outletB}`, { folder_path: 'b', enabled: true })).status).toBe(403);
    const saved = await api(fx.admin).put(`pull-folders/${outletA}`, { folder_path: 'ept/outlet-a', enabled: true });
    expect(saved.status).toBe(200);

    // Not made yet: the scan says so (translated on the page by its code).
    expect((await api(fx.admin).post(`pull-folders/${outletA}/scan`)).status).toBe(200);
    const missing = (await api(fx.admin).get('pull-folders')).body as { data: { folders: unknown[] } };
    expect(missing.data.folders).toEqual([
      expect.objectContaining({ location_id: outletA, last_scan_error: { code: 'FOLDER_MISSING', file: null } }),
    ]);
    const folder = path.join(root, 'ept/outlet-a');
    await fs.mkdir(folder, { recursive: true });
    const csv = [
      'shift_code,stock_code,quantity,amount,epoint_date,uom',
      'P1,EPT-PLU-LATTE,3,13.50,2026-04-03,CUP',
      'P1,EPT-PLU-MOCHA,1,5.50,2026-04-03,CUP',
      'P2,EPT-PLU-LATTE,abc,1,2026-04-03,CUP',
    ].join('\n');
    await fs.writeFile(path.join(folder, 'day-0403.csv'), csv);
    await fs.writeFile(
      path.join(folder, 'day-0403-late.json'),
      JSON.stringify({ records: [line({ shift_code: 'P3', epoint_date: '2026-04-03' })] }),
    );
    const scanned = await api(fx.admin).post(`pull-folders/${outletA}/scan`);
    expect(scanned.status).toBe(200);
    expect((scanned.body as { data: unknown }).data).toMatchObject({
      files: 2,
      accepted: 3,
      rejected: 1,
      days: ['2026-04-03'],
    });
    expect((await fs.readdir(path.join(folder, 'processed'))).sort()).toEqual(['day-0403-late.json', 'day-0403.csv']);
    // The same file dropped again is not read again.
    await fs.writeFile(path.join(folder, 'day-0403-again.csv'), csv);
    const rescan = await api(fx.admin).post(`pull-folders/${outletA}/scan`);
    expect((rescan.body as { data: unknown }).data).toMatchObject({ files: 0, accepted: 0 });
    expect(await fs.readdir(folder)).toEqual(['processed']);

    const view = await api(fx.admin).get('pull-folders');
    expect((view.body as { data: { folders: unknown[] } }).data.folders).toEqual([
      expect.objectContaining({
        location_id: outletA,
        folder_path: 'ept/outlet-a',
        last_scan_files: 0,
        last_scan_error: null,
      }),
    ]);
    await expectEventually(
      async () => {
        const rows = (await records({ location_ids: [outletA], epoint_date: { from: '2026-04-03', to: '2026-04-03' } }))
          .data;
        expect(rows.map((row) => row.shift_code).sort()).toEqual(['P1', 'P1', 'P3']);
        for (const row of rows) expect(row.su_id).toEqual(expect.any(String));
      },
      { timeoutMs: 30_000 },
    );
  });

  it('reads a POS export URL: a new body once (JSON or CSV), by Scan now and the recurring job; reports an unreachable one', async () => {
    // The POS's own little web server, answering what the test says.
    let answer: (response: http.ServerResponse) => void = (response) => response.writeHead(404).end();
    let hits = 0;
    const pos = http.createServer((incoming, response) => {
      hits += 1;
      incoming.resume();
      answer(response);
    });
    await new Promise<void>((resolve) => pos.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(pos.address() as AddressInfo).port}/export/today.json`;
    const sourceOf = async () => {
      const view = await api(fx.admin).get('pull-folders');
      return (view.body as { data: EpointPullSettingsView }).data.folders.find((row) => row.location_id === outletA);
    };
    const scan = async () => {
      const response = await api(fx.admin).post(`pull-folders/${outletA}/scan`);
      expect(response.status).toBe(200);
      return (response.body as { data: EpointScanResult }).data;
    };
    try {
      // Only an absolute http(s) URL without spaces: another scheme, or a space, is a field error.
      for (const folder_path of ['ftp://x', 'http://a b']) {
        const refused = await api(fx.admin).put(`pull-folders/${outletA}`, { folder_path, enabled: true });
        expect(refused.status).toBe(400);
        expect((refused.body as { errors: { field: string; message: string }[] }).errors).toEqual([
          { field: 'folder_path', rule: 'validation.invalid', message: 'Invalid value' },
        ]);
      }
      expect(await sourceOf()).toMatchObject({ folder_path: 'ept/outlet-a' });
      const saved = await api(fx.admin).put(`pull-folders/${outletA}`, { folder_path: url, enabled: true });
      expect(saved.status).toBe(200);
      expect(await sourceOf()).toMatchObject({ folder_path: url, enabled: true });

      // A JSON export (by its content type): read, its day queued and posted like a folder's file.
      const json = JSON.stringify({
        records: [
          line({ shift_code: 'U1', epoint_date: '2026-04-04' }),
          line({ shift_code: 'U1', stock_code: 'EPT-PLU-MOCHA', epoint_date: '2026-04-04', quantity: 1 }),
          line({ shift_code: 'U2', epoint_date: '2026-04-04', quantity: '0' }),
        ],
      });
      answer = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end(json);
      expect(await scan()).toMatchObject({ files: 1, accepted: 2, duplicate: 0, rejected: 1, days: ['2026-04-04'] });
      expect(hits).toBe(1);
      expect(await sourceOf()).toMatchObject({
        last_scan_files: 1,
        last_scan_accepted: 2,
        last_scan_rejected: 1,
        last_scan_error: null,
      });
      await expectEventually(
        async () => {
          const rows = (
            await records({ location_ids: [outletA], epoint_date: { from: '2026-04-04', to: '2026-04-04' } })
          ).data;
          expect(rows.map((row) => row.stock_code).sort()).toEqual(['EPT-PLU-LATTE', 'EPT-PLU-MOCHA']);
          for (const row of rows) expect(row.su_id).toEqual(expect.any(String));
        },
        { timeoutMs: 30_000 },
      );

      // The same body again: fetched, but nothing read (not even as duplicates).
      expect(await scan()).toMatchObject({ files: 0, accepted: 0, duplicate: 0, rejected: 0, days: [] });
      expect(hits).toBe(2);
      expect(await sourceOf()).toMatchObject({ last_scan_files: 0, last_scan_accepted: 0, last_scan_error: null });
      expect(
        (await records({ location_ids: [outletA], epoint_date: { from: '2026-04-04', to: '2026-04-04' } }))
          .recordsTotal,
      ).toBe(2);

      // A changed body read by the recurring job; CSV told by its first character (the content type says nothing).
      const csv = [
        'shift_code,stock_code,quantity,amount,epoint_date,uom',
        'U1,EPT-PLU-LATTE,2,9.00,2026-04-04,CUP',
        'U3,EPT-PLU-LATTE,1,4.50,2026-04-04,CUP',
      ].join('\n');
      answer = (response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(csv);
      const job = await app.get(EpointPullService, { strict: false }).scanAll();
      expect(job.find((result) => result.location_id === outletA)).toMatchObject({
        files: 1,
        accepted: 1,
        duplicate: 1,
        rejected: 0,
        days: ['2026-04-04'],
      });
      await expectEventually(
        async () => {
          const [row] = (await records({ location_ids: [outletA], shift_code: 'U3' })).data;
          expect(row?.su_id).toEqual(expect.any(String));
        },
        { timeoutMs: 30_000 },
      );

      // An error status, a body over 8 MB (declared, or only counted while read) and a closed port are reported.
      answer = (response) => response.writeHead(500).end('POS export failed');
      expect(await scan()).toMatchObject({ files: 0, accepted: 0 });
      expect(await sourceOf()).toMatchObject({ last_scan_error: { code: 'URL_UNREACHABLE', file: null } });
      const tooLarge = Buffer.alloc(8 * 1024 * 1024 + 1, 0x20);
      answer = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end(tooLarge);
      expect(await scan()).toMatchObject({ files: 0, accepted: 0 });
      expect(await sourceOf()).toMatchObject({ last_scan_error: { code: 'FILE_TOO_LARGE', file: 'today.json' } });
      answer = (response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        for (let part = 0; part < 3; part += 1) response.write(Buffer.alloc(3 * 1024 * 1024, 0x20));
        response.end();
      };
      expect(await scan()).toMatchObject({ files: 0, accepted: 0 });
      expect(await sourceOf()).toMatchObject({ last_scan_error: { code: 'FILE_TOO_LARGE', file: 'today.json' } });
      answer = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"records": [');
      expect(await scan()).toMatchObject({ files: 0, accepted: 0 });
      expect(await sourceOf()).toMatchObject({ last_scan_error: { code: 'FILE_UNREADABLE', file: 'today.json' } });

      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/export`;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      expect(
        (await api(fx.admin).put(`pull-folders/${outletA}`, { folder_path: closedUrl, enabled: true })).status,
      ).toBe(200);
      expect(await scan()).toMatchObject({ files: 0, accepted: 0 });
      expect(await sourceOf()).toMatchObject({
        folder_path: closedUrl,
        last_scan_error: { code: 'URL_UNREACHABLE', file: null },
      });
    } finally {
      pos.closeAllConnections();
      await new Promise<void>((resolve) => pos.close(() => resolve()));
    }
  });

  it('queues the posting again of AutoSync lines left pending (their job was never queued)', async () => {
    // Lines stored without a job, as when the queue could not take one at the push.
    await db.transaction((manager) =>
      app.get(PosIngestService, { strict: false }).ingest(manager, {
        location_id: outletB,
        source: 'Epoint AutoSync',
        lines: [
          { ...line({ shift_code: 'ORPHAN', epoint_date: '2026-04-09' }), quantity: '1', amount: '4.50', uom: 'CUP' },
        ],
      }),
    );
    const [orphan] = (await records({ location_ids: [outletB], shift_code: 'ORPHAN' })).data;
    expect(orphan).toMatchObject({ status: 'PENDING', su_id: null });
    expect(await app.get(EpointSyncService, { strict: false }).sweepPending(0)).toBeGreaterThanOrEqual(1);
    await expectEventually(
      async () => {
        const [row] = (await records({ location_ids: [outletB], shift_code: 'ORPHAN' })).data;
        expect(row.su_id).toEqual(expect.any(String));
      },
      { timeoutMs: 30_000 },
    );
  });

  it("lists records for the caller's locations with filters and status counts; SU view is needed", async () => {
    const mine = await records({}, userA);
    expect(mine.recordsTotal).toBeGreaterThan(0);
    expect(new Set(mine.data.map((row) => row.location_id))).toEqual(new Set([outletA]));
    expect((await records({ shift_code: 'S5' }, userA)).data.map((row) => row.stock_code)).toEqual(['EPT-PLU-LATTE']);
    const counts = await api(fx.admin).post('records/status-counts', { other_params: { location_ids: [outletA] } });
    expect(counts.status).toBe(200);
    const total = (counts.body as { data: { status: string | null; count: number }[] }).data.find(
      (count) => count.status === null,
    );
    expect(total?.count).toBe((await records({ location_ids: [outletA] })).recordsTotal);
    const noRight = `Bearer ${await tokenWithPermissions(
      runtime,
      [{ permission: { key: 'SETTING' }, view: true, edit: true, approval: false }],
      { locs: ['*'], sub: randomUUID() },
    )}`;
    expect((await api(noRight).post('records/list', {})).status).toBe(403);
    expect((await api(viewer).post('records/list', {})).status).toBe(200);
  });
});
