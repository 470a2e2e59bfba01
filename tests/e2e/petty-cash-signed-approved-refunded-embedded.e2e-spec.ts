import 'reflect-metadata';
import { ProcurementSubjects } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import {
  SUITE_HOOK_TIMEOUT_MS,
  expectEventually,
  fullRightsToken,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';

type Server = Parameters<typeof request>[0];

/** A 1×1 transparent PNG, as the signature pad's data URL would carry a drawing. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Petty cash through the gateway (SPEC.md §3-§5): a claim at an outlet with business and non-business receipts, GST
 * by each receipt's gst_type at the company's 9 % (hand-computed), refused unsigned on submit with SPEC.md §5's
 * translated message, approved only within the approver's limit on its total in USD, signed for on hand-over and
 * refunded from the refund list; another location's user does not find it and a role without can_see_cost sees no
 * amounts. Nothing is posted to the ledger.
 */
describe('petty cash: signed, approved and refunded (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let procurementDb: DataSource;
  let admin: string;
  const [OUT1, OUT2] = ['PC-OUT1', 'PC-OUT2'];
  const DAY = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    procurementDb = new DataSource({
      type: 'postgres',
      url: runtime.databaseUrl,
      schema: 'procurement',
      extra: { options: '-c search_path=procurement' },
    });
    await procurementDb.initialize();
    const [row] = await procurementDb.query<{ user_id: string }[]>(
      `SELECT user_id FROM identity.app_user WHERE username = 'admin'`,
    );
    admin = `Bearer ${await fullRightsToken(runtime, ['*'], { sub: row.user_id, name: 'Administrator' })}`;
    await seedCatalog();
  }, SUITE_HOOK_TIMEOUT_MS * 2);

  afterAll(async () => {
    await procurementDb?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  async function send(path: string, body: object) {
    const response = await request(server).post(path).set('Authorization', admin).send(body);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as Record<string, string>;
  }

  /** Two outlets and SGD at 1.25 per USD; the company's default GST rate is the seeded 9 %. */
  async function seedCatalog() {
    const region = await send('/api/catalog/regions', { region_name: 'Region PC' });
    const category = await send('/api/catalog/location-categories', {
      category_name: 'Outlets PC',
      sub_categories: [],
    });
    for (const locationId of [OUT1, OUT2]) {
      await send('/api/catalog/locations', {
        location_id: locationId,
        location_name: `Outlet ${locationId}`,
        is_operating: true,
        category_id: category.category_id,
        sub_category_id: null,
        region_id: region.region_id,
        address: '1 Petty Cash Road',
        country: 'Singapore',
        postal_code: '600001',
        contact_person: [],
        remark: '',
      });
    }
    await send('/api/catalog/settings/exchange-rates', { currency: 'SGD', effective_date: '2024-01-01', rate: '1.25' });
    // A settings change sends catalog's settings (the seeded default 9 % among them) to procurement's replica.
    await send('/api/catalog/settings/gst-rates', { rate: '5' });
    await expectEventually(
      async () => {
        const [counts] = await procurementDb.query<Record<string, unknown>[]>(
          `SELECT (SELECT count(*)::int FROM location_replica WHERE location_id IN ($1, $2)) AS locations,
                  (SELECT count(*)::int FROM exchange_rate_replica WHERE currency = 'SGD') AS rates,
                  (SELECT default_gst_rate::text FROM company_settings_replica WHERE settings_id = 'company') AS gst`,
          [OUT1, OUT2],
        );
        expect(counts).toEqual({ locations: 2, rates: 1, gst: '9.00' });
      },
      { timeoutMs: 30_000 },
    );
  }

  const api = (auth = admin) => ({
    get: (path: string) => request(server).get(`/api/procurement/${path}`).set('Authorization', auth),
    post: (path: string, body: object = {}) =>
      request(server).post(`/api/procurement/${path}`).set('Authorization', auth).send(body),
    put: (path: string, body: object = {}) =>
      request(server).put(`/api/procurement/${path}`).set('Authorization', auth).send(body),
  });

  const receipt = (receiptNo: string, amount: string, gstType: string, category = 'MEALS') => ({
    receipt_date: DAY,
    receipt_no: receiptNo,
    description: `Receipt ${receiptNo}`,
    category,
    claim_amount: amount,
    gst_type: gstType,
  });

  const claim = {
    location_id: OUT1,
    claim_date: DAY,
    currency: 'SGD',
    remark: 'Week 48',
    business_list: [receipt('B-1', '109', 'inclusive', 'CLEANING'), receipt('B-2', '50', 'exclusive', 'REPAIRS')],
    non_business_list: [receipt('N-1', '20', 'none', 'STAFF_WELFARE'), receipt('N-2', '10.90', 'inclusive')],
  };

  let claimId: string;

  it('prices each receipt by its GST type at 9 % and totals the lists in USD', async () => {
    const choices = await api().get('petty-cash/choices');
    expect(choices.body.data).toEqual({ currencies: ['SGD', 'USD'], gst_rate: '9.0000' });
    const created = await api().post('petty-cash', claim);
    expect(created.status).toBe(201);
    const view = created.body.data;
    claimId = view.id;
    // B-1 109.00 incl.: GST 109 × 9/109 = 9.00; B-2 50.00 excl.: GST 4.50, total 54.50; N-1 20.00 no GST;
    // N-2 10.90 incl.: GST 0.90. Business 163.50, non-business 30.90, total 194.40 SGD = 155.52 USD at 1.25;
    // GST 14.40 of which only the business 13.50 is claimable; before GST 180.00.
    expect(view).toMatchObject({
      doc_no: `PC-${OUT1}-000001`,
      status: 'DRAFT',
      applicant_name: 'Administrator',
      gst_rate: '9.0000',
      exchange_rate: '1.250000',
      business_total: '163.50',
      non_business_total: '30.90',
      gst_amount: '14.40',
      claimable_gst_amount: '13.50',
      subtotal_amount: '180.00',
      total_amount: '194.40',
      total_usd: '155.52',
      applicant_signature: null,
    });
    expect(view.business_list.map((line: Record<string, string>) => [line.gst_amount, line.line_total])).toEqual([
      ['9.00', '109.00'],
      ['4.50', '54.50'],
    ]);
    expect(view.non_business_list.map((line: Record<string, string>) => [line.gst_amount, line.line_total])).toEqual([
      ['0.00', '20.00'],
      ['0.90', '10.90'],
    ]);
  });

  it('refuses to submit an unsigned claim with the translated message, then submits it signed', async () => {
    const unsigned = await api().post(`petty-cash/${claimId}/submit`, { revision: 1 });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toMatchObject({
      code: 'PROCUREMENT_SIGNATURE_REQUIRED',
      message: 'Please sign before submitting.',
    });
    const chinese = await request(server)
      .post(`/api/procurement/petty-cash/${claimId}/submit`)
      .set('Authorization', admin)
      .set('Accept-Language', 'zh-CN')
      .send({ revision: 1 });
    expect(chinese.body.message).toBe('请先签名再提交。');
    expect((await api().get(`petty-cash/${claimId}`)).body.data.status).toBe('DRAFT');

    const bad = await api().put(`petty-cash/${claimId}`, {
      ...claim,
      applicant_signature: 'not a picture',
      revision: 1,
    });
    expect(bad.status).toBe(400);
    const signed = await api().put(`petty-cash/${claimId}`, { ...claim, applicant_signature: SIGNATURE, revision: 1 });
    expect(signed.status).toBe(200);
    expect(signed.body.data).toMatchObject({ applicant_signature: SIGNATURE, revision: 2 });
    expect(signed.body.data.applicant_signed_time).toEqual(expect.any(String));
    const submitted = await api().post(`petty-cash/${claimId}/submit`, { revision: 2 });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'PENDING APPROVAL', available_actions: expect.any(Array) });
  });

  it("refuses an approval above the approver's limit in USD, and approves within it", async () => {
    const limited = `Bearer ${await tokenWithPermissions(
      runtime,
      [{ permission: { key: 'PC' }, view: true, edit: true, approval: true }],
      { locs: [OUT1], cost: true, limit: '150' },
    )}`;
    const above = await api(limited).post(`petty-cash/${claimId}/approve`, { revision: 3 });
    expect(above.status).toBe(403);
    expect(above.body.code).toBe('DOCUMENT_APPROVAL_LIMIT_EXCEEDED');
    const enough = `Bearer ${await tokenWithPermissions(
      runtime,
      [{ permission: { key: 'PC' }, view: true, edit: true, approval: true }],
      { locs: [OUT1], cost: true, limit: '155.52' },
    )}`;
    const approved = await api(enough).post(`petty-cash/${claimId}/approve`, { revision: 3 });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('APPROVED');
  });

  it('signs for the cash only with a signature, then refunds it from the refund list', async () => {
    const unsigned = await api().post(`petty-cash/${claimId}/sign`, { revision: 4 });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.code).toBe('PROCUREMENT_SIGNATURE_REQUIRED');
    const signed = await api().post(`petty-cash/${claimId}/sign`, { revision: 4, signature: SIGNATURE });
    expect(signed.status).toBe(200);
    expect(signed.body.data).toMatchObject({
      status: 'SIGNED',
      receipt_signature: SIGNATURE,
      receipt_signed_by_name: 'Administrator',
    });

    const signedList = await api().post('petty-cash/list', { limit: 100, other_params: { status: 'SIGNED' } });
    expect(signedList.body.data.map((row: { id: string }) => row.id)).toEqual([claimId]);
    const refunded = await api().post('petty-cash/refund', { ids: [claimId], remark: 'Float topped up' });
    expect(refunded.status).toBe(200);
    const after = (await api().get(`petty-cash/${claimId}`)).body.data;
    expect(after).toMatchObject({ status: 'REFUNDED', refunded_time: expect.any(String) });
    expect(after.history.map((entry: { action: string }) => entry.action)).toEqual([
      'create',
      'update',
      'submit',
      'approve',
      'sign',
      'refund',
    ]);
    // Refunding again is refused by the machine; the whole batch with it.
    const again = await api().post('petty-cash/refund', { ids: [claimId] });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DOCUMENT_ACTION_NOT_ALLOWED');

    // The activity log has the claim under its module (signed for, refunded...), linked to its page.
    await expectEventually(async () => {
      const log = await request(server)
        .post('/api/notification/activity-log/list')
        .set('Authorization', admin)
        .send({ limit: 50, other_params: { module: ['Petty Cash'] } });
      const rows = (log.body.data as { reference_id: string; message: string }[]).filter(
        (row) => row.reference_id === claimId,
      );
      expect(rows.map((row) => row.message).sort()).toEqual([
        `Administrator refunded Petty Cash PC-${OUT1}-000001`,
        `Administrator signed for Petty Cash PC-${OUT1}-000001`,
        `Administrator submitted Petty Cash PC-${OUT1}-000001`,
        `Test User approved Petty Cash PC-${OUT1}-000001`,
      ]);
    });

    const activity = await procurementDb.query<{ subject: string }[]>(
      `SELECT subject FROM outbox WHERE envelope->'data'->>'document_id' = $1 ORDER BY subject`,
      [claimId],
    );
    expect(activity.map((row) => row.subject).sort()).toEqual(
      [
        ProcurementSubjects.PettyCashApproved,
        ProcurementSubjects.PettyCashRefunded,
        ProcurementSubjects.PettyCashSigned,
        ProcurementSubjects.PettyCashSubmitted,
      ].sort(),
    );
  });

  it("answers another location's claim as not found and shows no amounts without can_see_cost", async () => {
    const elsewhere = `Bearer ${await fullRightsToken(runtime, [OUT2])}`;
    expect((await api(elsewhere).get(`petty-cash/${claimId}`)).status).toBe(404);
    expect((await api(elsewhere).get(`attachments/petty-cash/${claimId}`)).status).toBe(404);
    expect((await api(elsewhere).post('petty-cash/list', { limit: 100 })).body.recordsTotal).toBe(0);
    expect((await api(elsewhere).post('petty-cash', { ...claim, location_id: OUT1 })).status).toBe(403);
    expect((await api(elsewhere).post('petty-cash/refund', { ids: [claimId] })).status).toBe(404);

    const blind = `Bearer ${await fullRightsToken(runtime, [OUT1], { cost: false })}`;
    const seen = await api(blind).get(`petty-cash/${claimId}`);
    expect(seen.status).toBe(200);
    for (const field of [
      'business_total',
      'non_business_total',
      'gst_amount',
      'claimable_gst_amount',
      'subtotal_amount',
      'total_amount',
      'total_usd',
    ]) {
      expect(seen.body.data).not.toHaveProperty(field);
    }
    expect(seen.body.data.business_list[0]).not.toHaveProperty('claim_amount');
    expect(seen.body.data.business_list[0]).toMatchObject({ receipt_no: 'B-1', gst_type: 'inclusive' });
    const row = (await api(blind).post('petty-cash/list', { limit: 100 })).body.data[0];
    expect(row).toMatchObject({ doc_no: `PC-${OUT1}-000001` });
    expect(row).not.toHaveProperty('total_amount');
  });

  it('refuses a claim without receipts or with a receipt after it, and posts nothing to the ledger', async () => {
    const empty = await api().post('petty-cash', { ...claim, business_list: [], non_business_list: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('PROCUREMENT_NO_RECEIPTS');
    const later = await api().post('petty-cash', {
      ...claim,
      claim_date: '2026-01-10',
      business_list: [{ ...receipt('L-1', '5', 'none'), receipt_date: '2026-01-11' }],
      non_business_list: [],
    });
    expect(later.status).toBe(400);
    expect(later.body.errors).toEqual([
      expect.objectContaining({
        field: 'business_list.0.receipt_date',
        message: 'The receipt date cannot be after the claim date',
      }),
    ]);
    const posted = await procurementDb.query(
      `SELECT 1 FROM outbox WHERE subject LIKE 'stock-posting.%' AND envelope->'data'->>'document_type' = 'PC'`,
    );
    expect(posted).toHaveLength(0);
  });
});
