import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { ActivityRegistry, ApprovalRequestRow, DocumentActivity, PermissionEntry } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { ApproverDirectory } from '@scm/platform';
import type { EventConsumer, Runtime } from '@scm/platform';
import {
  FOREIGN_LOCATION,
  HOME_LOCATION,
  SUITE_HOOK_TIMEOUT_MS,
  expectEventually,
  fullRightsToken,
  permission,
  seedTwoLocations,
  startCatalogSuite,
  tokenWithPermissions,
} from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApprovalProjection } from '../../services/notifications/src/approval/approval.projection.js';
import { ActivityFeed } from '../../services/notifications/src/feed/activity-feed.js';

type Server = Parameters<typeof request>[0];

function schemaDb(runtime: Runtime, schema: string): Promise<DataSource> {
  return new DataSource({
    type: 'postgres',
    url: runtime.databaseUrl,
    schema,
    extra: { options: `-c search_path=${schema}` },
  }).initialize();
}

/**
 * The approvals inbox (`/approval`, key APPROVAL) through the gateway: a PO submitted gives its approver — and only
 * them: not the submitter, not a viewer, not a user of another location — a row naming the PO's own action route and
 * revision; approving through that route moves the PO and removes the row; an event delivered twice makes one row;
 * a recall withdraws the request; no value without can_see_cost; the inbox rebuilds by replay; and a future
 * document's subjects reach the inbox through their registry metadata alone.
 */
