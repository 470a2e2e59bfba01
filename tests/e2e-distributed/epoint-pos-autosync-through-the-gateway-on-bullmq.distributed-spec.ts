import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { EpointKeyCreated, EpointPushResult, EpointRecordListRow } from '@scm/contracts';
import { expectEventually } from '@scm/testing';
import { printOutputIfFailed, startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * POS AutoSync (issue 14) in the distributed topology: the POS calls the gateway with its key only (the gateway's
 * session gate passes a non-session bearer through untouched), a batch above the services' 1 MB JSON limit reaches
 * the inventory process, and the day's posting runs as a BullMQ job on Redis in that process — a late line of a
 * posted day too, as a correction.
 */
describe('POS AutoSync in distributed mode (gateway, BullMQ)', () => {
  let stack: DistributedStack;
  let agent: TestAgent;
  const outlet = 'DEP-OUT1';

  beforeAll(async () => {
    stack = await startDistributedStack('epoint');
    agent = await stack.signedInAgent();
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  afterEach(() => printOutputIfFailed(stack));

  const push = (key: string, records: unknown[]) =>
    request(stack.gatewayUrl)
      .post('/api/inventory/epoint/records')
      .set('Authorization', `Bearer ${key}`)
      .send({ records });
  const line = (shift: string, date: string, stock = 'DEP-PLU-LATTE') => ({
    shift_code: shift,
    stock_code: stock,
    quantity: '1',
    amount: '4.50',
    epoint_date: date,
    uom: 'CUP',
  });
  const records = async (date: string) => {
    const response = await agent.post('/api/inventory/epoint/records/list').send({
      other_params: { location_ids: [outlet], epoint_date: { from: date, to: date } },
      limit: 1000,
    });
    expect(response.status).toBe(200);
    return (response.body as { data: EpointRecordListRow[]; recordsTotal: number }).data;
  };

  it('takes a POS push by key through the gateway and posts each day by a BullMQ job, a late line as a correction', async () => {
    const region = await agent.post('/api/catalog/regions').send({ region_name: 'Region DEP' });
    const category = await agent
      .post('/api/catalog/location-categories')
      .send({ category_name: 'Outlets DEP', sub_categories: [] });
    const location = await agent.post('/api/catalog/locations').send({
      location_id: outlet,
      location_name: 'Outlet DEP',
      is_operating: true,
      category_id: (category.body as { data: { category_id: string } }).data.category_id,
      sub_category_id: null,
      region_id: (region.body as { data: { region_id: string } }).data.region_id,
      address: '1 Ledger Road',
      country: 'Singapore',
      postal_code: '600001',
      contact_person: [],
      remark: '',
    });
    expect(location.status).toBe(201);
    // Inventory learns the outlet over NATS: the key can be made once it has.
    let key = '';
    await expectEventually(
      async () => {
        const created = await agent.post('/api/inventory/epoint/keys').send({ location_id: outlet, label: 'Till 1' });
        expect(created.status).toBe(201);
        key = (created.body as { data: EpointKeyCreated }).data.key;
      },
      { timeoutMs: 30_000 },
    );

    expect((await push('scmpos_wrong', [line('S1', '2026-06-01')])).status).toBe(401);

    // 10,000 lines of one day through the gateway: more than 1 MB of JSON.
    const many = Array.from({ length: 10_000 }, (_, index) => line(`S-${index}`, '2026-06-01', `DEP-PLU-${index % 5}`));
    const bulk = await push(key, many);
    expect(bulk.status).toBe(200);
    expect((bulk.body as { data: EpointPushResult }).data).toMatchObject({
      location_id: outlet,
      accepted: 10_000,
      days: ['2026-06-01'],
    });

    let dayUpload: string | null = null;
    await expectEventually(
      async () => {
        const rows = await records('2026-06-01');
        expect(rows.length).toBe(1000);
        for (const row of rows) expect(row.su_id).toEqual(expect.any(String));
        dayUpload = rows[0].su_id;
      },
      { timeoutMs: 60_000 },
    );

    const late = await push(key, [line('LATE', '2026-06-01'), line('S-0', '2026-06-01', 'DEP-PLU-0')]);
    expect((late.body as { data: EpointPushResult }).data).toMatchObject({ accepted: 1, duplicate: 1 });
    await expectEventually(
      async () => {
        const response = await agent.post('/api/inventory/epoint/records/list').send({
          other_params: { location_ids: [outlet], shift_code: 'LATE' },
        });
        const [row] = (response.body as { data: EpointRecordListRow[] }).data;
        expect(row?.su_id).toEqual(expect.any(String));
        expect(row?.su_id).not.toBe(dayUpload);
      },
      { timeoutMs: 30_000 },
    );
  });
});
