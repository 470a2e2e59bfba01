import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { StockPostingRequest } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { AppException, inTransaction, retryOnConflict } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  expectEventually,
  permission,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { StockLedger } from '../../services/inventory/src/ledger/stock-ledger.js';
import { seedLedgerCatalog } from '../../services/inventory/test/ledger/ledger-catalog-seed.js';
import {
  expectLedgerConsistent,
  ledgerWorkload,
  postingEnvelope,
} from '../../services/inventory/test/ledger/ledger-workload.js';

/**
 * The stock ledger in the embedded product: its replicas learn SKUs and locations from catalog's API through
 * catalog's events; 20 concurrent posters post directly (as inventory's documents do) and through other
 * services' posting-request events delivered in-process, each twice and once more under a new event id; the
 * ledger's invariants hold afterwards, catalog refuses to archive a location holding stock, a replica rebuild
 * changes nothing, and the period lock is set through /api/inventory/settings with optimistic revisions.
 */
describe('stock ledger: concurrent postings, replicas and settings (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let inventoryDb: DataSource;
  let ledger: StockLedger;

  const post = (posting: StockPostingRequest) =>
    retryOnConflict(
      () => inTransaction(inventoryDb, (manager) => ledger.post(manager, posting, { id: null, name: 'e2e' })),
      { attempts: 8 },
    );

  beforeAll(async () => {
    let catalogDb: DataSource;
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
    const url = (catalogDb.options as { url: string }).url;
    inventoryDb = new DataSource({
      type: 'postgres',
      url,
      schema: 'inventory',
      poolSize: 12,
      extra: { options: '-c search_path=inventory' },
    });
    await inventoryDb.initialize();
    ledger = app.get(StockLedger, { strict: false });
    await seedLedgerCatalog(async (path, body) => {
      const response = await agent.post(path).send(body as object);
      if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.data as Record<string, string>;
    });
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await inventoryDb?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  it("replicates catalog's SKUs (with their units) and locations", async () => {
    await expectEventually(async () => {
      const items = await inventoryDb.query(
        `SELECT item_id, item_name, primary_uom_name, uom_list FROM item_replica ORDER BY item_id`,
      );
      expect(items).toEqual([
        {
          item_id: 'HOT1',
          item_name: 'Hot flour',
          primary_uom_name: 'KG',
          uom_list: [
            { uom_name: 'KG', factor: '1.000000' },
            { uom_name: 'BAG', factor: '25.000000' },
          ],
        },
        {
          item_id: 'HOT2',
          item_name: 'Hot cups',
          primary_uom_name: 'PCS',
          uom_list: [{ uom_name: 'PCS', factor: '1.000000' }],
        },
        {
          item_id: 'HOT3',
          item_name: 'Hot oil',
          primary_uom_name: 'L',
          uom_list: [
            { uom_name: 'L', factor: '1.000000' },
            { uom_name: 'BOTTLE', factor: '0.750000' },
          ],
        },
      ]);
      const locations = await inventoryDb.query(
        `SELECT l.location_id, l.location_name, r.region_name FROM location_replica l
           JOIN region_replica r ON r.region_id = l.region_id ORDER BY l.location_id`,
      );
      expect(locations).toEqual([
        { location_id: 'L1', location_name: 'Outlet One', region_name: 'Ledger region' },
        { location_id: 'L2', location_name: 'Outlet Two', region_name: 'Ledger region' },
      ]);
    });
  });

  it('keeps balance = movements = layers under 20 concurrent posters and redelivered posting requests', async () => {
    const outcome = await ledgerWorkload({
      posters: 20,
      postingsPerPoster: 6,
      seed: 7,
      direct: post,
      viaEvent: async (subject, posting) => {
        const envelope = postingEnvelope(subject, posting);
        const copy = { ...envelope, id: randomUUID(), sequence: 2 };
        await Promise.allSettled([
          runtime.transport.publish(envelope),
          runtime.transport.publish(envelope),
          runtime.transport.publish(copy),
        ]);
      },
      openBatches: (itemId, locationId) =>
        inventoryDb.query(
          `SELECT batch_id, remaining_quantity::text AS remaining_quantity FROM stock_batch
            WHERE item_type = 'sku' AND item_id = $1 AND location_id = $2 AND remaining_quantity > 0 ORDER BY seq`,
          [itemId, locationId],
        ),
      isRefusal: (error) => error instanceof AppException,
    });
    expect(outcome.unexpected).toEqual([]);
    expect(outcome.posted).toBeGreaterThan(30);
    await expectLedgerConsistent({ dataSource: inventoryDb }, outcome.eventDocuments);
  }, 120_000);

  it('tells catalog that a location holding stock is in use: its archive is refused', async () => {
    const [held] = await inventoryDb.query<{ location_id: string }[]>(
      `SELECT location_id FROM stock_balance ORDER BY location_id LIMIT 1`,
    );
    await expectEventually(async () => {
      const archived = await agent.post(`/api/catalog/locations/${held.location_id}/archive`);
      expect(archived.status).toBe(409);
    });
  });

  it('rebuilds the replicas by replay without posting anything twice', async () => {
    const count = async () =>
      (
        await inventoryDb.query<Record<string, string>[]>(
          `SELECT (SELECT count(*) FROM stock_posting)::text AS postings,
                  (SELECT count(*) FROM stock_movement)::text AS movements,
                  (SELECT count(*) FROM item_replica WHERE NOT deleted)::text AS items,
                  (SELECT count(*) FROM location_replica WHERE NOT deleted)::text AS locations`,
        )
      )[0];
    const before = await count();
    const rebuilt = await agent.post('/api/inventory/replicas/rebuild');
    expect(rebuilt.status).toBe(200);
    expect(await count()).toEqual(before);
    expect(before).toMatchObject({ items: '3', locations: '2' });
  });

  it('sets the period lock with optimistic revisions, and postings on or before it are refused', async () => {
    const read = await agent.get('/api/inventory/settings');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ period_lock_date: null, revision: 0 });
    const set = await agent.put('/api/inventory/settings').send({ period_lock_date: '2026-03-01', revision: 0 });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ period_lock_date: '2026-03-01', revision: 1 });
    const stale = await agent.put('/api/inventory/settings').send({ period_lock_date: null, revision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The record was changed by someone else. Please reload and try again');

    const viewer = await tokenWithPermissions(runtime, [permission('SETTING', true, false)]);
    const server = app.getHttpServer();
    expect((await request(server).get('/api/inventory/settings').set('Authorization', `Bearer ${viewer}`)).status).toBe(
      200,
    );
    const refused = await request(server)
      .put('/api/inventory/settings')
      .set('Authorization', `Bearer ${viewer}`)
      .send({ period_lock_date: null, revision: 1 });
    expect(refused.status).toBe(403);

    await expect(
      post({
        document_type: 'SA',
        document_id: 'LOCKED-1',
        document_no: 'SA-L1-LOCKED',
        revision: 1,
        value_date: '2026-03-01',
        lines: [{ line_no: 1, item_type: 'sku', item_id: 'HOT1', location_id: 'L1', quantity: '1', unit_cost: '1' }],
      }),
    ).rejects.toMatchObject({ code: 'INVENTORY_PERIOD_LOCKED' });
  });
});
