import 'reflect-metadata';
import { CatalogSubjects } from '@scm/contracts';
import type { SkuSnapshot } from '@scm/contracts';
import {
  CreatePlatformTables1763800000000,
  EventConsumer,
  InProcessTransport,
  openServiceDataSource,
} from '@scm/platform';
import {
  CatalogEventFeed,
  createTestDatabase,
  exchangeRateSnapshot,
  locationSnapshot,
  settingsSnapshot,
  skuSnapshot,
  supplierSnapshot,
} from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import type { DataSource } from 'typeorm';
// Not exported by @scm/platform (ServicePlatformModule runs it last for every service): the inbox's positions.
import { EventGuarantees1795640000000 } from '../../../../libs/platform/src/database/event-guarantees.migration.js';
import { CatalogReplicasHandler } from '../../src/replicas/catalog-replicas.handler.js';
import { LocationReplicaRepository } from '../../src/replicas/location-replica.repository.js';
import { RatesReplicaRepository } from '../../src/replicas/rates-replica.repository.js';
import { replicasArea } from '../../src/replicas/replicas.area.js';
import { SkuReplicaRepository, unitFactor } from '../../src/replicas/sku-replica.repository.js';
import { SupplierPriceReplicaRepository } from '../../src/replicas/supplier-price-replica.repository.js';
import { SupplierReplicaRepository } from '../../src/replicas/supplier-replica.repository.js';

/**
 * Procurement's replicas of catalog's suppliers, SKUs (units, supplier prices, default suppliers), locations,
 * GST rates and exchange rates, fed by catalog's events: a newer revision wins whatever the arrival order, a
 * deletion leaves a tombstone an older snapshot cannot lift, and a rebuild replays catalog's history into the
 * same rows.
 */
