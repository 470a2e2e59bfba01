import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { CatalogSubjects } from '@scm/contracts';
import type { CustomerSnapshot, EventEnvelope, Subject } from '@scm/contracts';
import { EventConsumer, InProcessTransport } from '@scm/platform';
import { CatalogEventFeed } from '@scm/testing';
import { CatalogReplicasHandler } from '../../src/replicas/catalog-replicas.handler.js';
import { CustomerReplicaRepository } from '../../src/replicas/customer-replica.repository.js';
import { ItemCategoryReplicaRepository } from '../../src/replicas/item-category-replica.repository.js';
import { RecipeReplicaRepository } from '../../src/replicas/recipe-replica.repository.js';
import { stockTransferArea } from '../../src/stock-transfer/stock-transfer.area.js';
import type { LedgerFixture } from '../ledger/ledger-fixture.js';
import { locationSnapshot, openLedger, productSnapshot, skuSnapshot } from '../ledger/ledger-fixture.js';

/**
 * The ledger's replicas of catalog's items, categories, locations and regions, fed by catalog's events: a newer
 * revision wins whatever the arrival order, a deletion leaves a tombstone, products are one-piece items keyed
 * by their code, only product categories among the item-category kinds are kept, customers keep their default
 * shipping address, and a rebuild replays catalog's history into empty replicas.
 */