describe('approvals inbox: a PO approved from the list (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let procurement: DataSource;
  let notifications: DataSource;
  const tag = randomUUID().slice(0, 6);
  const users = { submitter: randomUUID(), approver: randomUUID(), foreign: randomUUID(), viewer: randomUUID() };
  const approverRights: PermissionEntry[] = [
    permission('PO', true, true, true),
    permission('APPROVAL', true),
    permission('NOTIFICATION', true),
  ];
  const viewerRights: PermissionEntry[] = [permission('PO', true, true), permission('APPROVAL', true)];
  const token = async (sub: string, rights: PermissionEntry[], locs: string[], cost = true) =>
    `Bearer ${await tokenWithPermissions(runtime, rights, { sub, name: `User ${sub.slice(0, 4)}`, locs, cost })}`;

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    procurement = await schemaDb(runtime, 'procurement');
    notifications = await schemaDb(runtime, 'notifications');
    await seedTwoLocations(server, runtime);
    // The approver directory as identity's events leave it: the submitter could approve too, so could others.
    const role = `role-inbox-${tag}`;
    await notifications.query(
      `INSERT INTO approver_role (role_id, role_name, permission_list, approval_limit, revision)
       VALUES ($1, $1, $2::jsonb, NULL, 1)`,
      [role, JSON.stringify(approverRights)],
    );
    for (const [id, location] of [
      [users.submitter, HOME_LOCATION],
      [users.approver, HOME_LOCATION],
      [users.foreign, FOREIGN_LOCATION],
    ]) {
      await notifications.query(
        `INSERT INTO approver_user (user_id, employee_name, role_id, status, location_list, revision)
         VALUES ($1, $1, $2, 'Active', ARRAY[$3], 1)`,
        [id, role, location],
      );
    }
    await expectEventually(
      async () => {
        const [counts] = await procurement.query<Record<string, number>[]>(
          `SELECT (SELECT count(*)::int FROM location_replica WHERE location_id = $1) AS locations,
                  (SELECT count(*)::int FROM supplier_replica WHERE supplier_id = 'SCOPE-S1') AS suppliers,
                  (SELECT count(*)::int FROM sku_replica WHERE sku_id = 'SCOPE-RICE') AS skus`,
          [HOME_LOCATION],
        );
        expect(counts).toEqual({ locations: 1, suppliers: 1, skus: 1 });
      },
      { timeoutMs: 30_000 },
    );
  }, SUITE_HOOK_TIMEOUT_MS * 2);

  afterAll(async () => {
    await procurement?.destroy();
    await notifications?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  const inbox = async (auth: string, otherParams: Record<string, unknown> = { status: 'PENDING APPROVAL' }) => {
    const response = await request(server)
      .post('/api/notification/approval/list')
      .set('Authorization', auth)
      .send({ limit: 50, other_params: otherParams });
    expect({ status: response.status, body: response.status === 200 ? null : response.body }).toEqual({
      status: 200,
      body: null,
    });
    return response.body.data as ApprovalRequestRow[];
  };
  const rowOf = async (auth: string, documentId: string, otherParams?: Record<string, unknown>) =>
    (await inbox(auth, otherParams)).find((row) => row.document_id === documentId);

  async function submittedPo(): Promise<{ id: string; doc_no: string; revision: number }> {
    const submitter = await token(users.submitter, [permission('PO', true, true, true)], [HOME_LOCATION]);
    const created = await request(server)
      .post('/api/procurement/purchase-orders')
      .set('Authorization', submitter)
      .send({
        supplier_id: 'SCOPE-S1',
        location_id: HOME_LOCATION,
        purchase_date: new Date().toISOString().slice(0, 10),
        delivery_time: new Date(Date.now() + 86_400_000).toISOString(),
        order_type: 'Business Order',
        stock_type: 'inventory',
        currency: 'USD',
        internal_remark: '',
        external_remark: '',
        lines: [{ sku_id: 'SCOPE-RICE', uom_name: 'SCOPEKG', quantity: '4', unit_price: '25' }],
      });
    expect(created.status).toBe(201);
    const submitted = await request(server)
      .post(`/api/procurement/purchase-orders/${created.body.data.id}/submit`)
      .set('Authorization', submitter)
      .send({ revision: created.body.data.revision });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.status).toBe('PENDING APPROVAL');
    return submitted.body.data;
  }

  let po: { id: string; doc_no: string; revision: number };

  it('gives the approver, and only them, a row naming the PO, its value and its own action route', async () => {
    po = await submittedPo();
    const approver = await token(users.approver, approverRights, [HOME_LOCATION]);
    const row = await expectEventually(async () => {
      const found = await rowOf(approver, po.id);
      expect(found).toBeDefined();
      return found!;
    });
    expect(row).toMatchObject({
      document_type: 'PO',
      doc_no: po.doc_no,
      module: 'Purchase Order',
      reference_type: 'PO',
      link: `/procurement/purchase-order/view?id=${po.id}`,
      actions_path: '/api/procurement/purchase-orders',
      location_id: HOME_LOCATION,
      status: 'PENDING APPROVAL',
      revision: po.revision,
      value_usd: '109.00',
      submitted_by_id: users.submitter,
      submitted_by: `User ${users.submitter.slice(0, 4)}`,
      age_days: 0,
    });
    // The submitter holds approval too, but another approver exists (no self-approval); a viewer may not decide; a
    // user of another location sees nothing, even asking for the PO's location.
    const submitter = await token(users.submitter, approverRights, [HOME_LOCATION]);
    expect(await rowOf(submitter, po.id)).toBeUndefined();
    expect(await rowOf(await token(users.viewer, viewerRights, [HOME_LOCATION]), po.id)).toBeUndefined();
    const foreign = await token(users.foreign, approverRights, [FOREIGN_LOCATION]);
    expect(await inbox(foreign, {})).toEqual([]);
    expect(await inbox(foreign, { location_ids: [HOME_LOCATION] })).toEqual([]);
    // A limit below the value keeps it out; without can_see_cost the value is not sent.
    const low = `Bearer ${await tokenWithPermissions(runtime, approverRights, {
      sub: users.approver,
      locs: [HOME_LOCATION],
      cost: true,
      limit: '100',
    })}`;
    expect(await rowOf(low, po.id)).toBeUndefined();
    const noCost = await rowOf(await token(users.approver, approverRights, [HOME_LOCATION], false), po.id);
    expect(noCost).toBeDefined();
    expect(noCost).not.toHaveProperty('value_usd');
    // Filters and search: by type, number, submission date.
    expect(await rowOf(approver, po.id, { status: 'PENDING APPROVAL', document_type: ['SA'] })).toBeUndefined();
    const searched = await request(server)
      .post('/api/notification/approval/list')
      .set('Authorization', approver)
      .send({ limit: 10, search_str: po.doc_no, other_params: { submitted_time: { from: '2000-01-01' } } });
    expect(searched.body.data.map((found: ApprovalRequestRow) => found.document_id)).toEqual([po.id]);
    const counts = await request(server)
      .post('/api/notification/approval/status-counts')
      .set('Authorization', approver)
      .send({ limit: 10 });
    expect(counts.body.data).toEqual(expect.arrayContaining([{ status: 'PENDING APPROVAL', count: 1 }]));
  });

  it('keeps one row when the submit event is delivered twice', async () => {
    const [sent] = await procurement.query<{ id: string }[]>(
      `SELECT id FROM outbox WHERE subject = 'procurement.purchase-order.submitted' AND envelope->'data'->>'document_id' = $1`,
      [po.id],
    );
    await procurement.query(`UPDATE outbox SET sent_at = NULL, next_attempt_at = now() WHERE id = $1`, [sent.id]);
    await procurement.query(`SELECT pg_notify('outbox', 'procurement')`);
    await expectEventually(async () => {
      const [row] = await procurement.query(`SELECT sent_at FROM outbox WHERE id = $1`, [sent.id]);
      expect(row.sent_at).not.toBeNull();
    });
    const rows = await notifications.query(`SELECT status FROM approval_request WHERE document_id = $1`, [po.id]);
    expect(rows).toEqual([{ status: 'PENDING APPROVAL' }]);
    const approver = await token(users.approver, approverRights, [HOME_LOCATION]);
    expect((await inbox(approver)).filter((row) => row.document_id === po.id)).toHaveLength(1);
  });

  it("approves through the row's own action route: the PO moves on and the row leaves the inbox", async () => {
    const approver = await token(users.approver, approverRights, [HOME_LOCATION]);
    const row = (await rowOf(approver, po.id))!;
    // What the web app does: the document's route, the row's revision, a remark.
    const approved = await request(server)
      .post(`${row.actions_path}/${row.document_id}/approve`)
      .set('Authorization', approver)
      .send({ revision: row.revision, remark: 'ok from the inbox' });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('PENDING SUPPLIER');
    await expectEventually(async () => expect(await rowOf(approver, po.id)).toBeUndefined());
    expect(await rowOf(approver, po.id, { status: 'APPROVED' })).toMatchObject({
      status: 'APPROVED',
      decided_by: `User ${users.approver.slice(0, 4)}`,
      remark: 'ok from the inbox',
    });
    // Approving the same row again is the document's own refusal (its status moved on).
    const again = await request(server)
      .post(`${row.actions_path}/${row.document_id}/approve`)
      .set('Authorization', approver)
      .send({ revision: row.revision });
    expect(again.status).toBe(409);
  });

  it('withdraws the request when the PO is recalled (REVERTED)', async () => {
    const recalledPo = await submittedPo();
    const approver = await token(users.approver, approverRights, [HOME_LOCATION]);
    await expectEventually(async () => expect(await rowOf(approver, recalledPo.id)).toBeDefined());
    const submitter = await token(users.submitter, [permission('PO', true, true, true)], [HOME_LOCATION]);
    const recalled = await request(server)
      .post(`/api/procurement/purchase-orders/${recalledPo.id}/recall`)
      .set('Authorization', submitter)
      .send({ revision: recalledPo.revision });
    expect(recalled.status).toBe(200);
    await expectEventually(async () => expect(await rowOf(approver, recalledPo.id)).toBeUndefined());
    expect(await rowOf(approver, recalledPo.id, { status: 'REVERTED' })).toMatchObject({ status: 'REVERTED' });
  });

  it('rebuilds the inbox by replaying the events', async () => {
    const director = `Bearer ${await fullRightsToken(runtime, ['*'])}`;
    await notifications.query('DELETE FROM approval_request');
    const rebuilt = await request(server).post('/api/notification/approval/rebuild').set('Authorization', director);
    expect(rebuilt.status).toBe(200);
    const rows = await notifications.query<{ document_id: string; status: string }[]>(
      `SELECT document_id, status FROM approval_request WHERE document_id = $1`,
      [po.id],
    );
    expect(rows).toEqual([{ document_id: po.id, status: 'APPROVED' }]);
    const refused = await request(server)
      .post('/api/notification/approval/rebuild')
      .set('Authorization', await token(users.approver, approverRights, [HOME_LOCATION]));
    expect(refused.status).toBe(403);
  });

  it("lists a future document's requests through its registry metadata alone, once, whatever the order", async () => {
    const meta = {
      module: 'Widget Order',
      permissionKey: 'PO',
      referenceType: 'WIDGET_ORDER',
      linkPath: '/warehouse/widget-order/view',
      actionsPath: '/api/warehouse/widget-orders',
    } as const;
    const registry: ActivityRegistry = {
      'warehouse.widget-order.submitted': { ...meta, verb: 'submitted', asksApproval: true },
      'warehouse.widget-order.approved': { ...meta, verb: 'approved', asksApproval: false },
    };
    const handlers = new Map<string, (event: unknown, manager: unknown) => Promise<void>>();
    const consumer = { on: (subject: string, handler: never) => handlers.set(subject, handler) };
    const directory = new ApproverDirectory();
    new ActivityFeed(
      consumer as unknown as EventConsumer,
      directory,
      registry,
      undefined,
      new ApprovalProjection(directory),
    ).onModuleInit();
    const documentId = randomUUID();
    const activity = (action: string, revision: number, actor: string): DocumentActivity => ({
      document_type: 'WO',
      document_id: documentId,
      doc_no: `WO-${HOME_LOCATION}-000001`,
      location_id: HOME_LOCATION,
      action,
      from_status: action === 'submit' ? 'DRAFT' : 'PENDING APPROVAL',
      to_status: action === 'submit' ? 'PENDING APPROVAL' : 'APPROVED',
      actor_id: actor,
      actor_name: `User ${actor.slice(0, 4)}`,
      remark: null,
      revision,
      ...(action === 'submit' && { value_usd: '42.00' }),
    });
    const deliver = (subject: string, data: DocumentActivity, id = randomUUID()) =>
      notifications.transaction((manager) =>
        handlers.get(subject)!({ id, subject, occurredAt: new Date().toISOString(), data }, manager),
      );
    const submitted = activity('submit', 2, users.submitter);
    const eventId = randomUUID();
    await deliver('warehouse.widget-order.submitted', submitted, eventId);
    await deliver('warehouse.widget-order.submitted', submitted, eventId);
    const approver = await token(users.approver, approverRights, [HOME_LOCATION]);
    const widgets = (await inbox(approver)).filter((row) => row.document_id === documentId);
    expect(widgets).toEqual([
      expect.objectContaining({
        document_type: 'WO',
        module: 'Widget Order',
        actions_path: '/api/warehouse/widget-orders',
        link: `/warehouse/widget-order/view?id=${documentId}`,
        revision: 2,
        value_usd: '42.00',
      }),
    ]);
    expect(await rowOf(await token(users.foreign, approverRights, [FOREIGN_LOCATION]), documentId)).toBeUndefined();
    // Approved, then the submit delivered late once more (another delivery id): it stays approved, out of the inbox.
    await deliver('warehouse.widget-order.approved', activity('approve', 3, users.approver));
    await deliver('warehouse.widget-order.submitted', submitted);
    expect(await rowOf(approver, documentId)).toBeUndefined();
    expect(await rowOf(approver, documentId, { status: 'APPROVED' })).toMatchObject({ revision: 3 });
  });
});
