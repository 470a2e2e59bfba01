import 'reflect-metadata';
import { businessDate } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { readWorkbook, writeWorkbook } from '@scm/platform';
import type { Runtime, WriteCell } from '@scm/platform';
import { binaryBody, fieldErrors, permission, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';
import { SupplierPriceService } from '../../services/catalog/src/supplier-price/supplier-price.service.js';

/** A date `days` after the business date today. */
function daysFromToday(days: number): string {
  const date = new Date(`${businessDate()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Supplier pricing through the gateway (embedded mode): prices per SKU × supplier × UOM, SPEC.md §5's
 * future-price rules in both languages, prices only for the SKU's own suppliers and UOMs, cost hidden from
 * roles without can_see_cost, future prices becoming current on their date, and every change republishing the
 * SKU's snapshot with its prices.
 */
describe('supplier pricing (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;
  let kg: string;
  let ctn: string;
  let pcs: string;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  });

  afterAll(() => close?.());

  const price = (overrides: Record<string, unknown> = {}) => ({
    sku_id: 'FLOUR',
    supplier_id: 'S1',
    uom_name: kg,
    current_price: '5.5',
    future_price_1: null,
    future_price_1_date: null,
    future_price_2: null,
    future_price_2_date: null,
    ...overrides,
  });

  it('sets up UOMs, two suppliers and a SKU they supply', async () => {
    const uom = async (name: string) =>
      (
        await agent
          .post('/api/catalog/uoms')
          .send({ uom_name: name, secondary_uom: `${name}-UNIT`, uom_per_primary: '1' })
      ).body.data.uom_name as string;
    [kg, ctn, pcs] = [await uom('KG'), await uom('CTN'), await uom('PCS')];
    const category = await agent.post('/api/catalog/supplier-categories').send({ category_name: 'Dry goods' });
    for (const id of ['S1', 'S2', 'S3']) {
      const created = await agent.post('/api/catalog/suppliers').send({
        supplier_id: id,
        company_name: `Supplier ${id}`,
        credit_term_in_days: 30,
        contact_name: 'Alice',
        contact_no: '91234567',
        address: '1 Jurong Road',
        postal_code: '600001',
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
    const skuCategory = await agent.post('/api/catalog/sku-categories').send({ category_name: 'Baking' });
    const sku = await agent.post('/api/catalog/skus').send({
      sku_id: 'FLOUR',
      name: 'Flour',
      display_name: 'Flour',
      alternate_display_name_list: [],
      category_id: skuCategory.body.data.category_id,
      primary_uom_name: kg,
      purchasing_uom_name: ctn,
      receiving_uom_name: ctn,
      counting_uom_name: kg,
      uom_list: [
        { uom_name: kg, factor: '1' },
        { uom_name: ctn, factor: '10' },
      ],
      supplier_list: ['S1', 'S2'],
      default_supplier_id: 'S1',
      threshold: '0',
      is_inventorise: true,
      default_wastage_percentage: '0',
      hashtag_list: [],
    });
    expect(sku.status).toBe(201);
  });

  it('creates and replaces a price, republishing the SKU snapshot with it', async () => {
    const revisionBefore = (await agent.get('/api/catalog/skus/FLOUR')).body.data.revision as number | undefined;
    const created = await agent.put('/api/catalog/supplier-prices').send(price());
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      sku_id: 'FLOUR',
      supplier_id: 'S1',
      supplier_name: 'Supplier S1',
      uom_name: 'KG',
      current_price: '5.5000',
      future_price_1: null,
      is_default_supplier: true,
    });
    const replaced = await agent
      .put('/api/catalog/supplier-prices')
      .send(price({ current_price: 6, future_price_1: '6.5', future_price_1_date: daysFromToday(3) }));
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ current_price: '6.0000', future_price_1: '6.5000' });
    expect(replaced.body.data.future_price_1_date).toBe(daysFromToday(3));

    const events: { envelope: { data: { revision: number; supplier_list: unknown } } }[] = await catalogDb.query(
      `SELECT envelope FROM catalog.outbox WHERE subject = 'catalog.sku.upserted' ORDER BY id DESC LIMIT 1`,
    );
    expect(JSON.stringify(events[0]?.envelope.data.supplier_list)).toContain('6.5');
    if (revisionBefore !== undefined) expect(events[0].envelope.data.revision).toBe(revisionBefore + 2);
  });

  it("answers SPEC.md §5's future-price rules on their fields, in English and Chinese", async () => {
    const sameAsCurrent = await agent
      .put('/api/catalog/supplier-prices')
      .send(price({ current_price: '6', future_price_1: '6.00', future_price_1_date: daysFromToday(2) }));
    expect(sameAsCurrent.status).toBe(400);
    expect(fieldErrors(sameAsCurrent.body).future_price_1).toBe('future price 1 cannot be same as current price');

    const twoSame = await agent.put('/api/catalog/supplier-prices').send(
      price({
        current_price: '6',
        future_price_1: '7',
        future_price_1_date: daysFromToday(2),
        future_price_2: '7',
        future_price_2_date: daysFromToday(5),
      }),
    );
    expect(fieldErrors(twoSame.body).future_price_2).toBe('future price 2 cannot be same as future price 1');
    const chinese = await agent
      .put('/api/catalog/supplier-prices')
      .set('Accept-Language', 'zh-CN')
      .send(price({ current_price: '6', future_price_1: '6', future_price_1_date: daysFromToday(2) }));
    expect(fieldErrors(chinese.body).future_price_1).toBe('未来价格1不能与当前价格相同');

    const withoutDate = await agent.put('/api/catalog/supplier-prices').send(price({ future_price_1: '7' }));
    expect(fieldErrors(withoutDate.body).future_price_1_date).toBe('This field is required');

    const order = await agent.put('/api/catalog/supplier-prices').send(
      price({
        future_price_1: '7',
        future_price_1_date: daysFromToday(5),
        future_price_2: '8',
        future_price_2_date: daysFromToday(4),
      }),
    );
    expect(fieldErrors(order.body).future_price_2_date).toBe('Future price 2 must apply after future price 1');

    const today = await agent
      .put('/api/catalog/supplier-prices')
      .send(price({ future_price_1: '7', future_price_1_date: businessDate() }));
    expect(today.status).toBe(400);
    expect(fieldErrors(today.body).future_price_1_date).toBe('Date must be after today');

    const negative = await agent.put('/api/catalog/supplier-prices').send(price({ current_price: '-1' }));
    expect(fieldErrors(negative.body).current_price).toBe('Value must be more than or equal to 0');
  });

  it("takes prices only for the SKU's own suppliers and UOMs", async () => {
    const stranger = await agent.put('/api/catalog/supplier-prices').send(price({ supplier_id: 'S3' }));
    expect(stranger.status).toBe(400);
    expect(fieldErrors(stranger.body).supplier_id).toMatch(/does not supply/);
    const otherUom = await agent.put('/api/catalog/supplier-prices').send(price({ uom_name: pcs }));
    expect(otherUom.status).toBe(400);
    expect(fieldErrors(otherUom.body).uom_name).toMatch(/not one of the SKU's UOMs/);
    const noSku = await agent.put('/api/catalog/supplier-prices').send(price({ sku_id: 'NOPE' }));
    expect(noSku.status).toBe(404);
  });

  it('lists, searches and filters prices; hides them from roles without can_see_cost', async () => {
    expect(
      (
        await agent
          .put('/api/catalog/supplier-prices')
          .send(price({ supplier_id: 'S2', uom_name: ctn, current_price: '58' }))
      ).status,
    ).toBe(200);
    const all = await agent.post('/api/catalog/supplier-prices/list').send({ search_str: 'flour' });
    expect(all.body.recordsTotal).toBe(2);
    const s2 = await agent.post('/api/catalog/supplier-prices/list').send({ other_params: { supplier_id: 'S2' } });
    expect(s2.body.data).toEqual([expect.objectContaining({ uom_name: 'CTN', current_price: '58.0000' })]);

    const viewer = await tokenWithPermissions(runtime, [permission('SUPPLIER_PRICING', true)]);
    const hidden = await request(app.getHttpServer())
      .post('/api/catalog/supplier-prices/list')
      .set('Authorization', `Bearer ${viewer}`)
      .send({});
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toHaveLength(2);
    for (const row of hidden.body.data) {
      expect(row).not.toHaveProperty('current_price');
      expect(row).not.toHaveProperty('future_price_1');
    }
    const one = await request(app.getHttpServer())
      .get(`/api/catalog/supplier-prices/FLOUR/S1/${kg}`)
      .set('Authorization', `Bearer ${viewer}`);
    expect(one.body.data).not.toHaveProperty('current_price');
    const refused = await request(app.getHttpServer())
      .put('/api/catalog/supplier-prices')
      .set('Authorization', `Bearer ${viewer}`)
      .send(price());
    expect(refused.status).toBe(403);
  });

  it('makes future prices current on their date, future price 2 moving up', async () => {
    const set = await agent.put('/api/catalog/supplier-prices').send(
      price({
        current_price: '6',
        future_price_1: '6.5',
        future_price_1_date: daysFromToday(1),
        future_price_2: '7',
        future_price_2_date: daysFromToday(3),
      }),
    );
    expect(set.status).toBe(200);
    const prices = app.get(SupplierPriceService, { strict: false });
    expect(await prices.promoteDue(daysFromToday(0))).toEqual([]);
    expect(await prices.promoteDue(daysFromToday(1))).toEqual(['FLOUR']);
    const afterOne = await agent.get(`/api/catalog/supplier-prices/FLOUR/S1/${kg}`);
    expect(afterOne.body.data).toMatchObject({
      current_price: '6.5000',
      future_price_1: '7.0000',
      future_price_1_date: daysFromToday(3),
      future_price_2: null,
      future_price_2_date: null,
    });
    // Both due at once (the job did not run for days): the latest one wins.
    await agent.put('/api/catalog/supplier-prices').send(
      price({
        current_price: '6',
        future_price_1: '6.5',
        future_price_1_date: daysFromToday(1),
        future_price_2: '7',
        future_price_2_date: daysFromToday(3),
      }),
    );
    await prices.promoteDue(daysFromToday(10));
    const afterBoth = await agent.get(`/api/catalog/supplier-prices/FLOUR/S1/${kg}`);
    expect(afterBoth.body.data).toMatchObject({ current_price: '7.0000', future_price_1: null });
  });

  /** An .xlsx with the given rows under the English headers (keys work too). */
  const priceFile = (rows: WriteCell[][]) =>
    writeWorkbook([
      {
        name: 'Prices',
        rows: [['SKU ID', 'Supplier ID', 'UOM', 'Current price', 'future_price_1', 'Future price 1 from'], ...rows],
      },
    ]);

  const upload = async (step: 'preview' | 'apply', file: Buffer, language = 'en') =>
    agent
      .post(`/api/catalog/supplier-prices/upload/${step}`)
      .set('Accept-Language', language)
      .attach('file', file, 'prices.xlsx');

  it('downloads the price template with translated headers', async () => {
    const english = await agent.get('/api/catalog/supplier-prices/upload/template').buffer(true).parse(binaryBody);
    expect(english.status).toBe(200);
    const [data] = await readWorkbook(english.body as Buffer);
    expect(data.rows[0].slice(0, 4)).toEqual(['SKU ID *', 'Supplier ID *', 'UOM *', 'Current price *']);
    const chinese = await agent
      .get('/api/catalog/supplier-prices/upload/template?lang=zh-CN')
      .buffer(true)
      .parse(binaryBody);
    const [zh] = await readWorkbook(chinese.body as Buffer);
    expect(zh.rows[0][0]).toBe('SKU编号 *');
  });

  it('previews an upload: what changes, what does not; applies nothing yet', async () => {
    const file = await priceFile([
      ['flour', 'S1', 'kg', '7', null, null],
      ['FLOUR', 'S2', 'CTN', '60', '65', daysFromToday(7)],
    ]);
    const preview = await upload('preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body.data.unchanged).toBe(1);
    expect(preview.body.data.changes).toEqual([
      expect.objectContaining({ row: 3, sku_id: 'FLOUR', supplier_id: 'S2', uom_name: 'CTN' }),
    ]);
    expect(preview.body.data.changes[0].before).toMatchObject({ current_price: '58.0000', future_price_1: null });
    expect(preview.body.data.changes[0].after).toMatchObject({ current_price: '60.0000', future_price_1: '65.0000' });
    const list = await agent.post('/api/catalog/supplier-prices/list').send({ other_params: { supplier_id: 'S2' } });
    expect(list.body.data).toEqual([expect.objectContaining({ current_price: '58.0000' })]);
  });

  it('refuses a file with bad rows, naming each row and column, and applies none of it', async () => {
    const file = await priceFile([
      ['FLOUR', 'S2', 'CTN', '60', null, null],
      ['FLOUR', 'S1', 'KG', '7', '7', daysFromToday(3)],
      ['NOPE', 'S1', 'KG', '1', null, null],
      ['FLOUR', 'S3', 'KG', '1', null, null],
      ['FLOUR', 'S2', 'CTN', '61', null, null],
      ['FLOUR', 'S1', 'PCS', '1', null, null],
    ]);
    const refused = await upload('apply', file);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Some rows are not valid; nothing was changed');
    expect(fieldErrors(refused.body)).toEqual({
      'rows.3.future_price_1': 'future price 1 cannot be same as current price',
      'rows.4.sku_id': 'The SKU was not found',
      'rows.5.supplier_id': "This supplier does not supply the SKU: add it to the SKU's suppliers first",
      'rows.6.sku_id': 'The same SKU, supplier and UOM is already in row 2',
      'rows.7.uom': "This UOM is not one of the SKU's UOMs",
    });
    const chinese = await upload('preview', file, 'zh-CN');
    expect(fieldErrors(chinese.body)['rows.3.future_price_1']).toBe('未来价格1不能与当前价格相同');
    const list = await agent.post('/api/catalog/supplier-prices/list').send({ other_params: { supplier_id: 'S2' } });
    expect(list.body.data).toEqual([expect.objectContaining({ current_price: '58.0000' })]);
  });

  it('applies an upload in one go, and then says "No changes detected" for the same file', async () => {
    const file = await priceFile([
      ['FLOUR', 'S1', 'KG', '7.5', null, null],
      ['FLOUR', 'S2', 'CTN', '60', '65', daysFromToday(7)],
    ]);
    const applied = await upload('apply', file);
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ applied: true, unchanged: 0 });
    expect(applied.body.data.changes).toHaveLength(2);
    const s2 = await agent.get(`/api/catalog/supplier-prices/FLOUR/S2/${ctn}`);
    expect(s2.body.data).toMatchObject({ current_price: '60.0000', future_price_1: '65.0000' });
    const again = await upload('preview', file);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('No changes detected');
    const zh = await upload('apply', file, 'zh-CN');
    expect(zh.body.message).toBe('未检测到任何更改');
  });

  it('refuses a file that is not a spreadsheet', async () => {
    const refused = await upload('preview', Buffer.from('%PDF-1.4 not a sheet'));
    expect(refused.status).toBe(400);
  });

  it('deletes a price, and refuses one that does not exist', async () => {
    const deleted = await agent.delete(`/api/catalog/supplier-prices/FLOUR/S2/${ctn}`);
    expect(deleted.status).toBe(200);
    const again = await agent.delete(`/api/catalog/supplier-prices/FLOUR/S2/${ctn}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Supplier price not found');
  });

  it('refuses prices of an archived SKU, in the dialog and in an upload', async () => {
    expect((await agent.post('/api/catalog/skus/FLOUR/archive')).status).toBe(200);
    const refused = await agent.put('/api/catalog/supplier-prices').send(price({ current_price: '9' }));
    expect(refused.status).toBe(409);
    const upload = await agent
      .post('/api/catalog/supplier-prices/upload/preview')
      .attach('file', await priceFile([['FLOUR', 'S1', 'KG', '9', null, null]]), 'prices.xlsx');
    expect(upload.status).toBe(400);
    expect(Object.keys(fieldErrors(upload.body))).toEqual(['rows.2.sku_id']);
  });
});
