import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { expectEventually, permission, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';

/**
 * Procurement's catalog replicas in the embedded product: suppliers, a SKU with its units, supplier prices and
 * default supplier, and exchange rates made through catalog's API reach procurement's schema through catalog's
 * events; a rebuild through /api/procurement/replicas/rebuild gives the same rows and needs SETTING edit.
 */
describe('procurement catalog replicas (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let procurementDb: DataSource;

  const rows = () =>
    procurementDb.query<Record<string, string>[]>(
      `SELECT 'supplier' AS kind,
              supplier_id || ':' || gst_price_type || ':' || minimum_order_value || ':' || status AS row
         FROM supplier_replica
       UNION ALL SELECT 'sku', sku_id || ':' || purchasing_uom_name || ':' || coalesce(default_supplier_id, '-')
         FROM sku_replica
       UNION ALL SELECT 'price', sku_id || ':' || supplier_id || ':' || uom_name || ':' || current_price
         FROM sku_supplier_price_replica
       UNION ALL SELECT 'rate', currency || ':' || effective_date || ':' || rate FROM exchange_rate_replica
       ORDER BY 1, 2`,
    );

  beforeAll(async () => {
    let catalogDb: DataSource;
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
    const url = (catalogDb.options as { url: string }).url;
    procurementDb = new DataSource({
      type: 'postgres',
      url,
      schema: 'procurement',
      extra: { options: '-c search_path=procurement' },
    });
    await procurementDb.initialize();
  });

  afterAll(async () => {
    await procurementDb?.destroy();
    await close?.();
  });

  it('knows the seeded company settings (default GST rate) before anyone edits them', async () => {
    // Seeded by catalog's migration, announced once when catalog starts: no edit was made in this suite yet.
    await expectEventually(async () => {
      const [settings] = await procurementDb.query<{ default_gst_rate: string; revision: number }[]>(
        `SELECT default_gst_rate::text AS default_gst_rate, revision FROM company_settings_replica`,
      );
      expect(settings).toBeDefined();
      expect(Number(settings.default_gst_rate)).toBe(9);
    });
  });

  it("learns catalog's suppliers, SKU units, prices, default supplier and exchange rates from its events", async () => {
    const send = async (path: string, body: unknown, method: 'post' | 'put' = 'post') => {
      const response = await agent[method](path).send(body as object);
      if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.data as Record<string, string>;
    };
    await send('/api/catalog/uoms', { uom_name: 'KG', secondary_uom: 'KG-UNIT', uom_per_primary: '1' });
    await send('/api/catalog/uoms', { uom_name: 'CTN', secondary_uom: 'CTN-UNIT', uom_per_primary: '1' });
    const category = await send('/api/catalog/supplier-categories', { category_name: 'Dry goods' });
    for (const [id, type, minimum] of [
      ['S1', 'inclusive', '100'],
      ['S2', 'exclusive', '0'],
    ]) {
      await send('/api/catalog/suppliers', {
        supplier_id: id,
        company_name: `Supplier ${id}`,
        credit_term_in_days: 30,
        contact_name: 'Alice',
        contact_no: '91234567',
        address: '1 Jurong Road',
        postal_code: '600001',
        country: 'Singapore',
        minimum_order_value: minimum,
        category_id: category.category_id,
        gst_price_type: type,
        gst_rate: 9,
        tax_rate: 9,
        tax_type: 'GST',
        hashtag_list: [],
      });
    }
    const skuCategory = await send('/api/catalog/sku-categories', { category_name: 'Baking' });
    await send('/api/catalog/skus', {
      sku_id: 'FLOUR',
      name: 'Flour',
      display_name: 'Flour',
      alternate_display_name_list: [],
      category_id: skuCategory.category_id,
      primary_uom_name: 'KG',
      purchasing_uom_name: 'CTN',
      receiving_uom_name: 'CTN',
      counting_uom_name: 'KG',
      uom_list: [
        { uom_name: 'KG', factor: '1' },
        { uom_name: 'CTN', factor: '10' },
      ],
      supplier_list: ['S1', 'S2'],
      default_supplier_id: 'S1',
      threshold: '0',
      is_inventorise: true,
      default_wastage_percentage: '0',
      hashtag_list: [],
    });
    await send(
      '/api/catalog/supplier-prices',
      {
        sku_id: 'FLOUR',
        supplier_id: 'S1',
        uom_name: 'CTN',
        current_price: '55',
        future_price_1: null,
        future_price_1_date: null,
        future_price_2: null,
        future_price_2_date: null,
      },
      'put',
    );
    await send('/api/catalog/settings/exchange-rates', { currency: 'SGD', effective_date: '2024-01-01', rate: '1.35' });

    await expectEventually(async () =>
      expect(await rows()).toEqual([
        { kind: 'price', row: 'FLOUR:S1:CTN:55.0000' },
        { kind: 'rate', row: 'SGD:2024-01-01:1.350000' },
        { kind: 'sku', row: 'FLOUR:CTN:S1' },
        { kind: 'supplier', row: expect.stringMatching(/^S1:inclusive:100\.0000:/) as string },
        { kind: 'supplier', row: expect.stringMatching(/^S2:exclusive:0\.0000:/) as string },
      ]),
    );
  });

  it('rebuilds the replicas into the same rows, for a role with SETTING edit only', async () => {
    const before = await rows();
    const viewer = await tokenWithPermissions(runtime, [permission('SETTING', true)]);
    const refused = await request(app.getHttpServer())
      .post('/api/procurement/replicas/rebuild')
      .set('Authorization', `Bearer ${viewer}`);
    expect(refused.status).toBe(403);
    const rebuilt = await agent.post('/api/procurement/replicas/rebuild');
    expect(rebuilt.status).toBe(200);
    expect(await rows()).toEqual(before);
  });
});
