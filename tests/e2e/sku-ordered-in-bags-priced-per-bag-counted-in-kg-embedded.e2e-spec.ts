import 'reflect-metadata';
import { fromPrimary, toPrimary } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { fieldErrors, startCatalogSuite } from '@scm/testing';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * The units a buyer understands (docs/units-of-measure.md), through the gateway: say once "1 BAG = 25 KG" and
 * "1 CARTON = 24 PCS", then a SKU kept in KG, ordered and received in BAG, counted in KG, priced per BAG; its
 * units, factors and prices read back by their real names, convert both ways exactly, and reach the SKU's
 * event snapshot. A unit no record links to the primary unit needs its factor (no chains); a pack of the SKU's
 * own overrides the record.
 */
describe('a SKU ordered in bags, priced per bag, counted in kg (embedded mode)', () => {
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;
  let categoryId: string;

  beforeAll(async () => {
    ({ agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  });

  afterAll(() => close?.());

  const sku = (overrides: Record<string, unknown>) => ({
    sku_id: 'RICE',
    name: 'Jasmine rice',
    display_name: 'Jasmine rice',
    alternate_display_name_list: [],
    category_id: categoryId,
    primary_uom_name: 'KG',
    purchasing_uom_name: 'BAG',
    receiving_uom_name: 'BAG',
    counting_uom_name: 'KG',
    uom_list: [{ uom_name: 'KG' }, { uom_name: 'BAG' }],
    supplier_list: ['MILL'],
    default_supplier_id: 'MILL',
    threshold: '0',
    is_inventorise: true,
    default_wastage_percentage: '0',
    hashtag_list: [],
    ...overrides,
  });

  it('creates the units once: 1 BAG = 25 KG, 1 CARTON = 24 PCS, 1 KG = 1000 G', async () => {
    for (const [uom_name, secondary_uom, uom_per_primary] of [
      ['KG', 'BAG', '25'],
      ['PCS', 'CARTON', '24'],
      ['G', 'KG', '1000'],
    ]) {
      const created = await agent.post('/api/catalog/uoms').send({ uom_name, secondary_uom, uom_per_primary });
      expect(created.status).toBe(201);
    }
    const options = await agent.get('/api/catalog/sku-options');
    expect(options.body.data.units).toEqual(['BAG', 'CARTON', 'G', 'KG', 'PCS']);

    const supplierCategory = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Mills' });
    const supplier = await agent.post('/api/catalog/suppliers').send({
      supplier_id: 'MILL',
      company_name: 'Rice Mill',
      credit_term_in_days: 30,
      contact_name: 'Alice',
      contact_no: '91234567',
      address: '1 Jurong Road',
      postal_code: '600001',
      country: 'Singapore',
      minimum_order_value: '0',
      category_id: supplierCategory.body.data.category_id,
      gst_price_type: 'exclusive',
      gst_rate: 9,
      tax_rate: 9,
      tax_type: 'GST',
      hashtag_list: [],
    });
    expect(supplier.status).toBe(201);
    categoryId = (await agent.post('/api/catalog/sku-categories').send({ category_name: 'Dry goods' })).body.data
      .category_id as string;
  });

  it('creates a SKU kept in KG, bought in BAG: the factor comes from the UOM record', async () => {
    const created = await agent.post('/api/catalog/skus').send(sku({}));
    expect(created.status).toBe(201);
    const read = await agent.get('/api/catalog/skus/RICE');
    expect(read.body.data).toMatchObject({
      primary_uom_name: 'KG',
      purchasing_uom_name: 'BAG',
      receiving_uom_name: 'BAG',
      counting_uom_name: 'KG',
      uom_list: [
        { uom_name: 'KG', factor: '1.000000', uom_id: null },
        { uom_name: 'BAG', factor: '25.000000', uom_id: expect.any(String) },
      ],
    });
    expect(read.body.data).not.toHaveProperty('primary_uom_id');
  });

  it('prices it per BAG and reads the price back per BAG and per KG', async () => {
    const saved = await agent.put('/api/catalog/supplier-prices').send({
      sku_id: 'RICE',
      supplier_id: 'MILL',
      uom_name: 'bag',
      current_price: '50',
      future_price_1: null,
      future_price_1_date: null,
      future_price_2: null,
      future_price_2_date: null,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      uom_name: 'BAG',
      factor: '25.000000',
      primary_uom_name: 'KG',
      current_price: '50.0000',
    });
    const one = await agent.get('/api/catalog/supplier-prices/RICE/MILL/BAG');
    expect(one.body.data).toMatchObject({ uom_name: 'BAG', current_price: '50.0000' });

    const read = await agent.get('/api/catalog/skus/RICE');
    expect(read.body.data.price_per_uom).toEqual([
      {
        supplier_id: 'MILL',
        company_name: 'Rice Mill',
        uom_name: 'BAG',
        factor: '25.000000',
        current_price: '50.0000',
        price_per_primary_uom: '2.0000',
      },
    ]);
  });

  it('converts an order in BAG to the KG it is counted in and back, exactly', () => {
    // What the ledger, procurement and stock take do with the SKU's factor (libs/contracts units.ts).
    expect(toPrimary('3', '25.000000')).toBe('75.000');
    expect(fromPrimary('75.000', '25.000000')).toBe('3.000');
    expect(fromPrimary('60', '25.000000')).toBe('2.400');
  });

  it("carries every unit's name and factor in the SKU's event snapshot", async () => {
    const events: { envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT envelope FROM catalog.outbox WHERE subject = 'catalog.sku.upserted' ORDER BY id DESC LIMIT 1`,
    );
    expect(events[0].envelope.data).toMatchObject({
      primary_uom_name: 'KG',
      purchasing_uom_name: 'BAG',
      counting_uom_name: 'KG',
      uom_list: [
        { uom_name: 'KG', factor: '1.000000', uom_id: null },
        { uom_name: 'BAG', factor: '25.000000', uom_id: expect.any(String) },
      ],
      supplier_list: [{ supplier_id: 'MILL', prices: [expect.objectContaining({ uom_name: 'BAG' })] }],
    });
  });

  it('reads a record backwards where exact (1 KG = 1000 G gives G 0.001) and refuses a chain', async () => {
    const grams = await agent.post('/api/catalog/skus').send(
      sku({
        sku_id: 'SALT',
        name: 'Salt',
        display_name: 'Salt',
        primary_uom_name: 'KG',
        purchasing_uom_name: 'G',
        receiving_uom_name: 'G',
        counting_uom_name: 'G',
        uom_list: [{ uom_name: 'KG' }, { uom_name: 'g' }],
      }),
    );
    expect(grams.status).toBe(201);
    expect(grams.body.data.uom_list).toEqual([
      { uom_name: 'KG', factor: '1.000000', uom_id: null },
      { uom_name: 'G', factor: '0.001000', uom_id: expect.any(String) },
    ]);

    // No record links BAG to G: the factor is not derived through KG.
    const chained = await agent.post('/api/catalog/skus').send(
      sku({
        sku_id: 'SUGAR',
        primary_uom_name: 'G',
        purchasing_uom_name: 'BAG',
        receiving_uom_name: 'BAG',
        counting_uom_name: 'G',
        uom_list: [{ uom_name: 'G' }, { uom_name: 'BAG' }],
      }),
    );
    expect(chained.status).toBe(400);
    expect(chained.body.code).toBe('CATALOG_SKU_UNIT_NO_CONVERSION');
    expect(Object.keys(fieldErrors(chained.body as { errors?: [] }))).toEqual(['uom_list.1.factor']);

    const unknown = await agent
      .post('/api/catalog/skus')
      .send(sku({ sku_id: 'SUGAR', uom_list: [{ uom_name: 'KG' }, { uom_name: 'BAG' }, { uom_name: 'SACK' }] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('CATALOG_SKU_UNIT_UNKNOWN');
  });

  it('lets a SKU state its own pack: a CARTON of 12 where the record says 24', async () => {
    const cups = await agent.post('/api/catalog/skus').send(
      sku({
        sku_id: 'CUPS',
        primary_uom_name: 'PCS',
        purchasing_uom_name: 'CARTON',
        receiving_uom_name: 'CARTON',
        counting_uom_name: 'PCS',
        uom_list: [
          { uom_name: 'PCS', factor: '1' },
          { uom_name: 'CARTON', factor: '12' },
        ],
      }),
    );
    expect(cups.status).toBe(201);
    expect(cups.body.data.uom_list).toEqual([
      { uom_name: 'PCS', factor: '1.000000', uom_id: null },
      { uom_name: 'CARTON', factor: '12.000000', uom_id: null },
    ]);
  });
});
