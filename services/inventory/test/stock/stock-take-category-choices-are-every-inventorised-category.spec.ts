import 'reflect-metadata';
import { inTransaction } from '@scm/platform';
import { StockQueries } from '../../src/stock/stock-queries.service.js';
import { StockReader } from '../../src/stock/stock-reader.js';
import { ItemCategoryReplicaRepository } from '../../src/replicas/item-category-replica.repository.js';
import type { LedgerFixture } from '../ledger/ledger-fixture.js';
import { openLedger, productSnapshot, skuSnapshot } from '../ledger/ledger-fixture.js';

const BULK = '00000000-0000-4000-8000-00000000c001';
const LATE = '00000000-0000-4000-8000-00000000c002';
const NOT_INVENTORISED = '00000000-0000-4000-8000-00000000c003';
const ARCHIVED_ONLY = '00000000-0000-4000-8000-00000000c004';
const UNNAMED = '00000000-0000-4000-8000-00000000c005';
const PRODUCTS = '00000000-0000-4000-8000-00000000c006';
const DELETED = '00000000-0000-4000-8000-00000000c007';

/**
 * The category choices of a new stock take (`GET /api/inventory/items/categories`) are every category of the
 * inventorised items in the replica, from one query: not the categories of the first 1,000 items the item search
 * answers. 1,500 items of one category come first by name; the one item of another category comes after them.
 */
describe(`${StockQueries.name}.itemCategories`, () => {
  let fixture: LedgerFixture;
  let sut: StockQueries;

  beforeAll(async () => {
    fixture = await openLedger('scm_stock_categories');
    sut = new StockQueries(fixture.dataSource, new StockReader());
    const categories = new ItemCategoryReplicaRepository();
    await inTransaction(fixture.dataSource, async (manager) => {
      const skuCategory = (category_id: string, category_name: string, revision = 1) =>
        categories.upsertSkuCategory(manager, {
          category_id,
          category_name,
          sub_categories: [],
          status: 'active',
          revision,
        } as never);
      await skuCategory(BULK, 'Aaa bulk');
      await skuCategory(LATE, 'Zzz late');
      await skuCategory(NOT_INVENTORISED, 'Napkins');
      await skuCategory(ARCHIVED_ONLY, 'Old stock');
      await skuCategory(DELETED, 'Gone');
      await categories.markSkuCategoryDeleted(manager, { category_id: DELETED, revision: 2 });
      await categories.upsertItemCategory(manager, {
        kind: 'product',
        category_id: PRODUCTS,
        category_name: 'Jewellery',
        status: 'active',
        revision: 1,
      } as never);
      // 1,500 inventorised SKUs of one category, named before everything else.
      await manager.query(
        `INSERT INTO item_replica (item_type, item_id, item_name, category_id, primary_uom_name, counting_uom_name,
           uom_list, is_inventorise, status, revision, last_updated_time)
         SELECT 'sku', 'BULK-' || lpad(n::text, 5, '0'), 'A ' || lpad(n::text, 5, '0'), $1::uuid, 'KG', 'KG',
                '[{"uom_name":"KG","factor":"1"}]'::jsonb, true, 'active', 1, now()
           FROM generate_series(1, 1500) AS n`,
        [BULK],
      );
      await fixture.items.upsertSku(manager, skuSnapshot({ sku_id: 'LATE', name: 'Zz last', category_id: LATE }));
      await fixture.items.upsertSku(
        manager,
        skuSnapshot({ sku_id: 'NAPKIN', name: 'Napkin', category_id: NOT_INVENTORISED, is_inventorise: false }),
      );
      await fixture.items.upsertSku(
        manager,
        skuSnapshot({ sku_id: 'OLD', name: 'Old', category_id: ARCHIVED_ONLY, status: 'archived' }),
      );
      await fixture.items.upsertSku(manager, skuSnapshot({ sku_id: 'GONE', name: 'Gone', category_id: DELETED }));
      // A category whose snapshot has not arrived yet: still a choice, named by its id.
      await fixture.items.upsertSku(manager, skuSnapshot({ sku_id: 'NEW', name: 'New', category_id: UNNAMED }));
      await fixture.items.upsertProduct(manager, { ...productSnapshot('RING-1', 'Ring'), category_id: PRODUCTS });
    });
  });

  afterAll(() => fixture?.close());

  it('answers every category of the inventorised items, by name, however many items come first', async () => {
    expect(await sut.itemCategories()).toEqual([
      { item_type: 'sku', category_id: UNNAMED, category_name: UNNAMED },
      { item_type: 'sku', category_id: BULK, category_name: 'Aaa bulk' },
      { item_type: 'product', category_id: PRODUCTS, category_name: 'Jewellery' },
      { item_type: 'sku', category_id: LATE, category_name: 'Zzz late' },
    ]);
  });
});
