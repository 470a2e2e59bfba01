import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { fieldErrors, permission, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * Default suppliers through the gateway (embedded mode): a SKU's default supplier and the locations that buy
 * it from another of its suppliers; only the SKU's suppliers and usable locations; the SKU's snapshot carries
 * them; the DEFAULT_SUPPLIER key.
 */
describe('default suppliers (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  });

  afterAll(() => close?.());

  it('sets up suppliers, locations and a SKU two of the suppliers supply', async () => {
    const uom = await agent
      .post('/api/catalog/uoms')
      .send({ uom_name: 'KG', secondary_uom: 'G', uom_per_primary: '1000' });
    const category = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Produce' });
    for (const id of ['S1', 'S2', 'S3']) {
      const created = await agent.post('/api/catalog/suppliers').send({
        supplier_id: id,
        company_name: `Farm ${id}`,
        credit_term_in_days: 30,
        contact_name: 'Ben',
        contact_no: '91234567',
        address: '2 Lim Chu Kang',
        postal_code: '718800',
        country: 'Singapore',
        minimum_order_value: '0',
        category_id: category.body.data.category_id,
        gst_price_type: 'exclusive',
        gst_rate: 9,
        tax_rate: 9,
        tax_type: 'GST',
        hashtag_list: [],
      });
      expect(created.status).toBe(201);
    }
    const region = await agent.post('/api/catalog/regions').send({ region_name: 'West' });
    const locationCategory = await agent
      .post('/api/catalog/location-categories')
      .send({ category_name: 'Outlet', sub_categories: [] });
    for (const id of ['L1', 'L2', 'L3']) {
      const created = await agent.post('/api/catalog/locations').send({
        location_id: id,
        location_name: `Outlet ${id}`,
        is_operating: true,
        category_id: locationCategory.body.data.category_id,
        sub_category_id: null,
        region_id: region.body.data.region_id,
        address: '1 Jurong Road',
        country: 'Singapore',
        postal_code: '600001',
        contact_person: [],
        remark: '',
      });
      expect(created.status).toBe(201);
    }
    expect((await agent.post('/api/catalog/locations/L3/archive')).status).toBe(200);
    const skuCategory = await agent.post('/api/catalog/sku-categories').send({ category_name: 'Vegetables' });
    const kg = uom.body.data.uom_name as string;
    const sku = await agent.post('/api/catalog/skus').send({
      sku_id: 'KAILAN',
      name: 'Kai lan',
      display_name: 'Kai lan',
      alternate_display_name_list: [],
      category_id: skuCategory.body.data.category_id,
      primary_uom_name: kg,
      purchasing_uom_name: kg,
      receiving_uom_name: kg,
      counting_uom_name: kg,
      uom_list: [{ uom_name: kg, factor: '1' }],
      supplier_list: ['S1', 'S2'],
      default_supplier_id: null,
      threshold: '0',
      is_inventorise: true,
      default_wastage_percentage: '5',
      hashtag_list: [],
    });
    expect(sku.status).toBe(201);
  });

  it('lists SKUs with their default supplier and the number of locations that differ', async () => {
    const list = await agent.post('/api/catalog/default-suppliers/list').send({ search_str: 'kai' });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        sku_id: 'KAILAN',
        default_supplier_id: null,
        supplier_count: 2,
        location_supplier_count: 0,
      }),
    ]);
  });

  it('sets the default supplier and a per-location one; the SKU snapshot carries both', async () => {
    const saved = await agent.put('/api/catalog/default-suppliers/KAILAN').send({
      default_supplier_id: 'S1',
      location_suppliers: [{ location_id: 'l1', supplier_id: 'S2' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      default_supplier_id: 'S1',
      location_suppliers: [
        { location_id: 'L1', location_name: 'Outlet L1', supplier_id: 'S2', company_name: 'Farm S2' },
      ],
      supplier_list: [
        { supplier_id: 'S1', company_name: 'Farm S1' },
        { supplier_id: 'S2', company_name: 'Farm S2' },
      ],
    });
    const events: { envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT envelope FROM catalog.outbox WHERE subject = 'catalog.sku.upserted' ORDER BY id DESC LIMIT 1`,
    );
    const snapshot = events[0].envelope.data;
    expect(snapshot.default_supplier_id).toBe('S1');
    expect(JSON.stringify(snapshot)).toContain('"L1"');
    const list = await agent
      .post('/api/catalog/default-suppliers/list')
      .send({ other_params: { default_supplier_id: 'S1' } });
    expect(list.body.data).toEqual([expect.objectContaining({ sku_id: 'KAILAN', location_supplier_count: 1 })]);
  });

  it('refuses suppliers that do not supply the SKU and locations that cannot be chosen, on their fields', async () => {
    const refused = await agent.put('/api/catalog/default-suppliers/KAILAN').send({
      default_supplier_id: 'S3',
      location_suppliers: [
        { location_id: 'L2', supplier_id: 'S3' },
        { location_id: 'L3', supplier_id: 'S1' },
        { location_id: 'NOPE', supplier_id: 'S1' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused.body)).toMatchObject({
      default_supplier_id: "This supplier does not supply the SKU: add it to the SKU's suppliers first",
      'location_suppliers.0.supplier_id': "This supplier does not supply the SKU: add it to the SKU's suppliers first",
      'location_suppliers.1.location_id': expect.any(String),
      'location_suppliers.2.location_id': expect.any(String),
    });
    const repeated = await agent.put('/api/catalog/default-suppliers/KAILAN').send({
      default_supplier_id: 'S1',
      location_suppliers: [
        { location_id: 'L1', supplier_id: 'S2' },
        { location_id: 'l1', supplier_id: 'S1' },
      ],
    });
    expect(repeated.status).toBe(400);
    expect(fieldErrors(repeated.body)['location_suppliers.1.location_id']).toBe('This value is already in the list');
    const kept = await agent.get('/api/catalog/default-suppliers/KAILAN');
    expect(kept.body.data.default_supplier_id).toBe('S1');
    expect(kept.body.data.location_suppliers).toHaveLength(1);
  });

  it('clears the default and the exceptions', async () => {
    const cleared = await agent
      .put('/api/catalog/default-suppliers/KAILAN')
      .send({ default_supplier_id: null, location_suppliers: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ default_supplier_id: null, location_suppliers: [] });
    expect((await agent.get('/api/catalog/default-suppliers/NOPE')).status).toBe(404);
  });

  it('enforces DEFAULT_SUPPLIER: view may read, only edit may change', async () => {
    const viewer = await tokenWithPermissions(runtime, [permission('DEFAULT_SUPPLIER', true)]);
    const server = request(app.getHttpServer());
    expect(
      (await server.get('/api/catalog/default-suppliers/KAILAN').set('Authorization', `Bearer ${viewer}`)).status,
    ).toBe(200);
    const refused = await server
      .put('/api/catalog/default-suppliers/KAILAN')
      .set('Authorization', `Bearer ${viewer}`)
      .send({ default_supplier_id: 'S1' });
    expect(refused.status).toBe(403);
    const outsider = await tokenWithPermissions(runtime, [permission('SKU', true)]);
    expect(
      (await server.post('/api/catalog/default-suppliers/list').set('Authorization', `Bearer ${outsider}`).send({}))
        .status,
    ).toBe(403);
  });
});
