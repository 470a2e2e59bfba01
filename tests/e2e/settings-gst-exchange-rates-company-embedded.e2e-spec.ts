import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { permission, tokenWithPermissions, SUITE_HOOK_TIMEOUT_MS, startCatalogSuite } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

interface GstRow {
  gst_rate_id: string;
  rate: string;
  is_default: boolean;
}

/**
 * Settings through the gateway (embedded mode): GST rate options with one default, dated exchange rates
 * against USD with "the rate on a date", company details, validation in en and zh-CN, the SETTING
 * permission, and the events each change leaves in catalog's outbox.
 */
describe('settings: GST rates, exchange rates and company details (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  const outbox = async (subject: string) => {
    const rows: { envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT envelope FROM catalog.outbox WHERE subject = $1 ORDER BY id`,
      [subject],
    );
    return rows.map((row) => row.envelope.data);
  };
  const rateOf = (rows: GstRow[], rate: string) => rows.find((row) => row.rate === rate)!;

  it('seeds GST options 0, 7, 8, 9 % with Singapore’s current 9 as the default', async () => {
    const settings = await agent.get('/api/catalog/settings');
    expect(settings.status).toBe(200);
    expect(settings.body.data.gst_rates.map((row: GstRow) => [row.rate, row.is_default])).toEqual([
      ['0.00', false],
      ['7.00', false],
      ['8.00', false],
      ['9.00', true],
    ]);
    expect(settings.body.data.default_gst_rate).toBe('9.00');
  });

  it('adds a GST rate (0–100, 2 decimals, unique), switches the default and refuses removing the default', async () => {
    const added = await agent.post('/api/catalog/settings/gst-rates').send({ rate: '5.5' });
    expect(added.status).toBe(201);
    const five = rateOf(added.body.data.gst_rates, '5.50');
    expect(five.is_default).toBe(false);

    const duplicate = await agent.post('/api/catalog/settings/gst-rates').send({ rate: 5.5 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('This GST rate already exists');
    const tooHigh = await agent.post('/api/catalog/settings/gst-rates').send({ rate: '100.01' });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.errors).toContainEqual(
      expect.objectContaining({ field: 'rate', message: 'Value cannot be more than 100' }),
    );
    const scale = await agent.post('/api/catalog/settings/gst-rates').send({ rate: '7.125' });
    expect(scale.body.errors).toContainEqual(
      expect.objectContaining({ field: 'rate', message: 'Please enter a number with at most 2 decimal places' }),
    );
    const negative = await agent.post('/api/catalog/settings/gst-rates').set('Accept-Language', 'zh-CN').send({});
    expect(negative.status).toBe(400);
    expect(negative.body.errors).toContainEqual(expect.objectContaining({ field: 'rate', message: '此项为必填项' }));

    const seven = rateOf(added.body.data.gst_rates, '7.00');
    const nine = rateOf(added.body.data.gst_rates, '9.00');
    const refused = await agent.delete(`/api/catalog/settings/gst-rates/${nine.gst_rate_id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The default GST rate cannot be removed. Choose another default first');
    const refusedZh = await agent
      .delete(`/api/catalog/settings/gst-rates/${nine.gst_rate_id}`)
      .set('Accept-Language', 'zh-CN');
    expect(refusedZh.body.message).toBe('不能删除默认消费税税率，请先选择其他默认税率');

    const switched = await agent
      .put('/api/catalog/settings/gst-rates/default')
      .send({ gst_rate_id: seven.gst_rate_id });
    expect(switched.status).toBe(200);
    expect(switched.body.data.default_gst_rate).toBe('7.00');
    const back = await agent.put('/api/catalog/settings/gst-rates/default').send({ gst_rate_id: nine.gst_rate_id });
    expect(back.body.data.default_gst_rate).toBe('9.00');
    const removed = await agent.delete(`/api/catalog/settings/gst-rates/${seven.gst_rate_id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.gst_rates.map((row: GstRow) => row.rate)).toEqual(['0.00', '5.50', '8.00', '9.00']);
    const removedFive = await agent.delete(`/api/catalog/settings/gst-rates/${five.gst_rate_id}`);
    expect(removedFive.status).toBe(200);
  });

  let sgdOld: string;
  let sgdNew: string;

  it('lists USD (reference, 1) and SGD, EUR, GBP; adds, edits and deletes dated rates', async () => {
    const empty = await agent.get('/api/catalog/settings/currencies');
    expect(empty.body.data.map((row: { currency: string }) => row.currency)).toEqual(['USD', 'SGD', 'EUR', 'GBP']);
    expect(empty.body.data[0]).toMatchObject({ is_reference: true, current_rate: '1.000000' });
    expect(empty.body.data[1]).toMatchObject({ is_reference: false, current_rate: null, history: [] });

    const old = await agent
      .post('/api/catalog/settings/exchange-rates')
      .send({ currency: 'SGD', effective_date: '2024-01-01', rate: '1.35' });
    expect(old.status).toBe(201);
    expect(old.body.data).toMatchObject({ currency: 'SGD', effective_date: '2024-01-01', rate: '1.350000' });
    sgdOld = old.body.data.exchange_rate_id;
    const newer = await agent
      .post('/api/catalog/settings/exchange-rates')
      .send({ currency: 'SGD', effective_date: '2024-06-01', rate: '1.3412345' });
    expect(newer.status).toBe(400);
    const fixed = await agent
      .post('/api/catalog/settings/exchange-rates')
      .send({ currency: 'SGD', effective_date: '2024-06-01', rate: '1.341234' });
    sgdNew = fixed.body.data.exchange_rate_id;
    const future = await agent
      .post('/api/catalog/settings/exchange-rates')
      .send({ currency: 'SGD', effective_date: '2999-01-01', rate: '2' });
    expect(future.status).toBe(201);

    const duplicate = await agent
      .post('/api/catalog/settings/exchange-rates')
      .send({ currency: 'SGD', effective_date: '2024-01-01', rate: '1.4' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('This currency already has a rate on this effective date');

    const invalid = await agent
      .post('/api/catalog/settings/exchange-rates')
      .set('Accept-Language', 'zh-CN')
      .send({ currency: 'USD', effective_date: '2024-02-30', rate: '0' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'currency' }),
        expect.objectContaining({ field: 'effective_date', message: '无效的值' }),
        expect.objectContaining({ field: 'rate', message: '数值必须大于 0' }),
      ]),
    );

    const list = await agent.get('/api/catalog/settings/currencies');
    const sgd = list.body.data[1];
    expect(sgd).toMatchObject({ currency: 'SGD', current_rate: '1.341234', current_effective_date: '2024-06-01' });
    expect(sgd.history.map((row: { effective_date: string }) => row.effective_date)).toEqual([
      '2999-01-01',
      '2024-06-01',
      '2024-01-01',
    ]);

    const edited = await agent
      .put(`/api/catalog/settings/exchange-rates/${sgdOld}`)
      .send({ currency: 'SGD', effective_date: '2024-01-01', rate: '1.36' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.rate).toBe('1.360000');
    const deleted = await agent.delete(`/api/catalog/settings/exchange-rates/${future.body.data.exchange_rate_id}`);
    expect(deleted.status).toBe(200);
    expect(
      (await agent.delete(`/api/catalog/settings/exchange-rates/${future.body.data.exchange_rate_id}`)).status,
    ).toBe(404);
  });

  it('answers the rate on a date: the latest effective date on or before it', async () => {
    const on = (currency: string, date: string) =>
      agent.get('/api/catalog/settings/exchange-rates/on-date').query({ currency, date });
    expect((await on('SGD', '2024-01-01')).body.data).toMatchObject({ rate: '1.360000', effective_date: '2024-01-01' });
    expect((await on('SGD', '2024-05-31')).body.data).toMatchObject({ rate: '1.360000', effective_date: '2024-01-01' });
    expect((await on('SGD', '2024-06-01')).body.data).toMatchObject({ rate: '1.341234', effective_date: '2024-06-01' });
    expect((await on('SGD', '2030-12-31')).body.data).toMatchObject({ rate: '1.341234', effective_date: '2024-06-01' });
    expect((await on('USD', '1999-01-01')).body.data).toMatchObject({ rate: '1.000000', effective_date: null });
    const before = await on('SGD', '2023-12-31');
    expect(before.status).toBe(404);
    expect(before.body.message).toBe('No exchange rate of this currency is in effect on this date');
    expect((await on('EUR', '2024-01-01')).status).toBe(404);
    expect((await on('JPY', 'yesterday')).status).toBe(400);
  });

  it('saves company details with postal code 6 digits, phone 8 digits and a Singapore/Malaysia country', async () => {
    const company = {
      company_name: 'Acme Trading Pte Ltd',
      company_uen: '201912345K',
      gst_reg_no: 'M2-1234567-8',
      address: '1 Raffles Place #10-01',
      postal_code: '048616',
      country: 'Singapore',
      phone: '61234567',
      email: 'accounts@acme.example',
      website: 'https://acme.example',
    };
    const wrong = await agent
      .put('/api/catalog/settings/company')
      .send({ ...company, postal_code: '4861', phone: '123', country: 'Japan', email: 'x@', company_name: ' ' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'postal_code', message: 'Please enter 6-digit number' }),
        expect.objectContaining({ field: 'phone', message: 'Please enter 8-digit number' }),
        expect.objectContaining({ field: 'country' }),
        expect.objectContaining({ field: 'email', message: 'Please enter a valid email address' }),
        expect.objectContaining({ field: 'company_name', message: 'This field is required' }),
      ]),
    );
    const zh = await agent
      .put('/api/catalog/settings/company')
      .set('Accept-Language', 'zh-CN')
      .send({ ...company, postal_code: 'abc', phone: '1234567890' });
    expect(zh.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'postal_code', message: '请输入 6 位数字' }),
        expect.objectContaining({ field: 'phone', message: '请输入 8 位数字' }),
      ]),
    );
    const saved = await agent.put('/api/catalog/settings/company').send(company);
    expect(saved.status).toBe(200);
    expect(saved.body.data.company).toEqual(company);
    expect((await agent.get('/api/catalog/settings')).body.data.company).toEqual(company);
  });

  it('left settings snapshots and exchange-rate events in catalog.outbox with growing revisions', async () => {
    const settings = await outbox('catalog.settings.updated');
    // 1: the seeded settings, announced once when catalog started; then one snapshot per change.
    expect(settings.map((event) => event.revision)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(settings.at(-1)).toMatchObject({
      default_gst_rate: '9.00',
      gst_rates: [expect.objectContaining({ rate: '0.00' }), expect.anything(), expect.anything()],
      company: expect.objectContaining({ company_name: 'Acme Trading Pte Ltd', postal_code: '048616' }),
    });
    const upserted = await outbox('catalog.exchange-rate.upserted');
    expect(upserted.filter((event) => event.exchange_rate_id === sgdOld).map((event) => event.revision)).toEqual([
      1, 2,
    ]);
    expect(upserted.find((event) => event.exchange_rate_id === sgdNew)).toMatchObject({ rate: '1.341234' });
    const deleted = await outbox('catalog.exchange-rate.deleted');
    expect(deleted).toEqual([expect.objectContaining({ currency: 'SGD', effective_date: '2999-01-01', revision: 2 })]);
  });

  it('enforces the SETTING permission: view reads, only edit changes', async () => {
    const server = app.getHttpServer();
    const viewer = await tokenWithPermissions(runtime, [permission('SETTING', true)]);
    const outsider = await tokenWithPermissions(runtime, [permission('LOCATION', true, true)]);
    const read = await request(server).get('/api/catalog/settings').set('Authorization', `Bearer ${viewer}`);
    expect(read.status).toBe(200);
    const rates = await request(server)
      .get('/api/catalog/settings/currencies')
      .set('Authorization', `Bearer ${viewer}`);
    expect(rates.status).toBe(200);
    const add = await request(server)
      .post('/api/catalog/settings/gst-rates')
      .set('Authorization', `Bearer ${viewer}`)
      .send({ rate: '3' });
    expect(add.status).toBe(403);
    const rate = await request(server)
      .post('/api/catalog/settings/exchange-rates')
      .set('Authorization', `Bearer ${viewer}`)
      .send({ currency: 'EUR', effective_date: '2024-01-01', rate: '0.9' });
    expect(rate.status).toBe(403);
    const company = await request(server)
      .put('/api/catalog/settings/company')
      .set('Authorization', `Bearer ${viewer}`)
      .send({});
    expect(company.status).toBe(403);
    const other = await request(server).get('/api/catalog/settings').set('Authorization', `Bearer ${outsider}`);
    expect(other.status).toBe(403);
  });
});
