import 'reflect-metadata';
import fs from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ImportJobView } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { readWorkbook, writeWorkbook } from '@scm/platform';
import type { WriteCell } from '@scm/platform';
import { TEST_ADMIN, expectEventually, signInAgent, testConfig } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';

function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

/**
 * Excel import of locations, UOMs and customers through the gateway (embedded mode): references by name (category,
 * sub-category within it, region), yes/no and YYYY-MM-DD cells, one contact person / billing and shipping
 * address per row merged into what an updated record already has, and all-or-nothing with the outbox
 * untouched when a row is bad.
 */
describe('Excel import of locations, UOMs and customers (embedded mode)', () => {
  let app: NestFastifyApplication;
  let database: TestDatabase;
  let dataDir: string;
  let agent: TestAgent;
  let close: () => Promise<void>;
  let catalogDb: DataSource;

  beforeAll(async () => {
    const setup = await testConfig();
    database = setup.database;
    dataDir = setup.dataDir;
    ({ app, close } = await createEmbeddedApp(setup.config));
    await app.getHttpAdapter().getInstance().ready();
    agent = request.agent(app.getHttpServer());
    await signInAgent(agent, TEST_ADMIN.email, TEST_ADMIN.password);
    catalogDb = new DataSource({ type: 'postgres', url: database.url, schema: 'catalog' });
    await catalogDb.initialize();
    expect((await agent.post('/api/catalog/regions').send({ region_name: 'Central' })).status).toBe(201);
    const retail = await agent
      .post('/api/catalog/location-categories')
      .send({ category_name: 'Retail', sub_categories: [{ sub_category_name: 'Kiosk' }] });
    expect(retail.status).toBe(201);
    const warehouse = await agent
      .post('/api/catalog/location-categories')
      .send({ category_name: 'Warehouse', sub_categories: [{ sub_category_name: 'Cold room' }] });
    expect(warehouse.status).toBe(201);
  });

  afterAll(async () => {
    await catalogDb?.destroy();
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (entity: string, rows: WriteCell[][], language = 'en') => {
    const body = await writeWorkbook([{ name: 'Data', rows }]);
    const started = await agent.post(`/api/catalog/imports/${entity}`).attach('file', body, `${entity}.xlsx`);
    expect(started.status).toBe(201);
    return expectEventually(async () => {
      const response = await agent
        .get(`/api/catalog/imports/jobs/${started.body.data.job_id}`)
        .set('Accept-Language', language);
      const job = response.body.data as ImportJobView;
      expect(['succeeded', 'failed']).toContain(job.status);
      return job;
    });
  };
  const outboxCount = async () =>
    Number((await catalogDb.query(`SELECT count(*) AS n FROM catalog.outbox WHERE subject NOT LIKE 'catalog.import.%'`))[0].n as string);
  const problems = (job: ImportJobView) => job.errors.map((error) => [error.row, error.column_label, error.message]);

  const LOCATION_HEADER = [
    'Location ID',
    'Location name',
    'Operating',
    'Category',
    'Sub-category',
    'Region',
    'Address',
    'Country',
    'Postal code',
    'Contact name',
    'Contact mobile no.',
    'Contact email',
  ];

  it('has a location template naming categories with their sub-categories and regions', async () => {
    const template = await agent.get('/api/catalog/imports/locations/template?lang=en').buffer(true).parse(binary);
    const [data, notes] = await readWorkbook(template.body as Buffer);
    expect(data.rows[0]).toEqual(
      expect.arrayContaining(['Location ID *', 'Operating *', 'Sub-category', 'Region *', 'Contact name']),
    );
    expect(notes.rows.find((row) => row[0] === 'Sub-category')?.[2]).toContain('Retail / Kiosk, Warehouse / Cold room');
    expect(notes.rows.find((row) => row[0] === 'Operating')?.[2]).toContain('Yes or No');
  });

  it('creates locations with references by name and a contact, then updates one keeping its other contacts', async () => {
    const created = await run('locations', [
      LOCATION_HEADER,
      [
        'SG-001',
        'Orchard',
        'Yes',
        'retail',
        'Kiosk',
        'Central',
        '2 Orchard Turn',
        'Singapore',
        '238801',
        'Alice',
        '91234567',
        'alice@example.com',
      ],
      ['SG-002', 'Depot', 'no', 'Warehouse', null, 'Central', '9 Tuas Ave', 'Singapore', '639000', null, null, null],
    ]);
    expect(created).toMatchObject({ status: 'succeeded', created_count: 2, updated_count: 0 });
    const orchard = (await agent.get('/api/catalog/locations/SG-001')).body.data;
    expect(orchard).toMatchObject({
      is_operating: true,
      category_name: 'Retail',
      sub_category_name: 'Kiosk',
      region_name: 'Central',
      contact_person: [{ name: 'Alice', mobile_no: '91234567', email: 'alice@example.com' }],
    });
    expect((await agent.get('/api/catalog/locations/SG-002')).body.data).toMatchObject({
      is_operating: false,
      sub_category_id: null,
      contact_person: [],
    });

    const updated = await run('locations', [
      LOCATION_HEADER,
      [
        'sg-001',
        'Orchard Flagship',
        '是',
        'Retail',
        null,
        'Central',
        '2 Orchard Turn',
        '新加坡',
        '238801',
        'Ben',
        '98765432',
        null,
      ],
    ]);
    expect(updated).toMatchObject({ status: 'succeeded', created_count: 0, updated_count: 1 });
    expect((await agent.get('/api/catalog/locations/SG-001')).body.data).toMatchObject({
      location_name: 'Orchard Flagship',
      sub_category_id: null,
      contact_person: [
        { name: 'Ben', mobile_no: '98765432', email: '' },
        { name: 'Alice', mobile_no: '91234567', email: 'alice@example.com' },
      ],
    });
  });

  it('reports location problems by row and column and applies nothing', async () => {
    const before = await outboxCount();
    const job = await run('locations', [
      LOCATION_HEADER,
      ['SG-010', 'Fine', 'Yes', 'Retail', null, 'Central', '1 Road', 'Singapore', '111111', null, null, null],
      [
        'SG-011',
        'Wrong sub',
        'maybe',
        'Retail',
        'Cold room',
        'North',
        '1 Road',
        'Singapore',
        '11111',
        'Carl',
        '123',
        'x',
      ],
    ]);
    expect(job.status).toBe('failed');
    expect(problems(job)).toEqual([
      [3, 'Operating', 'Please enter Yes or No'],
      [3, 'Sub-category', '"Cold room" was not found (or is archived)'],
      [3, 'Region', '"North" was not found (or is archived)'],
      [3, 'Postal code', 'Please enter 6-digit number'],
      [3, 'Contact mobile no.', 'Please enter 8-digit number'],
      [3, 'Contact email', 'Please enter a valid email address'],
    ]);
    expect((await agent.get('/api/catalog/locations/SG-010')).status).toBe(404);
    expect(await outboxCount()).toBe(before);
  });

  it('imports UOMs by name and secondary UOM: an existing pair updates its factor, a repeated pair is refused', async () => {
    expect(
      (await agent.post('/api/catalog/uoms').send({ uom_name: 'PCS', secondary_uom: 'CARTON', uom_per_primary: 12 }))
        .status,
    ).toBe(201);
    const job = await run('uoms', [
      ['UOM name', 'Secondary UOM', 'UOM per primary'],
      ['pcs', 'carton', '24'],
      ['PCS', 'BOX', '6'],
    ]);
    expect(job).toMatchObject({ status: 'succeeded', created_count: 1, updated_count: 1 });
    const list = await agent.post('/api/catalog/uoms/list').send({ search_str: 'PCS' });
    expect(
      (list.body.data as { secondary_uom: string; uom_per_primary: string }[])
        .map((uom) => [uom.secondary_uom, uom.uom_per_primary])
        .sort(),
    ).toEqual([
      ['BOX', '6.000'],
      ['CARTON', '24.000'],
    ]);

    const repeated = await run('uoms', [
      ['UOM name', 'Secondary UOM', 'UOM per primary'],
      ['KG', 'BAG', '25'],
      ['kg', 'bag', '0'],
    ]);
    expect(problems(repeated)).toEqual([
      [3, 'UOM name', 'The same code is already on row 2'],
      [3, 'UOM per primary', 'Value must be more than 0'],
    ]);
  });

  const CUSTOMER_HEADER = [
    'Customer code',
    'Customer name',
    'Salutation',
    'Gender',
    'Primary contact no.',
    'Birthday',
    'Mailing list',
    'Contact mode',
    'Tags',
    'Billing address',
    'Billing country',
    'Billing postal code',
    'Shipping address',
    'Shipping country',
    'Shipping postal code',
  ];

  it('creates customers with default billing and shipping addresses, dates and tags, then updates one', async () => {
    const created = await run('customers', [
      CUSTOMER_HEADER,
      [
        'CUS-001',
        'Tan Mei Ling',
        'Ms',
        'Female',
        '91234567',
        new Date(Date.UTC(1990, 4, 17)),
        'Yes',
        'WhatsApp/Telegram',
        'vip, wholesale',
        '1 Raffles Place',
        'Singapore',
        '048616',
        '2 Jurong Road',
        'Singapore',
        '600002',
      ],
      [
        'CUS-002',
        'Lim Wei',
        'Mr',
        'male',
        '81234567',
        '1985-01-31',
        'no',
        'Email',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
      ],
    ]);
    expect(created).toMatchObject({ status: 'succeeded', created_count: 2 });
    expect((await agent.get('/api/catalog/customers/CUS-001')).body.data).toMatchObject({
      gender: 'female',
      birthday: '1990-05-17',
      mailing_list: true,
      tags: ['vip', 'wholesale'],
      address_list: [
        {
          address_type: 'billing',
          address: '1 Raffles Place',
          country: 'Singapore',
          postal_code: '048616',
          is_default: true,
        },
        {
          address_type: 'shipping',
          address: '2 Jurong Road',
          country: 'Singapore',
          postal_code: '600002',
          is_default: true,
        },
      ],
    });
    expect((await agent.get('/api/catalog/customers/CUS-002')).body.data).toMatchObject({
      birthday: '1985-01-31',
      address_list: [],
    });

    const updated = await run('customers', [
      CUSTOMER_HEADER,
      [
        'CUS-001',
        'Tan Mei Ling',
        'Mdm',
        'female',
        '91234567',
        null,
        'Yes',
        'Call',
        'vip',
        null,
        null,
        null,
        '8 Changi Road',
        'Singapore',
        '419700',
      ],
    ]);
    expect(updated).toMatchObject({ status: 'succeeded', updated_count: 1 });
    const customer = (await agent.get('/api/catalog/customers/CUS-001')).body.data;
    expect(customer).toMatchObject({ salutation: 'Mdm', birthday: null, contact_mode: 'Call', tags: ['vip'] });
    expect(customer.address_list).toEqual([
      {
        address_type: 'shipping',
        address: '8 Changi Road',
        country: 'Singapore',
        postal_code: '419700',
        is_default: true,
      },
      {
        address_type: 'billing',
        address: '1 Raffles Place',
        country: 'Singapore',
        postal_code: '048616',
        is_default: true,
      },
      {
        address_type: 'shipping',
        address: '2 Jurong Road',
        country: 'Singapore',
        postal_code: '600002',
        is_default: false,
      },
    ]);
  });

  it('reports customer problems (in Chinese too), names the address columns, and applies nothing', async () => {
    const before = await outboxCount();
    const rows: WriteCell[][] = [
      CUSTOMER_HEADER,
      ['CUS-010', 'Fine', 'Ms', 'female', '91234567', null, 'Yes', 'SMS', null, null, null, null, null, null, null],
      [
        'CUS-011',
        'Bad',
        'Dr',
        'female',
        '91234567',
        '17/05/1990',
        'Yes',
        'SMS',
        null,
        null,
        null,
        null,
        '3 Road',
        'Singapore',
        '12',
      ],
    ];
    const job = await run('customers', rows);
    expect(problems(job)).toEqual([
      [3, 'Salutation', 'Please enter one of: Ms, Mr, Mrs, Mdm, Sir'],
      [3, 'Birthday', 'Please enter a date as YYYY-MM-DD'],
      [3, 'Shipping postal code', 'Please enter 6-digit number'],
    ]);
    expect((await agent.get('/api/catalog/customers/CUS-010')).status).toBe(404);
    expect(await outboxCount()).toBe(before);

    const chinese = await run('customers', rows, 'zh-CN');
    expect(problems(chinese)).toEqual([
      [3, '称谓', '请输入以下之一：Ms, Mr, Mrs, Mdm, Sir'],
      [3, '生日', '请按 YYYY-MM-DD 格式输入日期'],
      [3, '收货邮政编码', '请输入 6 位数字'],
    ]);
  });
});
