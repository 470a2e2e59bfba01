import assert from 'node:assert/strict';
import { StockPostingSubjects } from '@scm/contracts';
import { EventPublisher, mailboxDir, readMailbox } from '@scm/platform';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { TEST_ADMIN, signInAgent } from './embedded-app.js';
import { expectEventually } from './wait.js';

/**
 * The procurement proof (store order → POs → approvals → supplier link → receipts → return note → replay), one
 * scenario run against either topology: the embedded app (an http.Server) or the distributed gateway (its URL).
 * Everything goes through the gateway as real signed-in users (the buyer is the seeded administrator, the two
 * approvers are invited through the mailbox), so the same code proves both modes; the database is read only for
 * what the API does not show (the outbox, the ledger's inbox and movements).
 *
 * Plain `node:assert` rather than jest's `expect`: this library is built by `tsc -b` without jest's types.
 *
 * The figures, computed by hand (flour: 1 CTN = 10 KG, P2E-S1 sells it at 50 a CTN; sugar at 3.20 a KG from
 * P2E-S2; GST exclusive 9%; SGD 1.25 a USD from 2024-01-01, 1.60 from tomorrow):
 *
 *   store order: 10 CTN flour + 20 KG sugar → PO-1 (S1) 500.00 + 45.00 GST = 545.00;  PO-2 (S2) 64.00 + 5.76 = 69.76 USD
 *   PO-1 switched to SGD by the buyer: 545.00 SGD / 1.25 = 436.00 USD
 *   approver limits: 100 USD approves PO-2 (69.76) but not PO-1 (436.00); 1,000 USD approves PO-1
 *   receipt 1 (today, 1.25): 6 CTN taken in (4 short: variance −4), 1 CTN rejected, shipping 30 SGD on the one line:
 *     (6 × 50 + 30) / 6 = 55 SGD a CTN / 1.25 = 44 USD a CTN = 4.40 a KG → 60 KG worth 264.00; PO PARTIALLY RECEIVED
 *   receipt 2 (tomorrow, 1.60): 4 CTN × 50 = 200 SGD / 1.60 = 125.00 USD → 40 KG at 3.125; PO RECEIVED
 *     → 100 KG worth 389.00 (average 3.8900) in two FIFO layers: 60 @ 4.4000, 40 @ 3.1250
 *   return note, 2 CTN of receipt 1: 20 KG leave from the oldest layer: 20 × 4.40 = 88.00
 *     → 80 KG worth 301.00 (average 301 / 80 = 3.7625); layers 40 @ 4.4000, 40 @ 3.1250
 *   replays (receipt 2's request resent as it was; receipt 1's and the note's as copies under new event ids):
 *     nothing changes (80 KG, 301.00, one movement per document)
 */

/** Where the scenario runs: the gateway (embedded http.Server or distributed URL), the database, the data dir. */
export interface ProcurementHost {
  server: Parameters<typeof request>[0];
  databaseUrl: string;
  /** The data directory the mails are written under (DATA_DIR of the process that mails). */
  dataDir: string;
  /** How long to wait for an event-driven effect (longer across processes). */
  eventuallyMs?: number;
}

export const PROCUREMENT_OUTLET = 'P2E-OUT';
const SUPPLIER_EMAIL = { 'P2E-S1': 'orders@p2e-s1.example', 'P2E-S2': 'orders@p2e-s2.example' } as const;
const APPROVER_PASSWORD = 'Appr0ver!Ledger';

/** `today + days` as YYYY-MM-DD (UTC). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

type Body = Record<string, unknown> & { [key: string]: unknown };

/** The ids the steps hand on to each other. */
interface ScenarioState {
  storeOrderId: string;
  flourPo: { id: string; doc_no: string };
  sugarPo: { id: string; doc_no: string };
  firstReceiptId: string;
  secondReceiptId: string;
  returnNoteId: string;
}

export class ProcurementScenario {
  readonly state = {} as ScenarioState;
  private constructor(
    private readonly host: ProcurementHost,
    readonly buyer: TestAgent,
    readonly lowApprover: TestAgent,
    readonly highApprover: TestAgent,
    private readonly db: DataSource,
  ) {}

