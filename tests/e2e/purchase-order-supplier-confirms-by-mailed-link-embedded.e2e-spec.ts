import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { createEmbeddedApp } from '@scm/gateway';
import { mailboxDir, readMailbox } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, expectEventually, fullRightsToken, startCatalogSuite } from '@scm/testing';
import request from 'supertest';
import { extractText } from 'unpdf';
import { DataSource } from 'typeorm';

type Server = Parameters<typeof request>[0];

const SUPPLIER_EMAIL = 'orders@supplier-sc.example';
const LINK_INVALID = 'PROCUREMENT_SUPPLIER_LINK_INVALID';

function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The supplier's confirmation page (issue 12): approving a PO mails its supplier a one-time link; through it,
 * without signing in, the supplier sees the PO (nothing internal) and confirms it with another delivery time and
 * available quantities, or declines it. Reused, tampered, expired and replaced links are refused alike and change
 * nothing.
 */
describe('purchase order: the supplier confirms or declines through the mailed link (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let db: DataSource;
  let admin: string;
  let adminId: string;
  const LOC = 'SC-OUT1';
  const SOON = dayFromToday(3);

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    db = new DataSource({
      type: 'postgres',
      url: runtime.databaseUrl,
      schema: 'procurement',
      extra: { options: '-c search_path=procurement' },
    });
    await db.initialize();
    const [row] = await db.query<{ user_id: string }[]>(
      `SELECT user_id FROM identity.app_user WHERE username = 'admin'`,
    );
    adminId = row.user_id;
    admin = `Bearer ${await fullRightsToken(runtime, ['*'], { sub: row.user_id, name: 'Administrator' })}`;
    await seedCatalog();
  }, SUITE_HOOK_TIMEOUT_MS * 2);

  afterAll(async () => {
    await db?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  async function send(path: string, body: object, method: 'post' | 'put' = 'post') {
    const response = await request(server)[method](path).set('Authorization', admin).send(body);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as Record<string, string>;
  }

  async function seedCatalog() {
    const region = await send('/api/catalog/regions', { region_name: 'Region SC' });
    const locationCategory = await send('/api/catalog/location-categories', {
      category_name: 'Outlets SC',
      sub_categories: [],
    });
    await send('/api/catalog/locations', {
      location_id: LOC,
      location_name: 'Outlet Supplier Confirm',
      is_operating: true,
      category_id: locationCategory.category_id,
      sub_category_id: null,
      region_id: region.region_id,
      address: '7 Harbour Street',
      country: 'Singapore',
      postal_code: '600007',
      contact_person: [],
      remark: '',
    });
    await send('/api/catalog/uoms', { uom_name: 'KG', secondary_uom: 'CTN', uom_per_primary: '10' });
    const supplierCategory = await send('/api/catalog/supplier-categories', { category_name: 'Dry goods SC' });
    await send('/api/catalog/suppliers', {
      supplier_id: 'SC-SUP',
      company_name: 'Supplier SC',
      credit_term_in_days: 30,
      contact_name: 'Alice',
      contact_no: '91234567',
      contact_email: SUPPLIER_EMAIL,
      address: '1 Jurong Road',
      postal_code: '600001',
      country: 'Singapore',
      minimum_order_value: '0',
      category_id: supplierCategory.category_id,
      gst_price_type: 'exclusive',
      gst_rate: 9,
      tax_rate: 9,
      tax_type: 'GST',
      hashtag_list: [],
    });
    const skuCategory = await send('/api/catalog/sku-categories', { category_name: 'Baking SC' });
    await send('/api/catalog/skus', {
      sku_id: 'SC-FLOUR',
      name: 'Flour SC',
      display_name: 'Flour SC',
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
      supplier_list: ['SC-SUP'],
      default_supplier_id: 'SC-SUP',
      threshold: '0',
      is_inventorise: true,
      default_wastage_percentage: '0',
      hashtag_list: [],
    });
    await send(
      '/api/catalog/supplier-prices',
      {
        sku_id: 'SC-FLOUR',
        supplier_id: 'SC-SUP',
        uom_name: 'CTN',
        current_price: '50',
        future_price_1: null,
        future_price_1_date: null,
        future_price_2: null,
        future_price_2_date: null,
      },
      'put',
    );
    await send('/api/catalog/settings/exchange-rates', { currency: 'SGD', effective_date: '2024-01-01', rate: '1.35' });
    await expectEventually(
      async () => {
        const [counts] = await db.query<Record<string, number>[]>(
          `SELECT (SELECT count(*)::int FROM location_replica WHERE location_id = $1 AND address IS NOT NULL) AS locations,
                  (SELECT count(*)::int FROM supplier_replica WHERE supplier_id = 'SC-SUP') AS suppliers,
                  (SELECT count(*)::int FROM sku_supplier_price_replica WHERE sku_id = 'SC-FLOUR') AS prices,
                  (SELECT count(*)::int FROM exchange_rate_replica WHERE currency = 'SGD') AS rates`,
          [LOC],
        );
        expect(counts).toEqual({ locations: 1, suppliers: 1, prices: 1, rates: 1 });
      },
      { timeoutMs: 30_000 },
    );
  }

  const api = {
    get: (path: string) => request(server).get(`/api/procurement/${path}`).set('Authorization', admin),
    post: (path: string, body: object = {}) =>
      request(server).post(`/api/procurement/${path}`).set('Authorization', admin).send(body),
  };
  /** The supplier: no session, no token. */
  const supplier = {
    view: (token: string) =>
      request(server).get(`/api/procurement/supplier-confirmation?token=${encodeURIComponent(token)}`),
    confirm: (body: object) => request(server).post('/api/procurement/supplier-confirmation/confirm').send(body),
    decline: (body: object) => request(server).post('/api/procurement/supplier-confirmation/decline').send(body),
  };

  /** A PO approved and sent: PENDING SUPPLIER. */
  async function approvedOrder(): Promise<{ id: string; doc_no: string; revision: number }> {
    const created = await api.post('purchase-orders', {
      supplier_id: 'SC-SUP',
      location_id: LOC,
      purchase_date: SOON,
      delivery_time: `${SOON}T09:00:00+08:00`,
      order_type: 'Business Order',
      stock_type: 'inventory',
      currency: 'SGD',
      internal_remark: 'SECRET internal note',
      external_remark: 'deliver to the back door',
      lines: [
        { sku_id: 'SC-FLOUR', uom_name: 'CTN', quantity: '3' },
        { sku_id: 'SC-FLOUR', uom_name: 'KG', quantity: '2', unit_price: '5.5' },
      ],
    });
    expect(created.status).toBe(201);
    const { id } = created.body.data;
    expect((await api.post(`purchase-orders/${id}/submit`, { revision: 1 })).status).toBe(200);
    const approved = await api.post(`purchase-orders/${id}/approve`, { revision: 2 });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('PENDING SUPPLIER');
    return { id, doc_no: approved.body.data.doc_no, revision: approved.body.data.revision };
  }

  /** The newest link mailed for the PO (waits for the job that sends it after the commit). */
  async function mailedToken(docNo: string, after = 0): Promise<string> {
    let token = '';
    await expectEventually(
      async () => {
        const mails = (await readMailbox(mailboxDir(runtime.config.dataDir))).filter(
          (mail) => mail.to === SUPPLIER_EMAIL && mail.subject.includes(docNo),
        );
        expect(mails.length).toBeGreaterThan(after);
        const mail = mails[mails.length - 1];
        // English and Chinese, with the PO's summary.
        expect(mail.text).toContain('Please find our purchase order');
        expect(mail.text).toContain('以下是我们的采购订单');
        expect(mail.text).toContain('Flour SC');
        expect(mail.text).toContain('7 Harbour Street');
        expect(mail.text).not.toContain('SECRET');
        const match = /\/supplier\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
        expect(match).not.toBeNull();
        token = decodeURIComponent(match![1]);
      },
      { timeoutMs: 30_000 },
    );
    return token;
  }

  const mailCount = async (docNo: string) =>
    (await readMailbox(mailboxDir(runtime.config.dataDir))).filter(
      (mail) => mail.to === SUPPLIER_EMAIL && mail.subject.includes(docNo),
    ).length;

  async function status(id: string): Promise<{
    status: string;
    history: { action: string; actor_name: string; remark: string | null }[];
    delivery_time: string;
    revision: number;
  }> {
    const response = await api.get(`purchase-orders/${id}`);
    expect(response.status).toBe(200);
    return response.body.data;
  }

  it('mails the link on approval; the supplier sees the PO without anything internal and confirms it once', async () => {
    const po = await approvedOrder();
    const token = await mailedToken(po.doc_no);

    const seen = await supplier.view(token);
    expect(seen.status).toBe(200);
    const view = seen.body.data;
    expect(view).toMatchObject({
      doc_no: po.doc_no,
      supplier_name: 'Supplier SC',
      location_name: 'Outlet Supplier Confirm',
      location_address: '7 Harbour Street 600007',
      currency: 'SGD',
      external_remark: 'deliver to the back door',
      // 3 × 50 + 2 × 5.50 = 161.00, GST exclusive 9% = 14.49.
      order_subtotal: '161.00',
      order_gst: '14.49',
      order_total: '175.49',
    });
    expect(view.lines).toEqual([
      expect.objectContaining({ line_id: 1, sku_name: 'Flour SC', quantity: '3.000', uom_name: 'CTN' }),
      expect.objectContaining({ line_id: 2, sku_name: 'Flour SC', quantity: '2.000', uom_name: 'KG' }),
    ]);
    const text = JSON.stringify(seen.body);
    for (const internal of [
      'SECRET',
      'internal_remark',
      'history',
      'created_by',
      'submitted_by',
      'Administrator',
      po.id,
    ]) {
      expect(text).not.toContain(internal);
    }

    const newDelivery = `${dayFromToday(5)}T02:00:00.000Z`;
    const confirmed = await supplier.confirm({
      token,
      delivery_time: newDelivery,
      lines: [{ line_id: 1, available_quantity: '2' }],
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ doc_no: po.doc_no, status: 'CONFIRMED BY SUPPLIER' });

    const after = await status(po.id);
    expect(after.status).toBe('CONFIRMED BY SUPPLIER');
    expect(after.delivery_time).toBe(newDelivery);
    expect(after.history.at(-1)).toMatchObject({ action: 'supplierConfirm', actor_name: 'Supplier' });
    expect(after.history.at(-1)!.remark).toContain('Line 1: 2.000 of 3.000 CTN available');
    const [line] = await db.query<{ q: string }[]>(
      `SELECT supplier_available_quantity::text AS q FROM purchase_order_line WHERE purchase_order_id = $1 AND line_no = 1`,
      [po.id],
    );
    expect(line.q).toBe('2.000');

    // The same link again: refused, nothing changes.
    for (const again of [
      await supplier.view(token),
      await supplier.confirm({ token }),
      await supplier.decline({ token, reason: 'x' }),
    ]) {
      expect(again.status).toBe(410);
      expect(again.body.code).toBe(LINK_INVALID);
    }
    expect((await status(po.id)).revision).toBe(after.revision);

    // The buyer hears of it: the activity event, and the notification it makes for those who see the PO.
    const events = await db.query<{ id: string }[]>(
      `SELECT id FROM outbox
        WHERE subject = 'procurement.purchase-order.confirmed-by-supplier' AND envelope::text LIKE $1`,
      [`%${po.id}%`],
    );
    expect(events).toHaveLength(1);
    await expectEventually(
      async () => {
        const recipients = await db.query<{ user_id: string }[]>(
          `SELECT user_id FROM notifications.notification WHERE event_id = $1`,
          [events[0].id],
        );
        expect(recipients.map((row) => row.user_id)).toContain(adminId);
      },
      { timeoutMs: 30_000 },
    );
  });

  it('attaches the printable purchase order (PDF, both languages, lines and totals, nothing internal)', async () => {
    const po = await approvedOrder();
    await mailedToken(po.doc_no);
    const [mail] = (await readMailbox(mailboxDir(runtime.config.dataDir))).filter((stored) =>
      stored.subject.includes(po.doc_no),
    );
    expect(mail.attachments).toEqual([
      expect.objectContaining({ filename: `${po.doc_no}.pdf`, contentType: 'application/pdf' }),
    ]);
    const pdf = fs.readFileSync(path.join(mailboxDir(runtime.config.dataDir), mail.attachments![0].file));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    for (const expected of [
      'Purchase order / 采购单',
      po.doc_no,
      'Supplier SC',
      '7 Harbour Street',
      'Flour SC',
      'SGD 161.00',
      'SGD 14.49',
      'SGD 175.49',
      'deliver to the back door',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('SECRET');
  });

  it('refuses a tampered, an unknown and an expired link alike, translated, changing nothing', async () => {
    const po = await approvedOrder();
    const token = await mailedToken(po.doc_no);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [tampered, 'unknown-token']) {
      const seen = await supplier.view(bad);
      expect(seen.status).toBe(410);
      expect(seen.body.code).toBe(LINK_INVALID);
      expect((await supplier.confirm({ token: bad })).status).toBe(410);
    }
    const zh = await supplier.view('unknown-token').set('Accept-Language', 'zh-CN');
    expect(zh.body.message).toBe('此链接已失效：已过期、已使用或已被新的链接取代。请联系采购方。');

    await db.query(`UPDATE supplier_link SET expires_at = now() - interval '1 minute' WHERE po_id = $1`, [po.id]);
    const expired = await supplier.confirm({ token });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe(LINK_INVALID);
    expect((await supplier.view(token)).status).toBe(410);
    expect((await status(po.id)).status).toBe('PENDING SUPPLIER');
  });

  it('declines with a reason: CANCELLED BY SUPPLIER, the reason in the history', async () => {
    const po = await approvedOrder();
    const token = await mailedToken(po.doc_no);
    expect((await supplier.decline({ token, reason: '' })).status).toBe(400);
    const declined = await supplier.decline({ token, reason: 'Out of flour this week' });
    expect(declined.status).toBe(200);
    expect(declined.body.data.status).toBe('CANCELLED BY SUPPLIER');
    const after = await status(po.id);
    expect(after.status).toBe('CANCELLED BY SUPPLIER');
    expect(after.history.at(-1)).toMatchObject({
      action: 'supplierDecline',
      actor_name: 'Supplier',
      remark: 'Out of flour this week',
    });
    expect((await supplier.confirm({ token })).status).toBe(410);
  });

  it('resending mails a fresh link and voids the earlier one', async () => {
    const po = await approvedOrder();
    const first = await mailedToken(po.doc_no);
    const sent = await mailCount(po.doc_no);
    const resent = await api.post(`purchase-orders/${po.id}/resend`, { revision: po.revision });
    expect(resent.status).toBe(200);
    const second = await mailedToken(po.doc_no, sent);
    expect(second).not.toBe(first);
    expect((await supplier.view(first)).status).toBe(410);
    expect((await supplier.confirm({ token: first })).status).toBe(410);
    expect((await supplier.view(second)).status).toBe(200);
    expect((await supplier.confirm({ token: second })).status).toBe(200);
    expect((await status(po.id)).status).toBe('CONFIRMED BY SUPPLIER');
  });

  it('refuses the link of a PO that no longer awaits the supplier', async () => {
    const po = await approvedOrder();
    const token = await mailedToken(po.doc_no);
    const cancelled = await api.post(`purchase-orders/${po.id}/cancel`, {
      revision: po.revision,
      remark: 'not needed',
    });
    expect(cancelled.status).toBe(200);
    expect((await supplier.view(token)).status).toBe(410);
    expect((await supplier.confirm({ token })).status).toBe(410);
    expect((await status(po.id)).status).toBe('CLOSED');
  });
});