describe(CatalogReplicasHandler.name, () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let transport: InProcessTransport;
  let consumer: EventConsumer;
  let feed: CatalogEventFeed;
  let sut: CatalogReplicasHandler;
  const suppliers = new SupplierReplicaRepository();
  const skus = new SkuReplicaRepository();
  const prices = new SupplierPriceReplicaRepository();
  const locations = new LocationReplicaRepository();
  const rates = new RatesReplicaRepository();

  const rice = (overrides: Partial<SkuSnapshot> = {}) =>
    skuSnapshot({
      sku_id: 'RICE',
      name: 'Rice',
      purchasing_uom_name: 'BAG',
      uom_list: [
        { uom_name: 'KG', factor: '1', uom_id: null },
        { uom_name: 'BAG', factor: '25', uom_id: null },
      ],
      supplier_list: [
        {
          supplier_id: 'SUP-A',
          prices: [
            {
              uom_name: 'BAG',
              current_price: '40.0000',
              future_price_1: '42.0000',
              future_price_1_date: '2030-01-01',
              future_price_2: '45.0000',
              future_price_2_date: '2030-06-01',
            },
          ],
        },
        {
          supplier_id: 'SUP-B',
          prices: [
            {
              uom_name: 'KG',
              current_price: '1.7000',
              future_price_1: null,
              future_price_1_date: null,
              future_price_2: null,
              future_price_2_date: null,
            },
          ],
        },
      ],
      default_supplier_id: 'SUP-A',
      location_supplier_list: [{ location_id: 'OUT-2', supplier_id: 'SUP-B' }],
      ...overrides,
    });
  const supplierRow = async (id: string) =>
    (
      await dataSource.query<Record<string, unknown>[]>(
        `SELECT company_name, gst_price_type, gst_rate::text AS gst_rate, minimum_order_value::text AS mov, status,
                deleted, revision
           FROM supplier_replica WHERE supplier_id = $1`,
        [id],
      )
    )[0];
  const priceRows = (skuId: string) =>
    dataSource.query<Record<string, unknown>[]>(
      `SELECT supplier_id, uom_name, current_price::text AS current_price FROM sku_supplier_price_replica
        WHERE sku_id = $1 ORDER BY supplier_id, uom_name`,
      [skuId],
    );

  beforeAll(async () => {
    database = await createTestDatabase('scm_procurement_replicas');
    dataSource = await openServiceDataSource({
      url: database.url,
      schema: 'procurement',
      entities: [],
      migrations: [CreatePlatformTables1763800000000, ...replicasArea.migrations, EventGuarantees1795640000000],
    });
    transport = new InProcessTransport();
    feed = new CatalogEventFeed(transport);
    consumer = new EventConsumer(dataSource, 'procurement', transport, { sweepIntervalMs: 60_000 });
    sut = new CatalogReplicasHandler(consumer, suppliers, skus, locations, rates);
    sut.onModuleInit();
    await consumer.start();
  });

  afterAll(async () => {
    await consumer?.stop();
    await transport?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  it('keeps the newest supplier snapshot with its GST price type, rate and minimum order value', async () => {
    const first = supplierSnapshot({ supplier_id: 'SUP-A', company_name: 'Acme v1', revision: 1 });
    const second = supplierSnapshot({
      supplier_id: 'SUP-A',
      company_name: 'Acme',
      gst_price_type: 'inclusive',
      gst_rate: 9,
      minimum_order_value: '150.50',
      revision: 2,
    });
    await feed.publish(CatalogSubjects.SupplierUpserted, second, 'SUP-A');
    // A late copy of revision 1, as if it arrived through another path.
    await suppliers.upsert(dataSource.manager, first);
    expect(await supplierRow('SUP-A')).toEqual({
      company_name: 'Acme',
      gst_price_type: 'inclusive',
      gst_rate: '9.0000',
      mov: '150.5000',
      status: 'active',
      deleted: false,
      revision: 2,
    });
    await feed.publish(
      CatalogSubjects.SupplierUpserted,
      supplierSnapshot({ supplier_id: 'SUP-B', company_name: 'Bravo' }),
      'SUP-B',
    );
  });

  it('keeps a SKU with its units, the supplier price valid on a date and the default supplier per location', async () => {
    await feed.publish(CatalogSubjects.SkuUpserted, rice({ revision: 10 }), 'RICE');
    const sku = await skus.find(dataSource.manager, 'RICE');
    expect(sku).toMatchObject({ purchasing_uom_name: 'BAG', default_supplier_id: 'SUP-A', deleted: false });
    expect(unitFactor(sku!, 'BAG')).toBe('25');
    expect(unitFactor(sku!, 'CRATE')).toBeNull();
    const bag = { sku_id: 'RICE', supplier_id: 'SUP-A', uom_name: 'BAG' };
    const priceOn = async (date: string) => (await prices.priceOn(dataSource.manager, bag, date))?.unit_price;
    expect(await priceOn('2029-12-31')).toBe('40.0000');
    expect(await priceOn('2030-01-01')).toBe('42.0000');
    expect(await priceOn('2030-06-01')).toBe('45.0000');
    expect(await prices.priceOn(dataSource.manager, { ...bag, uom_name: 'KG' }, '2030-01-01')).toBeNull();
    expect(await prices.defaultSupplier(dataSource.manager, 'RICE', 'OUT-1')).toBe('SUP-A');
    expect(await prices.defaultSupplier(dataSource.manager, 'RICE', 'OUT-2')).toBe('SUP-B');
    // An older snapshot (without SUP-B) changes neither the SKU nor its prices.
    await skus.upsert(dataSource.manager, rice({ name: 'Old rice', supplier_list: [], revision: 9 }));
    expect((await skus.find(dataSource.manager, 'RICE'))?.name).toBe('Rice');
    expect(await priceRows('RICE')).toEqual([
      { supplier_id: 'SUP-A', uom_name: 'BAG', current_price: '40.0000' },
      { supplier_id: 'SUP-B', uom_name: 'KG', current_price: '1.7000' },
    ]);
    // A newer one replaces the prices and location suppliers whole.
    await feed.publish(
      CatalogSubjects.SkuUpserted,
      rice({ supplier_list: [rice().supplier_list[0]], location_supplier_list: [], revision: 11 }),
      'RICE',
    );
    expect(await priceRows('RICE')).toEqual([{ supplier_id: 'SUP-A', uom_name: 'BAG', current_price: '40.0000' }]);
    expect(await prices.defaultSupplier(dataSource.manager, 'RICE', 'OUT-2')).toBe('SUP-A');
  });

  it('leaves tombstones on deletion that an older snapshot cannot lift, and drops a deleted SKU prices', async () => {
    await feed.publish(CatalogSubjects.SkuDeleted, { sku_id: 'RICE', revision: 12 }, 'RICE');
    await skus.upsert(dataSource.manager, rice({ revision: 11 }));
    expect(await skus.find(dataSource.manager, 'RICE')).toMatchObject({ deleted: true, revision: 12 });
    expect(await priceRows('RICE')).toEqual([]);
    expect(await prices.defaultSupplier(dataSource.manager, 'RICE', 'OUT-1')).toBeNull();
    // Created again under the same id, a newer revision comes back.
    await feed.publish(CatalogSubjects.SkuUpserted, rice({ name: 'Rice again', revision: 13 }), 'RICE');
    expect(await skus.find(dataSource.manager, 'RICE')).toMatchObject({ name: 'Rice again', deleted: false });
    expect(await priceRows('RICE')).toHaveLength(2);

    await feed.publish(CatalogSubjects.SupplierDeleted, { supplier_id: 'SUP-B', revision: 1_000 }, 'SUP-B');
    await suppliers.upsert(
      dataSource.manager,
      supplierSnapshot({ supplier_id: 'SUP-B', company_name: 'Late Bravo', revision: 999 }),
    );
    expect(await supplierRow('SUP-B')).toMatchObject({ company_name: 'Bravo', deleted: true, revision: 1_000 });

    const outlet = { ...locationSnapshot('OUT-1', 'Outlet one'), revision: 1 };
    await feed.publish(CatalogSubjects.LocationUpserted, outlet, 'OUT-1');
    await feed.publish(
      CatalogSubjects.LocationUpserted,
      { ...outlet, location_name: 'Outlet 1', revision: 2 },
      'OUT-1',
    );
    expect(await locations.find(dataSource.manager, 'OUT-1')).toMatchObject({ location_name: 'Outlet 1' });
    await feed.publish(
      CatalogSubjects.LocationUpserted,
      { ...locationSnapshot('OUT-2', 'Outlet two'), revision: 1 },
      'OUT-2',
    );
    await feed.publish(CatalogSubjects.LocationDeleted, { location_id: 'OUT-2', revision: 2 }, 'OUT-2');
    expect(await locations.find(dataSource.manager, 'OUT-2')).toMatchObject({ deleted: true, revision: 2 });
  });

  it('keeps the GST rate options and the exchange rate in effect on a date', async () => {
    await feed.publish(CatalogSubjects.SettingsUpdated, settingsSnapshot({ revision: 5 }), 'company');
    await rates.upsertSettings(dataSource.manager, settingsSnapshot({ default_gst_rate: '7.00', revision: 4 }));
    const gst = await rates.gstRates(dataSource.manager);
    expect(gst.default_gst_rate).toBe('9.00');
    expect(gst.gst_rates.map((option) => option.rate)).toEqual(['0.00', '7.00', '8.00', '9.00']);

    const january = exchangeRateSnapshot({ currency: 'SGD', effective_date: '2030-01-01', rate: '1.35' });
    const march = exchangeRateSnapshot({ currency: 'SGD', effective_date: '2030-03-01', rate: '1.30' });
    for (const rate of [january, march]) {
      await feed.publish(CatalogSubjects.ExchangeRateUpserted, rate, rate.exchange_rate_id);
    }
    expect(await rates.rateOn(dataSource.manager, 'SGD', '2029-12-31')).toBeNull();
    expect(await rates.rateOn(dataSource.manager, 'SGD', '2030-02-15')).toBe('1.350000');
    expect(await rates.rateOn(dataSource.manager, 'SGD', '2030-03-01')).toBe('1.300000');
    expect(await rates.rateOn(dataSource.manager, 'USD', '2030-03-01')).toBe('1');
    await feed.publish(
      CatalogSubjects.ExchangeRateDeleted,
      { exchange_rate_id: march.exchange_rate_id, currency: 'SGD', effective_date: '2030-03-01', revision: 1_000 },
      march.exchange_rate_id,
    );
    expect(await rates.rateOn(dataSource.manager, 'SGD', '2030-03-01')).toBe('1.350000');
  });

  it('rebuilds every replica from catalog history into the same rows', async () => {
    const snapshot = () =>
      dataSource.query(
        `SELECT 'supplier' AS kind, supplier_id AS id, revision, deleted FROM supplier_replica
         UNION ALL SELECT 'sku', sku_id, revision, deleted FROM sku_replica
         UNION ALL SELECT 'price', sku_id || '/' || supplier_id || '/' || uom_name || '=' || current_price, 0, false
                     FROM sku_supplier_price_replica
         UNION ALL SELECT 'location-supplier', sku_id || '/' || location_id || '=' || supplier_id, 0, false
                     FROM sku_location_supplier_replica
         UNION ALL SELECT 'location', location_id, revision, deleted FROM location_replica
         UNION ALL SELECT 'rate', currency || '@' || effective_date || '=' || rate, revision, deleted
                     FROM exchange_rate_replica
         UNION ALL SELECT 'settings', settings_id || '=' || default_gst_rate, revision, deleted
                     FROM company_settings_replica
         ORDER BY 1, 2`,
      );
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(8);
    // Something the history does not hold (written behind the consumer's back) disappears with the rebuild.
    await suppliers.upsert(dataSource.manager, supplierSnapshot({ supplier_id: 'STRAY', company_name: 'Stray' }));
    await sut.rebuild();
    expect(await snapshot()).toEqual(before);
  });
});
