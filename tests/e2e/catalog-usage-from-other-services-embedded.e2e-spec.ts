import 'reflect-metadata';
import fs from 'node:fs';
import { CatalogUsageSubjects } from '@scm/contracts';
import type { CatalogUsageChanged } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { EventPublisher } from '@scm/platform';
import { TEST_ADMIN, expectEventually, signInAgent, testConfig } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';

/**
 * Catalog records used by another service's records (a location holding stock, a UOM on a stock balance)
 * refuse archive and delete: catalog learns it from `<service>.catalog-usage.changed`, each event carrying the
 * referencing record's complete set of references and its revision (embedded mode: outbox → in-process).
 */
describe('catalog records used by another service cannot be archived or deleted (embedded mode)', () => {
  let app: NestFastifyApplication;
  let database: TestDatabase;
  let dataDir: string;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let inventoryDb: DataSource;
  let catalogDb: DataSource;
  let uomId: string;

  const LOCATION_IN_USE = 'Location is in use, cannot be deleted or archived';
  const UOM_IN_USE = 'UOM is in use, cannot be deleted or archived';

  beforeAll(async () => {
    const setup = await testConfig();
    database = setup.database;
    dataDir = setup.dataDir;
    ({ app, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
    agent = request.agent(app.getHttpServer());
    await signInAgent(agent, TEST_ADMIN.email, TEST_ADMIN.password);
    inventoryDb = new DataSource({
      type: 'postgres',
      url: database.url,
      schema: 'inventory',
      extra: { options: '-c search_path=inventory' },
    });
    catalogDb = new DataSource({ type: 'postgres', url: database.url, schema: 'catalog' });
    await Promise.all([inventoryDb.initialize(), catalogDb.initialize()]);
  });

  afterAll(async () => {
    await inventoryDb?.destroy();
    await catalogDb?.destroy();
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** What the inventory service does when a stock balance's references change: publish through its outbox. */
  const inventoryPublishes = (change: CatalogUsageChanged): Promise<string> =>
    inventoryDb.transaction(async (manager) => {
      const event = await new EventPublisher('inventory').publish(manager, CatalogUsageSubjects.inventory, change);
      return event.id;
    });

  const stockAt = (revision: number, locationIds: string[]): CatalogUsageChanged => ({
    used_by_type: 'stock_balance',
    used_by_id: 'SKU-1@L1',
    revision,
    targets: [
      ...locationIds.map((id) => ({ target_type: 'location' as const, target_id: id })),
      ...(locationIds.length ? [{ target_type: 'uom' as const, target_id: uomId }] : []),
    ],
  });

  /** Tries to archive; on success reactivates it, so the probe can run again. */
  const archiveOutcome = async (path: string): Promise<string> => {
    const archived = await agent.post(`${path}/archive`);
    if (archived.status === 200) {
      expect((await agent.post(`${path}/reactivate`)).status).toBe(200);
      return 'archived';
    }
    expect(archived.status).toBe(409);
    return archived.body.message as string;
  };

  it('creates a location and a UOM nobody uses yet', async () => {
    const region = await agent.post('/api/catalog/regions').send({ region_name: 'Central' });
    const category = await agent
      .post('/api/catalog/location-categories')
      .send({ category_name: 'Outlet', sub_categories: [] });
    const location = await agent.post('/api/catalog/locations').send({
      location_id: 'L1',
      location_name: 'Orchard outlet',
      is_operating: true,
      category_id: category.body.data.category_id,
      sub_category_id: null,
      region_id: region.body.data.region_id,
      address: '1 Orchard Road',
      country: 'Singapore',
      postal_code: '238801',
      contact_person: [],
      remark: '',
    });
    expect(location.status).toBe(201);
    const uom = await agent
      .post('/api/catalog/uoms')
      .send({ uom_name: 'KG', secondary_uom: 'G', uom_per_primary: '1000' });
    expect(uom.status).toBe(201);
    uomId = uom.body.data.uom_id;
    expect(await archiveOutcome('/api/catalog/locations/L1')).toBe('archived');
  });

  it('refuses archive and delete once inventory says it holds stock there, in both languages', async () => {
    await inventoryPublishes(stockAt(1, ['L1']));
    await expectEventually(async () => expect(await archiveOutcome('/api/catalog/locations/L1')).toBe(LOCATION_IN_USE));
    const deleted = await agent.delete('/api/catalog/locations/L1').set('Accept-Language', 'zh-CN');
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toMatch(/使用/);
    expect((await agent.get('/api/catalog/locations/L1')).body.data.in_use).toBe(true);
    expect(await archiveOutcome(`/api/catalog/uoms/${uomId}`)).toBe(UOM_IN_USE);
  });

  it('releases everything when the stock record names no location any more', async () => {
    await inventoryPublishes(stockAt(3, []));
    await expectEventually(async () => expect(await archiveOutcome('/api/catalog/locations/L1')).toBe('archived'));
    expect(await archiveOutcome(`/api/catalog/uoms/${uomId}`)).toBe('archived');
  });

  it('ignores an older reference set arriving after a newer one', async () => {
    const stale = await inventoryPublishes(stockAt(2, ['L1']));
    await expectEventually(async () => {
      const applied: unknown[] = await catalogDb.query(`SELECT 1 FROM catalog.inbox WHERE event_id = $1`, [stale]);
      expect(applied).toHaveLength(1);
    });
    expect(await archiveOutcome('/api/catalog/locations/L1')).toBe('archived');
  });

  it('refuses a malformed reference set at the producer (unknown target type)', async () => {
    await expect(
      inventoryPublishes({
        ...stockAt(4, []),
        targets: [{ target_type: 'warehouse' as never, target_id: 'X' }],
      }),
    ).rejects.toThrow();
  });
});