describe(CatalogReplicasHandler.name, () => {
  let fixture: LedgerFixture;
  let transport: InProcessTransport;
  let consumer: EventConsumer;
  let sut: CatalogReplicasHandler;
  let sutCustomers: CustomerReplicaRepository;
  let feed: CatalogEventFeed;
  const publish = <S extends Subject>(subject: S, data: EventEnvelope<S>['data'], key: string) =>
    feed.publish(subject, data, key);
  const item = async (itemType: string, itemId: string) =>
    (
      await fixture.dataSource.query<Record<string, unknown>[]>(
        `SELECT item_name, primary_uom_name, counting_uom_name, uom_list, threshold::text AS threshold, is_inventorise,
                status, deleted, revision
           FROM item_replica WHERE item_type = $1 AND item_id = $2`,
        [itemType, itemId],
      )
    )[0];

  beforeAll(async () => {
    // With the stock releases' migrations: the customer replica's table came with them.
    fixture = await openLedger('scm_inventory_replicas', 10, stockTransferArea.migrations);
    transport = new InProcessTransport();
    // Catalog's events and retained history, as its relay would publish and serve them.
    feed = new CatalogEventFeed(transport);
    consumer = new EventConsumer(fixture.dataSource, 'inventory', transport, { sweepIntervalMs: 60_000 });
    sutCustomers = new CustomerReplicaRepository();
    sut = new CatalogReplicasHandler(
      consumer,
      fixture.items,
      new ItemCategoryReplicaRepository(),
      fixture.locations,
      new RecipeReplicaRepository(),
      sutCustomers,
    );
    sut.onModuleInit();
    await consumer.start();
  });

  afterAll(async () => {
    await consumer?.stop();
    await transport?.close();
    await fixture?.close();
  });

  it('keeps the newest SKU snapshot with its units, whatever the arrival order', async () => {
    const units = [
      { uom_name: 'KG', factor: '1', uom_id: null },
      { uom_name: 'BAG', factor: '25', uom_id: null },
    ];
    const second = skuSnapshot({ sku_id: 'RICE', name: 'Rice v2', uom_list: units, threshold: '12.5', revision: 2 });
    const first = skuSnapshot({ sku_id: 'RICE', name: 'Rice v1', revision: 1 });
    await publish(CatalogSubjects.SkuUpserted, second, 'RICE');
    // A late copy of revision 1 (its own sequence made up as if it arrived late through another path).
    await fixture.items.upsertSku(fixture.dataSource.manager, first);
    expect(await item('sku', 'RICE')).toEqual({
      item_name: 'Rice v2',
      primary_uom_name: 'KG',
      counting_uom_name: 'KG',
      uom_list: [
        { uom_name: 'KG', factor: '1' },
        { uom_name: 'BAG', factor: '25' },
      ],
      threshold: '12.500',
      is_inventorise: true,
      status: 'active',
      deleted: false,
      revision: 2,
    });
  });

  it('lists the inventorised, live items of some categories for a stock take', async () => {
    const category = '00000000-0000-4000-8000-0000000000e1';
    for (const sku of [
      skuSnapshot({ sku_id: 'CAT-A', name: 'Beans', category_id: category }),
      skuSnapshot({ sku_id: 'CAT-B', name: 'Almonds', category_id: category }),
      skuSnapshot({ sku_id: 'CAT-C', name: 'Bags', category_id: category, is_inventorise: false }),
      skuSnapshot({ sku_id: 'CAT-D', name: 'Old beans', category_id: category, status: 'archived' }),
      skuSnapshot({ sku_id: 'CAT-E', name: 'Other', category_id: '00000000-0000-4000-8000-0000000000e2' }),
    ]) {
      await publish(CatalogSubjects.SkuUpserted, sku, sku.sku_id);
    }
    const found = await fixture.items.inCategories(fixture.dataSource.manager, 'sku', [category]);
    expect(found.map((row) => [row.item_id, row.item_name])).toEqual([
      ['CAT-B', 'Almonds'],
      ['CAT-A', 'Beans'],
    ]);
  });

  it('leaves a tombstone on deletion that an older upsert cannot lift', async () => {
    await publish(CatalogSubjects.SkuDeleted, { sku_id: 'RICE', revision: 3 }, 'RICE');
    await fixture.items.upsertSku(
      fixture.dataSource.manager,
      skuSnapshot({ sku_id: 'RICE', name: 'Rice v2', revision: 2 }),
    );
    expect(await item('sku', 'RICE')).toMatchObject({ item_name: 'Rice v2', deleted: true, revision: 3 });
    // A SKU created again under the same id comes back with its newer revision.
    await publish(
      CatalogSubjects.SkuUpserted,
      skuSnapshot({ sku_id: 'RICE', name: 'Rice again', revision: 4 }),
      'RICE',
    );
    expect(await item('sku', 'RICE')).toMatchObject({ item_name: 'Rice again', deleted: false, revision: 4 });
  });

  it('keeps a product as one piece keyed by its code, and only product categories', async () => {
    const product = { ...productSnapshot('RJ-001', 'Jade ring'), revision: 1 };
    await publish(CatalogSubjects.ProductUpserted, product, product.product_id);
    expect(await item('product', 'RJ-001')).toEqual({
      item_name: 'Jade ring',
      primary_uom_name: 'PCS',
      counting_uom_name: 'PCS',
      uom_list: [{ uom_name: 'PCS', factor: '1' }],
      threshold: '0.000',
      is_inventorise: true,
      status: 'active',
      deleted: false,
      revision: 1,
    });
    const productCategory = randomUUID();
    const pluCategory = randomUUID();
    const category = (id: string, kind: 'product' | 'plu') => ({
      category_id: id,
      kind,
      category_name: `${kind} things`,
      status: 'active' as const,
      revision: 1,
      last_updated_time: new Date().toISOString(),
    });
    await publish(
      CatalogSubjects.ItemCategoryUpserted,
      category(productCategory, 'product'),
      `product/${productCategory}`,
    );
    await publish(CatalogSubjects.ItemCategoryUpserted, category(pluCategory, 'plu'), `plu/${pluCategory}`);
    const skuCategory = randomUUID();
    await publish(
      CatalogSubjects.SkuCategoryUpserted,
      {
        category_id: skuCategory,
        category_name: 'Grains',
        sub_categories: [{ sub_category_id: randomUUID(), sub_category_name: 'Rice' }],
        status: 'active',
        revision: 1,
        last_updated_time: new Date().toISOString(),
      },
      skuCategory,
    );
    const categories = await fixture.dataSource.query<{ item_type: string; category_name: string }[]>(
      `SELECT item_type, category_name FROM item_category_replica ORDER BY item_type`,
    );
    expect(categories).toEqual([
      { item_type: 'product', category_name: 'product things' },
      { item_type: 'sku', category_name: 'Grains' },
    ]);
    await publish(
      CatalogSubjects.ProductDeleted,
      { product_id: product.product_id, product_code: 'RJ-001', revision: 2 },
      product.product_id,
    );
    expect(await item('product', 'RJ-001')).toMatchObject({ deleted: true, revision: 2 });
  });

  it('keeps locations with their region, and finds them by id', async () => {
    const region = {
      region_id: '00000000-0000-4000-8000-0000000000b1',
      region_name: 'West',
      remark: '',
      status: 'active' as const,
      revision: 1,
      last_updated_time: new Date().toISOString(),
    };
    await publish(CatalogSubjects.RegionUpserted, region, region.region_id);
    const outlet = { ...locationSnapshot('OUT-1', 'Outlet one'), revision: 1 };
    await publish(CatalogSubjects.LocationUpserted, outlet, 'OUT-1');
    await publish(
      CatalogSubjects.LocationUpserted,
      { ...outlet, location_name: 'Outlet one (renamed)', revision: 2 },
      'OUT-1',
    );
    expect(await fixture.locations.find(fixture.dataSource.manager, 'OUT-1')).toEqual({
      location_id: 'OUT-1',
      location_name: 'Outlet one (renamed)',
      region_id: region.region_id,
      region_name: 'West',
      is_operating: true,
      status: 'active',
      deleted: false,
      revision: 2,
    });
  });

  it('keeps customers with their default shipping address, and tombstones the deleted', async () => {
    const customer = (code: string, name: string, revision: number): CustomerSnapshot => ({
      customer_code: code,
      customer_name: name,
      salutation: '',
      chinese_name: '',
      gender: '',
      email: `${code.toLowerCase()}@example.com`,
      primary_contact_no: '+65 6000 0000',
      secondary_contact_no: '',
      birthday: null,
      wedding_anniversary: null,
      mailing_list: false,
      contact_mode: '',
      occupation: '',
      company: '',
      department: '',
      tags: [],
      address_list: [
        { address_type: 'billing', address: '1 Bill St', country: 'SG', postal_code: '100001', is_default: true },
        { address_type: 'shipping', address: '2 Ship Rd', country: 'SG', postal_code: '200002', is_default: true },
      ],
      transaction_count: 0,
      total_spending: '0.00',
      status: 'active',
      revision,
      last_updated_time: new Date().toISOString(),
    });
    await publish(CatalogSubjects.CustomerUpserted, customer('C-1', 'Jade House', 1), 'C-1');
    await publish(CatalogSubjects.CustomerUpserted, customer('C-2', 'Gone Ltd', 1), 'C-2');
    await publish(CatalogSubjects.CustomerDeleted, { customer_code: 'C-2', revision: 2 }, 'C-2');
    expect(await sutCustomers.find(fixture.dataSource.manager, 'C-1')).toMatchObject({
      customer_name: 'Jade House',
      address: '2 Ship Rd, SG, 200002',
      deleted: false,
    });
    expect(await sutCustomers.find(fixture.dataSource.manager, 'C-2')).toMatchObject({ deleted: true });
    expect((await sutCustomers.options(fixture.dataSource.manager, '')).map((option) => option.customer_id)).toEqual([
      'C-1',
    ]);
  });

  it('rebuilds the replicas from catalog history into the same state', async () => {
    const snapshot = async () =>
      fixture.dataSource.query(
        `SELECT 'item' AS kind, item_type || ':' || item_id AS id, revision, deleted FROM item_replica
         UNION ALL SELECT 'category', item_type || ':' || category_id, revision, deleted FROM item_category_replica
         UNION ALL SELECT 'location', location_id, revision, deleted FROM location_replica
         UNION ALL SELECT 'region', region_id::text, revision, deleted FROM region_replica
         UNION ALL SELECT 'customer', customer_id, revision, deleted FROM release_customer_replica
         ORDER BY 1, 2`,
      );
    const before = await snapshot();
    // Something the history does not hold (written behind the consumer's back) disappears with the rebuild.
    await fixture.items.upsertSku(fixture.dataSource.manager, skuSnapshot({ sku_id: 'STRAY', name: 'Stray' }));
    await fixture.dataSource.query(
      `INSERT INTO release_customer_replica (customer_id, customer_name, status, revision) VALUES ('STRAY', 'Stray', 'active', 1)`,
    );
    await sut.rebuild();
    expect(await snapshot()).toEqual(before);
  });
});
