import 'reflect-metadata';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { permission, tokenWithPermissions, SUITE_HOOK_TIMEOUT_MS, startCatalogSuite } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * Customers (RJ area) through the gateway (embedded mode): create with two addresses, the default-address
 * rules, validation in English and Chinese, a duplicate code, archive / reactivate / delete (refused in use),
 * the events in catalog's outbox, and the RJ_CUSTOMER key.
 */
describe('customers (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;

  beforeAll(async () => {
    ({ app, runtime, agent, catalogDb, close } = await startCatalogSuite(createEmbeddedApp));
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  /** The outbox envelopes of one customer, oldest first. */
  const outbox = async (code: string) => {
    const rows: { subject: string; envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT subject, envelope FROM catalog.outbox WHERE subject LIKE 'catalog.customer.%'
        AND envelope->'data'->>'customer_code' = $1 ORDER BY id`,
      [code],
    );
    return rows.map((row) => ({ subject: row.subject, data: row.envelope.data }));
  };

  const billing = { address_type: 'billing', address: '1 Orchard Road', country: 'Singapore', postal_code: '238801' };
  const shipping = { address_type: 'shipping', address: '2 Jalan Ampang', country: 'Malaysia', postal_code: '501234' };

  const customer = (overrides: Record<string, unknown> = {}) => ({
    customer_code: 'CUS-001',
    customer_name: 'Mary Lim',
    salutation: 'Ms',
    chinese_name: '林美丽',
    gender: 'female',
    email: 'mary@example.com',
    primary_contact_no: '91234567',
    secondary_contact_no: '',
    birthday: '1990-05-17',
    wedding_anniversary: '',
    mailing_list: true,
    contact_mode: 'WhatsApp/Telegram',
    occupation: 'Engineer',
    company: 'Acme Pte Ltd',
    department: 'R&D',
    tags: ['vip', 'jade', 'vip'],
    address_list: [
      { ...billing, is_default: true },
      { ...shipping, is_default: true },
    ],
    ...overrides,
  });

  it('creates a customer with every field and two addresses; sales figures start at 0', async () => {
    const created = await agent.post('/api/catalog/customers').send(customer());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      customer_code: 'CUS-001',
      customer_name: 'Mary Lim',
      salutation: 'Ms',
      chinese_name: '林美丽',
      gender: 'female',
      birthday: '1990-05-17',
      wedding_anniversary: null,
      mailing_list: true,
      contact_mode: 'WhatsApp/Telegram',
      tags: ['vip', 'jade'],
      address_list: [
        { ...billing, is_default: true },
        { ...shipping, is_default: true },
      ],
      transaction_count: 0,
      total_spending: '0.00',
      status: 'new',
      in_use: false,
    });
    const fetched = await agent.get('/api/catalog/customers/CUS-001');
    expect(fetched.body.data).toMatchObject({ birthday: '1990-05-17', total_spending: '0.00', department: 'R&D' });

    const second = await agent.post('/api/catalog/customers').send(
      customer({
        customer_code: 'CUS-002',
        customer_name: 'John Tan',
        salutation: 'Mr',
        gender: 'male',
        mailing_list: false,
        contact_mode: 'SMS',
        tags: ['wholesale'],
        address_list: [],
      }),
    );
    expect(second.status).toBe(201);
  });

  it('refuses read-only sales figures and keeps exactly one default address per type present', async () => {
    const readOnly = await agent
      .post('/api/catalog/customers')
      .send(customer({ customer_code: 'CUS-003', transaction_count: 5, total_spending: '10.00' }));
    expect(readOnly.status).toBe(400);

    const noDefault = await agent.post('/api/catalog/customers').send(
      customer({
        customer_code: 'CUS-003',
        address_list: [
          { ...billing, is_default: false },
          { ...billing, address: '3 Bukit Timah', is_default: false },
        ],
      }),
    );
    expect(noDefault.status).toBe(400);
    expect(noDefault.body.errors).toContainEqual(
      expect.objectContaining({
        field: 'address_list',
        message: 'Each address type needs exactly one default address',
      }),
    );
    const twoDefaults = await agent
      .put('/api/catalog/customers/CUS-001')
      .set('Accept-Language', 'zh-CN')
      .send(
        customer({
          address_list: [
            { ...shipping, is_default: true },
            { ...shipping, address: '4 Jalan Bukit', is_default: true },
          ],
        }),
      );
    expect(twoDefaults.status).toBe(400);
    expect(twoDefaults.body.errors).toContainEqual(
      expect.objectContaining({ field: 'address_list', message: '每种地址类型必须有且仅有一个默认地址' }),
    );

    const moved = await agent.put('/api/catalog/customers/CUS-001').send(
      customer({
        address_list: [
          { ...billing, is_default: true },
          { ...shipping, is_default: false },
          { ...shipping, address: '4 Jalan Bukit', is_default: true },
        ],
      }),
    );
    expect(moved.status).toBe(200);
    expect(
      moved.body.data.address_list.map((row: { address: string; is_default: boolean }) => [
        row.address,
        row.is_default,
      ]),
    ).toEqual([
      ['1 Orchard Road', true],
      ['2 Jalan Ampang', false],
      ['4 Jalan Bukit', true],
    ]);
  });

  it('answers contact number, email, postal code and choice errors in English and Chinese', async () => {
    const body = customer({
      customer_code: 'CUS-004',
      primary_contact_no: '9123',
      secondary_contact_no: '12345678901',
      email: 'not-an-email',
      salutation: 'Dr',
      gender: 'other',
      contact_mode: 'Fax',
      birthday: '1990-02-30',
      address_list: [{ ...billing, postal_code: '12345', country: 'Japan', is_default: true }],
    });
    const english = await agent.post('/api/catalog/customers').send(body);
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'primary_contact_no', message: 'Please enter 8-digit number' }),
        expect.objectContaining({ field: 'secondary_contact_no' }),
        expect.objectContaining({ field: 'email', message: 'Please enter a valid email address' }),
        expect.objectContaining({ field: 'address_list.0.postal_code', message: 'Please enter 6-digit number' }),
        expect.objectContaining({ field: 'address_list.0.country' }),
        expect.objectContaining({ field: 'salutation' }),
        expect.objectContaining({ field: 'gender' }),
        expect.objectContaining({ field: 'contact_mode' }),
        expect.objectContaining({ field: 'birthday' }),
      ]),
    );
    const chinese = await agent.post('/api/catalog/customers').set('Accept-Language', 'zh-CN').send(body);
    expect(chinese.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'primary_contact_no', message: '请输入 8 位数字' }),
        expect.objectContaining({ field: 'email', message: '请输入有效的电子邮件地址' }),
        expect.objectContaining({ field: 'address_list.0.postal_code', message: '请输入 6 位数字' }),
      ]),
    );
    const missing = await agent
      .post('/api/catalog/customers')
      .send(customer({ customer_code: 'CUS/005', customer_name: ' ' }));
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'customer_code', message: 'Value cannot have slash' }),
        expect.objectContaining({ field: 'customer_name', message: 'This field is required' }),
      ]),
    );
  });

  it('refuses a duplicate customer code (any case) and a changed code', async () => {
    const duplicate = await agent.post('/api/catalog/customers').send(customer({ customer_name: 'Another' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A customer with this customer code already exists');
    const lower = await agent.post('/api/catalog/customers').send(customer({ customer_code: 'cus-001' }));
    expect(lower.status).toBe(409);
    const renamed = await agent.put('/api/catalog/customers/CUS-001').send(customer({ customer_code: 'CUS-999' }));
    expect(renamed.status).toBe(400);
    expect(renamed.body.code).toBe('CATALOG_CUSTOMER_ID_CHANGED');
  });

  it('lists with status, gender, contact mode and mailing list filters, and searches tags, names and numbers', async () => {
    const codes = (response: request.Response) =>
      response.body.data.map((row: { customer_code: string }) => row.customer_code).sort();
    const list = (body: Record<string, unknown>) => agent.post('/api/catalog/customers/list').send(body);
    expect(codes(await list({ other_params: { status: 'new_or_active' } }))).toEqual(['CUS-001', 'CUS-002']);
    expect(codes(await list({ other_params: { gender: 'male' } }))).toEqual(['CUS-002']);
    expect(codes(await list({ other_params: { contact_mode: 'WhatsApp/Telegram' } }))).toEqual(['CUS-001']);
    expect(codes(await list({ other_params: { mailing_list: true } }))).toEqual(['CUS-001']);
    expect(codes(await list({ other_params: { mailing_list: false } }))).toEqual(['CUS-002']);
    expect(codes(await list({ search_str: 'wholesale' }))).toEqual(['CUS-002']);
    for (const search of ['cus-00', 'mary', '林美', '9123456', 'acme', 'vip']) {
      expect((await list({ search_str: search })).body.recordsTotal).toBeGreaterThan(0);
    }
    expect((await list({ search_str: 'no such customer' })).body.recordsTotal).toBe(0);
  });

  it('archives, reactivates and deletes a customer; in use it refuses', async () => {
    // A sales invoice or quotation would record its usage here.
    await catalogDb.query(
      `INSERT INTO catalog.record_usage (target_type, target_id, used_by_type, used_by_id) VALUES ('customer', 'CUS-001', 'sales-invoice', 'INV-1')`,
    );
    expect((await agent.get('/api/catalog/customers/CUS-001')).body.data.in_use).toBe(true);
    const refused = await agent.post('/api/catalog/customers/CUS-001/archive');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Customer is in use, cannot be deleted or archived');
    const refusedDelete = await agent.delete('/api/catalog/customers/CUS-001').set('Accept-Language', 'zh-CN');
    expect(refusedDelete.status).toBe(409);
    expect(refusedDelete.body.message).toBe('客户正在使用中，无法删除或归档');
    await catalogDb.query(`DELETE FROM catalog.record_usage WHERE target_type = 'customer'`);

    const archived = await agent.post('/api/catalog/customers/CUS-001/archive');
    expect(archived.body.data.status).toBe('archived');
    const listed = await agent.post('/api/catalog/customers/list').send({ other_params: { status: 'new_or_active' } });
    expect(listed.body.data.map((row: { customer_code: string }) => row.customer_code)).toEqual(['CUS-002']);
    const edit = await agent.put('/api/catalog/customers/CUS-001').send(customer());
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('CATALOG_CUSTOMER_ARCHIVED');
    const reactivated = await agent.post('/api/catalog/customers/CUS-001/reactivate');
    expect(reactivated.body.data.status).toBe('active');
    const removed = await agent.delete('/api/catalog/customers/CUS-001');
    expect(removed.status).toBe(200);
    expect((await agent.get('/api/catalog/customers/CUS-001')).status).toBe(404);
  });

  it('left every change in catalog.outbox with full snapshots and growing revisions', async () => {
    const events = await outbox('CUS-001');
    expect(events.map((event) => [event.subject, event.data.revision, event.data.status])).toEqual([
      ['catalog.customer.upserted', 1, 'new'],
      ['catalog.customer.upserted', 2, 'new'],
      ['catalog.customer.upserted', 3, 'archived'],
      ['catalog.customer.upserted', 4, 'active'],
      ['catalog.customer.deleted', 5, undefined],
    ]);
    expect(events[0].data).toMatchObject({
      customer_code: 'CUS-001',
      customer_name: 'Mary Lim',
      salutation: 'Ms',
      gender: 'female',
      primary_contact_no: '91234567',
      birthday: '1990-05-17',
      wedding_anniversary: null,
      mailing_list: true,
      contact_mode: 'WhatsApp/Telegram',
      tags: ['vip', 'jade'],
      address_list: [
        { ...billing, is_default: true },
        { ...shipping, is_default: true },
      ],
      transaction_count: 0,
      total_spending: '0.00',
    });
    expect((events[1].data.address_list as unknown[]).length).toBe(3);
  });

  it('enforces the RJ_CUSTOMER permission: view-only users can list and read but not change', async () => {
    const viewer = await tokenWithPermissions(runtime, [permission('RJ_CUSTOMER', true)]);
    const server = app.getHttpServer();
    const list = await request(server)
      .post('/api/catalog/customers/list')
      .set('Authorization', `Bearer ${viewer}`)
      .send({});
    expect(list.status).toBe(200);
    const read = await request(server).get('/api/catalog/customers/CUS-002').set('Authorization', `Bearer ${viewer}`);
    expect(read.status).toBe(200);
    const create = await request(server)
      .post('/api/catalog/customers')
      .set('Authorization', `Bearer ${viewer}`)
      .send(customer({ customer_code: 'CUS-010' }));
    expect(create.status).toBe(403);
    const archive = await request(server)
      .post('/api/catalog/customers/CUS-002/archive')
      .set('Authorization', `Bearer ${viewer}`);
    expect(archive.status).toBe(403);
    const other = await tokenWithPermissions(runtime, [permission('SUPPLIER', true)]);
    const forbidden = await request(server)
      .post('/api/catalog/customers/list')
      .set('Authorization', `Bearer ${other}`)
      .send({});
    expect(forbidden.status).toBe(403);
  });
});