  /** Seeds the catalog through the gateway, invites the two approvers and signs everyone in. */
  static async start(host: ProcurementHost): Promise<ProcurementScenario> {
    const buyer = request.agent(host.server);
    await signInAgent(buyer, TEST_ADMIN.email, TEST_ADMIN.password);
    const db = new DataSource({
      type: 'postgres',
      url: host.databaseUrl,
      schema: 'procurement',
      extra: { options: '-c search_path=procurement', max: 2 },
    });
    await db.initialize();
    try {
      await seedCatalog(host, buyer, db);
      const lowApprover = await invitedApprover(host, buyer, 'P2E-LOW', '100');
      const highApprover = await invitedApprover(host, buyer, 'P2E-HIGH', '1000');
      return new ProcurementScenario(host, buyer, lowApprover, highApprover, db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }

  /** A caller with no session: the supplier following the mailed link. */
  anonymous() {
    return request(this.host.server);
  }

  async close(): Promise<void> {
    if (this.db.isInitialized) await this.db.destroy();
  }

  eventually<T>(probe: () => Promise<T>): Promise<T> {
    return expectEventually(probe, { timeoutMs: this.host.eventuallyMs ?? 30_000 });
  }

  /** POST/PUT/GET through an agent; throws with the answer unless the status is the expected one. */
  async call(
    agent: TestAgent,
    method: 'get' | 'post' | 'put',
    path: string,
    body?: object,
    status = 200,
  ): Promise<Body> {
    const pending = method === 'get' ? agent.get(path) : agent[method](path).send(body ?? {});
    const response = await pending;
    if (response.status !== status) {
      throw new assert.AssertionError({
        message: `${method.toUpperCase()} ${path}: ${response.status} ${JSON.stringify(response.body)}`,
        actual: response.status,
        expected: status,
      });
    }
    return response.body.data as Body;
  }

  /** The overview's rows at the outlet as [item, on hand, stock value, average cost]. */
  async overview(): Promise<string[][]> {
    const response = await this.buyer
      .post('/api/inventory/overview/list')
      .send({ limit: 100, other_params: { location_ids: [PROCUREMENT_OUTLET] } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return (response.body.data as Record<string, string>[]).map((row) => [
      row.item_id,
      row.on_hand,
      row.stock_value,
      row.average_cost,
    ]);
  }

  /** The flour's FIFO layers at the outlet, oldest first: [remaining KG, unit cost USD]. */
  async flourLayers(): Promise<string[][]> {
    const data = await this.call(this.buyer, 'get', `/api/inventory/stock/${PROCUREMENT_OUTLET}/sku/P2E-FLOUR`);
    return (data.batches as { remaining_quantity: string; unit_cost: string }[])
      .filter((batch) => Number(batch.remaining_quantity) > 0)
      .map((batch) => [batch.remaining_quantity, Number(batch.unit_cost).toFixed(4)]);
  }

  async poStatus(id: string): Promise<string> {
    return (await this.call(this.buyer, 'get', `/api/procurement/purchase-orders/${id}`)).status as string;
  }

  /** The newest supplier link mailed for a PO. */
  async mailedToken(to: string, docNo: string): Promise<string> {
    return this.eventually(async () => {
      const mails = (await readMailbox(mailboxDir(this.host.dataDir))).filter(
        (mail) => mail.to === to && mail.subject.includes(docNo),
      );
      assert.ok(mails.length > 0, `no mail to ${to} about ${docNo} yet`);
      const match = /\/supplier\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(mails[mails.length - 1].text);
      assert.ok(match, 'the mail carries no confirmation link');
      return decodeURIComponent(match[1]);
    });
  }

  /** Creates, submits, approves and receives a receiving order; answers its view once RECEIVED. */
  async receive(body: object): Promise<Body> {
    const created = await this.call(this.buyer, 'post', '/api/procurement/receiving-orders', body, 201);
    const id = created.id as string;
    for (const [action, revision] of [
      ['submit', 1],
      ['approve', 2],
    ] as const) {
      await this.call(this.buyer, 'post', `/api/procurement/receiving-orders/${id}/${action}`, { revision });
    }
    const received = await this.call(this.buyer, 'post', `/api/procurement/receiving-orders/${id}/receive`, {
      revision: 3,
    });
    assert.equal(received.status, 'RECEIVED');
    return { ...created, ...received };
  }

  /**
   * Delivers a document's posting request again under a new event id (what a redelivery after a lost ack looks
   * like to the consumer): the outbox relay sends it, inventory's inbox records it, the ledger's idempotency on
   * (document, revision) posts nothing. Answers once the inbox has it.
   */
  async replayPosting(
    subject: typeof StockPostingSubjects.ReceivingOrderPosted | typeof StockPostingSubjects.ReturnNotePosted,
    documentId: string,
  ): Promise<void> {
    const rows = await this.db.query<{ envelope: { data: object } }[]>(
      `SELECT envelope FROM outbox WHERE subject = $1 AND envelope->'data'->>'document_id' = $2`,
      [subject, documentId],
    );
    assert.equal(rows.length, 1, `one posting request of ${documentId}`);
    const replay = await this.db.transaction((manager) =>
      new EventPublisher('procurement').publish(manager, subject, rows[0].envelope.data as never),
    );
    await this.eventually(async () => {
      const seen = await this.db.query(`SELECT 1 FROM inventory.inbox WHERE event_id = $1`, [replay.id]);
      assert.equal(seen.length, 1, 'the replayed event has not reached the inbox yet');
    });
  }

  /**
   * Sends a document's posting request again as it was (the same event id: a relay that crashed after publishing,
   * before marking the row sent): the row is made due again and the relay publishes it once more; the consumer's
   * inbox (and, over NATS, JetStream's de-duplication by message id) keeps it from being handled twice. Answers once
   * the relay has sent it again.
   */
  async resendPosting(
    subject: typeof StockPostingSubjects.ReceivingOrderPosted | typeof StockPostingSubjects.ReturnNotePosted,
    documentId: string,
  ): Promise<void> {
    const rows = await this.db.query<{ id: string }[]>(
      // As a SELECT: TypeORM answers a bare UPDATE … RETURNING as [rows, count].
      `WITH resent AS (
         UPDATE outbox SET sent_at = NULL, next_attempt_at = now()
          WHERE subject = $1 AND envelope->'data'->>'document_id' = $2 RETURNING id)
       SELECT id FROM resent`,
      [subject, documentId],
    );
    assert.equal(rows.length, 1, `one posting request of ${documentId}`);
    await this.eventually(async () => {
      const [row] = await this.db.query<{ sent: boolean }[]>(
        `SELECT sent_at IS NOT NULL AS sent FROM outbox WHERE id = $1`,
        [rows[0].id],
      );
      assert.ok(row.sent, 'the relay has not sent the posting request again yet');
    });
  }

  /** The ledger's movements of a document (one per posted line). */
  async movements(documentId: string): Promise<string[]> {
    const rows = await this.db.query<{ quantity: string }[]>(
      `SELECT quantity::text AS quantity FROM inventory.stock_movement WHERE document_id = $1 ORDER BY quantity`,
      [documentId],
    );
    return rows.map((row) => row.quantity);
  }
}

/** One outlet; flour (KG, CTN of 10) from P2E-S1 at 50 a CTN, sugar (KG) from P2E-S2 at 3.20; SGD rates. */
async function seedCatalog(host: ProcurementHost, buyer: TestAgent, db: DataSource): Promise<void> {
  const send = async (path: string, body: object, method: 'post' | 'put' = 'post') => {
    const response = await buyer[method](path).send(body);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as Record<string, string>;
  };
  const region = await send('/api/catalog/regions', { region_name: 'Region P2E' });
  const locationCategory = await send('/api/catalog/location-categories', {
    category_name: 'Outlets P2E',
    sub_categories: [],
  });
  await send('/api/catalog/locations', {
    location_id: PROCUREMENT_OUTLET,
    location_name: 'Outlet end to end',
    is_operating: true,
    category_id: locationCategory.category_id,
    sub_category_id: null,
    region_id: region.region_id,
    address: '9 Receiving Road',
    country: 'Singapore',
    postal_code: '600009',
    contact_person: [],
    remark: '',
  });
  await send('/api/catalog/uoms', { uom_name: 'P2EKG', secondary_uom: 'P2ECTN', uom_per_primary: '10' });
  const supplierCategory = await send('/api/catalog/supplier-categories', { category_name: 'Dry goods P2E' });
  for (const [id, email] of Object.entries(SUPPLIER_EMAIL)) {
    await send('/api/catalog/suppliers', {
      supplier_id: id,
      company_name: `Supplier ${id}`,
      credit_term_in_days: 30,
      contact_name: 'Alice',
      contact_no: '91234567',
      contact_email: email,
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
  }
  const skuCategory = await send('/api/catalog/sku-categories', { category_name: 'Baking P2E' });
  for (const [skuId, supplier, units] of [
    [
      'P2E-FLOUR',
      'P2E-S1',
      [
        { uom_name: 'P2EKG', factor: '1' },
        { uom_name: 'P2ECTN', factor: '10' },
      ],
    ],
    ['P2E-SUGAR', 'P2E-S2', [{ uom_name: 'P2EKG', factor: '1' }]],
  ] as const) {
    await send('/api/catalog/skus', {
      sku_id: skuId,
      name: `Name ${skuId}`,
      display_name: `Name ${skuId}`,
      alternate_display_name_list: [],
      category_id: skuCategory.category_id,
      primary_uom_name: 'P2EKG',
      purchasing_uom_name: units[units.length - 1].uom_name,
      receiving_uom_name: units[units.length - 1].uom_name,
      counting_uom_name: 'P2EKG',
      uom_list: units,
      supplier_list: [supplier],
      default_supplier_id: supplier,
      threshold: '0',
      is_inventorise: true,
      default_wastage_percentage: '0',
      hashtag_list: [],
    });
  }
  for (const [skuId, supplier, uom, price] of [
    ['P2E-FLOUR', 'P2E-S1', 'P2ECTN', '50'],
    ['P2E-SUGAR', 'P2E-S2', 'P2EKG', '3.2'],
  ]) {
    await send(
      '/api/catalog/supplier-prices',
      {
        sku_id: skuId,
        supplier_id: supplier,
        uom_name: uom,
        current_price: price,
        future_price_1: null,
        future_price_1_date: null,
        future_price_2: null,
        future_price_2_date: null,
      },
      'put',
    );
  }
  await send('/api/catalog/settings/exchange-rates', { currency: 'SGD', effective_date: '2024-01-01', rate: '1.25' });
  await send('/api/catalog/settings/exchange-rates', { currency: 'SGD', effective_date: dayFromToday(1), rate: '1.6' });
  await expectEventually(
    async () => {
      const [counts] = await db.query<Record<string, number>[]>(
        `SELECT (SELECT count(*)::int FROM location_replica WHERE location_id = $1 AND address IS NOT NULL) AS locations,
                (SELECT count(*)::int FROM supplier_replica WHERE supplier_id LIKE 'P2E-%') AS suppliers,
                (SELECT count(*)::int FROM sku_supplier_price_replica WHERE sku_id LIKE 'P2E-%') AS prices,
                (SELECT count(*)::int FROM exchange_rate_replica WHERE currency = 'SGD') AS rates,
                (SELECT count(*)::int FROM inventory.item_replica WHERE item_id LIKE 'P2E-%') AS stock_items,
                (SELECT count(*)::int FROM inventory.location_replica WHERE location_id = $1) AS stock_locations`,
        [PROCUREMENT_OUTLET],
      );
      assert.deepEqual(counts, {
        locations: 1,
        suppliers: 2,
        prices: 2,
        rates: 2,
        stock_items: 2,
        stock_locations: 1,
      });
    },
    { timeoutMs: host.eventuallyMs ?? 30_000 },
  );
}

/**
 * A user invited with a role that approves POs up to `limit` USD at the outlet, who accepts the mailed invitation
 * and signs in: a real approver in both topologies (a made-up token has no session the distributed gateway knows).
 */
async function invitedApprover(host: ProcurementHost, buyer: TestAgent, code: string, limit: string) {
  const role = await buyer.post('/api/identity/roles').send({
    role_name: `Approver ${code}`,
    can_see_cost: true,
    approval_limit: limit,
    permission_list: [
      { permission: { key: 'PO' }, view: true, edit: true, approval: true },
      { permission: { key: 'INVENTORY_OVERVIEW' }, view: true, edit: false, approval: false },
    ],
  });
  assert.equal(role.status, 201, JSON.stringify(role.body));
  const email = `${code.toLowerCase()}@p2e.example.com`;
  // Identity learns the outlet from catalog's events: the invitation is refused until it has.
  await expectEventually(
    async () => {
      const invited = await buyer.post('/api/identity/users').send({
        employee_code: code,
        employee_name: `Approver ${limit}`,
        email,
        username: code.toLowerCase(),
        role_id: role.body.data.role_id,
        location_list: [PROCUREMENT_OUTLET],
      });
      assert.equal(invited.status, 201, JSON.stringify(invited.body));
    },
    { timeoutMs: host.eventuallyMs ?? 30_000 },
  );
  const token = await expectEventually(
    async () => {
      const mail = (await readMailbox(mailboxDir(host.dataDir))).find(
        (candidate) => candidate.to === email && candidate.text.includes('/invite?token='),
      );
      assert.ok(mail, `no invitation to ${email} yet`);
      return /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    },
    { timeoutMs: host.eventuallyMs ?? 30_000 },
  );
  const accepted = await request(host.server)
    .put('/api/accept_invitation')
    .send({ token, password: APPROVER_PASSWORD, confirm_password: APPROVER_PASSWORD });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  const agent = request.agent(host.server);
  await signInAgent(agent, code.toLowerCase(), APPROVER_PASSWORD);
  return agent;
}

export interface ProcurementStep {
  name: string;
  run(scenario: ProcurementScenario): Promise<void>;
}

const OUT = PROCUREMENT_OUTLET;
const pick = (source: Body, keys: string[]) => Object.fromEntries(keys.map((key) => [key, source[key]]));

/** The scenario, step by step: each test file runs these in order, one `it` each. */
export const PROCUREMENT_SCENARIO_STEPS: readonly ProcurementStep[] = [
  {
    name: 'splits the outlet store order into two DRAFT POs, one per supplier, priced from the supplier prices',
    async run(s) {
      const created = await s.call(
        s.buyer,
        'post',
        '/api/procurement/store-orders',
        {
          location_id: OUT,
          delivery_time: `${dayFromToday(1)}T01:00:00.000Z`,
          order_type: 'Business Order',
          lines: [
            { sku_id: 'P2E-FLOUR', uom_name: 'P2ECTN', quantity: '10' },
            { sku_id: 'P2E-SUGAR', uom_name: 'P2EKG', quantity: '20' },
          ],
        },
        201,
      );
      s.state.storeOrderId = created.id as string;
      const submitted = await s.call(s.buyer, 'post', `/api/procurement/store-orders/${s.state.storeOrderId}/submit`, {
        revision: 1,
      });
      assert.equal(submitted.status, 'SUBMITTED');
      const pos = submitted.purchase_orders as { id: string; doc_no: string; supplier_id: string; status: string }[];
      assert.deepEqual(
        pos.map((po) => [po.supplier_id, po.status, po.doc_no]),
        [
          ['P2E-S1', 'DRAFT', `PO-${OUT}-000001`],
          ['P2E-S2', 'DRAFT', `PO-${OUT}-000002`],
        ],
      );
      s.state.flourPo = pos[0];
      s.state.sugarPo = pos[1];
      const flour = await s.call(s.buyer, 'get', `/api/procurement/purchase-orders/${pos[0].id}`);
      const sugar = await s.call(s.buyer, 'get', `/api/procurement/purchase-orders/${pos[1].id}`);
      // 10 CTN × 50 = 500.00 + GST 9% 45.00; 20 KG × 3.20 = 64.00 + 5.76. Split POs start in USD.
      assert.deepEqual(pick(flour, ['store_order_id', 'currency', 'subtotal_amount', 'gst_amount', 'total_amount']), {
        store_order_id: created.id,
        currency: 'USD',
        subtotal_amount: '500.00',
        gst_amount: '45.00',
        total_amount: '545.00',
      });
      assert.deepEqual(pick(sugar, ['store_order_id', 'currency', 'subtotal_amount', 'gst_amount', 'total_amount']), {
        store_order_id: created.id,
        currency: 'USD',
        subtotal_amount: '64.00',
        gst_amount: '5.76',
        total_amount: '69.76',
      });
      // Nothing is in stock yet.
      assert.deepEqual(await s.overview(), []);
    },
  },
  {
    name: 'approves the PO within the low limit; the one above it is refused for that approver and approved higher',
    async run(s) {
      const { flourPo, sugarPo } = s.state;
      // The buyer prices the flour order in SGD (the supplier's 50 a CTN now SGD): 545.00 SGD / 1.25 = 436.00 USD.
      const draft = await s.call(s.buyer, 'get', `/api/procurement/purchase-orders/${flourPo.id}`);
      const edited = await s.call(s.buyer, 'put', `/api/procurement/purchase-orders/${flourPo.id}`, {
        supplier_id: draft.supplier_id,
        location_id: draft.location_id,
        purchase_date: draft.purchase_date,
        delivery_time: draft.delivery_time,
        order_type: draft.order_type,
        stock_type: draft.stock_type,
        currency: 'SGD',
        lines: [{ sku_id: 'P2E-FLOUR', uom_name: 'P2ECTN', quantity: '10' }],
        revision: draft.revision,
      });
      assert.deepEqual(pick(edited, ['currency', 'exchange_rate', 'total_amount', 'total_usd', 'store_order_id']), {
        currency: 'SGD',
        exchange_rate: '1.250000',
        total_amount: '545.00',
        total_usd: '436.00',
        store_order_id: s.state.storeOrderId,
      });
      const flourSubmitted = await s.call(s.buyer, 'post', `/api/procurement/purchase-orders/${flourPo.id}/submit`, {
        revision: edited.revision,
      });
      const sugarSubmitted = await s.call(s.buyer, 'post', `/api/procurement/purchase-orders/${sugarPo.id}/submit`, {
        revision: 1,
      });
      assert.equal(flourSubmitted.status, 'PENDING APPROVAL');
      assert.equal(sugarSubmitted.status, 'PENDING APPROVAL');

      // 69.76 USD ≤ 100: the low-limit approver approves the sugar PO.
      const sugarApproved = await s.call(
        s.lowApprover,
        'post',
        `/api/procurement/purchase-orders/${sugarPo.id}/approve`,
        {
          revision: sugarSubmitted.revision,
        },
      );
      assert.equal(sugarApproved.status, 'PENDING SUPPLIER');
      // 436.00 USD > 100: refused for them, and the PO stays where it was.
      const refused = await s.lowApprover
        .post(`/api/procurement/purchase-orders/${flourPo.id}/approve`)
        .send({ revision: flourSubmitted.revision });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.code, 'DOCUMENT_APPROVAL_LIMIT_EXCEEDED');
      assert.equal(await s.poStatus(flourPo.id), 'PENDING APPROVAL');
      // 436.00 ≤ 1,000: the higher approver approves it.
      const flourApproved = await s.call(
        s.highApprover,
        'post',
        `/api/procurement/purchase-orders/${flourPo.id}/approve`,
        { revision: flourSubmitted.revision },
      );
      assert.equal(flourApproved.status, 'PENDING SUPPLIER');
      const approvers = (flourApproved.history as { action: string; actor_name: string }[])
        .filter((entry) => entry.action === 'approve')
        .map((entry) => entry.actor_name);
      assert.deepEqual(approvers, ['Approver 1000']);
    },
  },
  {
    name: 'the supplier confirms the flour PO through the mailed link, once',
    async run(s) {
      const { flourPo } = s.state;
      const token = await s.mailedToken(SUPPLIER_EMAIL['P2E-S1'], flourPo.doc_no);
      const seen = await s.anonymous().get(`/api/procurement/supplier-confirmation?token=${encodeURIComponent(token)}`);
      assert.equal(seen.status, 200, JSON.stringify(seen.body));
      assert.deepEqual(
        pick(seen.body.data as Body, ['doc_no', 'currency', 'order_subtotal', 'order_gst', 'order_total']),
        {
          doc_no: flourPo.doc_no,
          currency: 'SGD',
          order_subtotal: '500.00',
          order_gst: '45.00',
          order_total: '545.00',
        },
      );
      // All 10 CTN available (the supplier may say fewer; the receipt below is what counts for stock).
      const confirmed = await s
        .anonymous()
        .post('/api/procurement/supplier-confirmation/confirm')
        .send({ token, lines: [{ line_id: 1, available_quantity: '10' }] });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      assert.deepEqual(confirmed.body.data, { doc_no: flourPo.doc_no, status: 'CONFIRMED BY SUPPLIER' });
      const again = await s.anonymous().post('/api/procurement/supplier-confirmation/confirm').send({ token });
      assert.equal(again.status, 410);
      assert.equal(await s.poStatus(flourPo.id), 'CONFIRMED BY SUPPLIER');
    },
  },
  {
    name: 'first receipt: 6 of 10 CTN (variance −4), 1 CTN rejected, shipping: 60 KG worth 264.00 posted',
    async run(s) {
      const { flourPo } = s.state;
      const received = await s.receive({
        purchase_order_id: flourPo.id,
        location_id: OUT,
        delivery_order_no: 'DO-P2E-1',
        receive_time: `${dayFromToday(0)}T01:00:00Z`,
        shipping_amount: '30',
        receiving_list: [{ po_line_no: 1, receive_qty: '6' }],
        rejected_list: [{ sku_id: 'P2E-FLOUR', uom_name: 'P2ECTN', po_line_no: 1, reject_qty: '1', reason: 'DAMAGED' }],
      });
      s.state.firstReceiptId = received.id as string;
      // 6 CTN × 50 = 300.00 SGD + shipping 30 = 330.00 SGD = 264.00 USD at 1.25.
      assert.deepEqual(pick(received, ['doc_no', 'exchange_rate', 'subtotal_amount', 'total_amount', 'total_usd']), {
        doc_no: `RO-${OUT}-000001`,
        exchange_rate: '1.250000',
        subtotal_amount: '300.00',
        total_amount: '330.00',
        total_usd: '264.00',
      });
      const [line] = received.receiving_list as Body[];
      assert.deepEqual(pick(line, ['quantity', 'ordered_qty', 'variance']), {
        quantity: '6.000',
        ordered_qty: '10.000',
        variance: '-4.000',
      });
      assert.deepEqual(
        (received.rejected_list as Body[]).map((rejected) => [rejected.quantity, rejected.reason]),
        [['1.000', 'DAMAGED']],
      );
      // (300 + 30) / 6 / 1.25 = 44 USD a CTN = 4.40 a KG; the rejected carton is not taken in.
      await s.eventually(async () => {
        assert.deepEqual(await s.overview(), [['P2E-FLOUR', '60.000', '264.00', '4.4000']]);
      });
      assert.deepEqual(await s.flourLayers(), [['60.000', '4.4000']]);
      assert.equal(await s.poStatus(flourPo.id), 'PARTIALLY RECEIVED');
    },
  },
  {
    name: 'second receipt at the next rate closes the PO (RECEIVED): 100 KG worth 389.00 in two FIFO layers',
    async run(s) {
      const { flourPo } = s.state;
      const received = await s.receive({
        purchase_order_id: flourPo.id,
        location_id: OUT,
        receive_time: `${dayFromToday(1)}T01:00:00Z`,
        receiving_list: [{ po_line_no: 1, receive_qty: '4' }],
      });
      s.state.secondReceiptId = received.id as string;
      // 4 CTN × 50 = 200.00 SGD at tomorrow's 1.60 = 125.00 USD: 40 KG at 3.125.
      assert.deepEqual(pick(received, ['doc_no', 'exchange_rate', 'total_amount', 'total_usd']), {
        doc_no: `RO-${OUT}-000002`,
        exchange_rate: '1.600000',
        total_amount: '200.00',
        total_usd: '125.00',
      });
      assert.equal((received.receiving_list as Body[])[0].variance, '0.000');
      // 264.00 + 125.00 = 389.00 for 100 KG: average 3.8900.
      await s.eventually(async () => {
        assert.deepEqual(await s.overview(), [['P2E-FLOUR', '100.000', '389.00', '3.8900']]);
      });
      assert.deepEqual(await s.flourLayers(), [
        ['60.000', '4.4000'],
        ['40.000', '3.1250'],
      ]);
      assert.equal(await s.poStatus(flourPo.id), 'RECEIVED');
    },
  },
  {
    name: 'a return note of 2 CTN of the first receipt issues 20 KG from the oldest layer: 80 KG worth 301.00',
    async run(s) {
      const roId = s.state.firstReceiptId;
      // Procurement bounds a return by its replica of the ledger's on hand (10 CTN): wait for both receipts there.
      await s.eventually(async () => {
        const lines = (await s.call(
          s.buyer,
          'get',
          `/api/procurement/return-notes/receiving-orders/${roId}/lines`,
        )) as unknown as Body[];
        assert.deepEqual(pick(lines[0], ['received_qty', 'returned_qty', 'on_hand_qty', 'available_qty']), {
          received_qty: '6.000',
          returned_qty: '0.000',
          on_hand_qty: '10.000',
          available_qty: '6.000',
        });
      });
      const note = await s.call(
        s.buyer,
        'post',
        '/api/procurement/return-notes',
        { receiving_order_id: roId, return_list: [{ ro_line_no: 1, return_qty: '2', reason: 'DAMAGED' }] },
        201,
      );
      const noteId = (s.state.returnNoteId = note.id as string);
      // 2 CTN × 50 = 100.00 SGD = 80.00 USD at the receipt's 1.25.
      assert.deepEqual(pick(note, ['doc_no', 'total_amount', 'total_usd']), {
        doc_no: `GR-${OUT}-000001`,
        total_amount: '100.00',
        total_usd: '80.00',
      });
      await s.call(s.buyer, 'post', `/api/procurement/return-notes/${noteId}/submit`, { revision: 1 });
      const approved = await s.call(s.buyer, 'post', `/api/procurement/return-notes/${noteId}/approve`, {
        revision: 2,
      });
      assert.equal(approved.status, 'RECEIVED');
      // FIFO: the 20 KG leave the oldest layer (60 @ 4.40 → 40): 389.00 − 88.00 = 301.00; 301 / 80 = 3.7625.
      await s.eventually(async () => {
        assert.deepEqual(await s.overview(), [['P2E-FLOUR', '80.000', '301.00', '3.7625']]);
        assert.equal((await s.call(s.buyer, 'get', `/api/procurement/return-notes/${noteId}`)).stock_posted, true);
      });
      assert.deepEqual(await s.flourLayers(), [
        ['40.000', '4.4000'],
        ['40.000', '3.1250'],
      ]);
      assert.deepEqual(await s.movements(noteId), ['-20.000']);
    },
  },
  {
    name: 'a replayed posting request (receipt and return note) posts nothing twice',
    async run(s) {
      // The same event again (the inbox stops it), and a copy under a new event id (the ledger's idempotency on the
      // document and its revision stops it).
      await s.resendPosting(StockPostingSubjects.ReceivingOrderPosted, s.state.secondReceiptId);
      await s.replayPosting(StockPostingSubjects.ReceivingOrderPosted, s.state.firstReceiptId);
      await s.replayPosting(StockPostingSubjects.ReturnNotePosted, s.state.returnNoteId);
      assert.deepEqual(await s.overview(), [['P2E-FLOUR', '80.000', '301.00', '3.7625']]);
      assert.deepEqual(await s.flourLayers(), [
        ['40.000', '4.4000'],
        ['40.000', '3.1250'],
      ]);
      assert.deepEqual(await s.movements(s.state.firstReceiptId), ['60.000']);
      assert.deepEqual(await s.movements(s.state.secondReceiptId), ['40.000']);
      assert.deepEqual(await s.movements(s.state.returnNoteId), ['-20.000']);
      assert.equal(await s.poStatus(s.state.flourPo.id), 'RECEIVED');
    },
  },
];
