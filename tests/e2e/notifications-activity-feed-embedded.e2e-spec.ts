import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { InventorySubjects } from '@scm/contracts';
import type { ActivityRegistry, DocumentActivity, PermissionEntry } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { ApproverDirectory, EventPublisher } from '@scm/platform';
import type { EventConsumer, Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, expectEventually, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
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

const grant = (key: string, view: boolean, approval: boolean): PermissionEntry => ({
  permission: { key },
  view,
  edit: false,
  approval,
});

/**
 * Notifications and the activity log fed by inventory's activity events (issue 15): an SA submitted notifies its
 * approvers at its location only (not the submitter when another approver exists, not a viewer, not a user of
 * another location) once even when delivered twice; an approval notifies the viewers; mark one / all read; the
 * activity log lists it; a future document's subject works by its registry metadata alone.
 */
describe('notifications and activity log fed by document activity events (embedded mode)', () => {
  let server: Server;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let inventory: DataSource;
  let notifications: DataSource;
  const publisher = new EventPublisher('inventory');
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const home = `NTF-${tag}-A`;
  const away = `NTF-${tag}-B`;
  const users = {
    submitter: randomUUID(),
    approver: randomUUID(),
    foreign: randomUUID(),
    viewer: randomUUID(),
    transfers: randomUUID(),
    consignments: randomUUID(),
  };
  const approverRole = `role-ntf-approver-${tag}`;
  const viewerRole = `role-ntf-viewer-${tag}`;
  /** Approvers of stock transfers (SR) only, and of consignment releases (RJ_SR) only. */
  const transfersRole = `role-ntf-sr-${tag}`;
  const consignmentsRole = `role-ntf-rjsr-${tag}`;
  const approverRights = [grant('SA', true, true), grant('PO', true, true), grant('NOTIFICATION', true, false)];
  const viewerRights = [grant('SA', true, false), grant('NOTIFICATION', true, false)];
  const documentId = randomUUID();

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    server = suite.app.getHttpServer();
    inventory = await schemaDb(runtime, 'inventory');
    notifications = await schemaDb(runtime, 'notifications');
    // The directory as identity's role and user events leave it in notifications' schema.
    for (const [roleId, rights] of [
      [approverRole, approverRights],
      [viewerRole, viewerRights],
      [transfersRole, [grant('SR', true, true)]],
      [consignmentsRole, [grant('RJ_SR', true, true)]],
    ] as const) {
      await notifications.query(
        `INSERT INTO approver_role (role_id, role_name, permission_list, approval_limit, revision)
         VALUES ($1, $1, $2::jsonb, NULL, 1)`,
        [roleId, JSON.stringify(rights)],
      );
    }
    const user = (id: string, role: string, location: string) =>
      notifications.query(
        `INSERT INTO approver_user (user_id, employee_name, role_id, status, location_list, revision)
         VALUES ($1, $1, $2, 'Active', ARRAY[$3], 1)`,
        [id, role, location],
      );
    await user(users.submitter, approverRole, home);
    await user(users.approver, approverRole, home);
    await user(users.foreign, approverRole, away);
    await user(users.viewer, viewerRole, home);
    await user(users.transfers, transfersRole, home);
    await user(users.consignments, consignmentsRole, home);
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    await inventory?.destroy();
    await notifications?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  const tokenOf = async (userId: string, rights: PermissionEntry[], location: string) =>
    `Bearer ${await tokenWithPermissions(runtime, rights, { sub: userId, locs: [location], cost: true })}`;
  const bell = async (token: string, language = 'en') =>
    request(server)
      .get('/api/notification/get?limit=10&offset=0')
      .set('Authorization', token)
      .set('Accept-Language', language);

  const activity = (action: string, from: string | null, to: string, actor: string): DocumentActivity => ({
    document_type: 'SA',
    document_id: documentId,
    doc_no: `SA-${home}-000001`,
    location_id: home,
    action,
    from_status: from,
    to_status: to,
    actor_id: actor,
    actor_name: `User ${actor.slice(0, 4)}`,
    remark: null,
    revision: action === 'submit' ? 2 : 3,
    ...(action === 'submit' && { value_usd: '120.50' }),
  });

  async function applied(eventId: string) {
    await expectEventually(async () => {
      const rows = await notifications.query(`SELECT 1 FROM inbox WHERE consumer = 'notifications' AND event_id = $1`, [
        eventId,
      ]);
      expect(rows).toHaveLength(1);
    });
  }

  const recipients = async (eventId: string) =>
    (
      await notifications.query<{ user_id: string }[]>('SELECT user_id FROM notification WHERE event_id = $1', [
        eventId,
      ])
    ).map((row) => row.user_id);

  let submittedId: string;

  it('notifies the approver at the location once, even when the event is delivered twice', async () => {
    const event = await inventory.transaction((manager) =>
      publisher.publish(
        manager,
        InventorySubjects.StockAdjustmentSubmitted,
        activity('submit', 'DRAFT', 'PENDING APPROVAL', users.submitter),
      ),
    );
    submittedId = event.id;
    await applied(event.id);
    // Delivered again: the relay sends the same event (same id) once more.
    const [sent] = await inventory.query<{ id: string }[]>(`SELECT id FROM outbox WHERE id = $1`, [event.id]);
    await inventory.query(`UPDATE outbox SET sent_at = NULL, next_attempt_at = now() WHERE id = $1`, [sent.id]);
    await inventory.query(`SELECT pg_notify('outbox', 'inventory')`);
    await expectEventually(async () => {
      const [row] = await inventory.query(`SELECT sent_at FROM outbox WHERE id = $1`, [sent.id]);
      expect(row.sent_at).not.toBeNull();
    });
    const told = await recipients(event.id);
    expect(told.filter((id) => id === users.approver)).toHaveLength(1);
    for (const other of [users.submitter, users.foreign, users.viewer]) expect(told).not.toContain(other);

    const approver = await tokenOf(users.approver, approverRights, home);
    const page = await bell(approver);
    expect(page.status).toBe(200);
    expect(page.body.data.unread_count).toBe(1);
    expect(page.body.data.list).toEqual([
      expect.objectContaining({
        is_read: false,
        reference_type: 'SA',
        reference_id: documentId,
        message: `User ${users.submitter.slice(0, 4)} submitted Stock Adjustment SA-${home}-000001 for your approval`,
        message_links: [{ link: `/inventory/stock-adjustment/view?id=${documentId}`, name: documentId }],
        created_time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      }),
    ]);
    const zh = await bell(approver, 'zh-CN');
    expect(zh.body.data.list[0].message).toContain('等待您审批');
    expect((await bell(await tokenOf(users.foreign, approverRights, away))).body.data.list).toEqual([]);
    expect((await bell(await tokenOf(users.viewer, viewerRights, home))).body.data.list).toEqual([]);
  });

  it('tells the viewers of the decision, not the one who made it; mark one and all read', async () => {
    const event = await inventory.transaction((manager) =>
      publisher.publish(
        manager,
        InventorySubjects.StockAdjustmentApproved,
        activity('approve', 'PENDING APPROVAL', 'APPROVED', users.approver),
      ),
    );
    await applied(event.id);
    const told = await recipients(event.id);
    expect(told).toEqual(expect.arrayContaining([users.submitter, users.viewer]));
    expect(told).not.toContain(users.approver);
    expect(told).not.toContain(users.foreign);

    const approver = await tokenOf(users.approver, approverRights, home);
    const [first] = (await bell(approver)).body.data.list;
    const one = await request(server)
      .put(`/api/notification/mark_one_as_read/${first.id}`)
      .set('Authorization', approver);
    expect(one.status).toBe(200);
    expect((await bell(approver)).body.data).toMatchObject({ unread_count: 0, list: [{ is_read: true }] });
    // Another user's notification is not found for them.
    const viewer = await tokenOf(users.viewer, viewerRights, home);
    expect(
      (await request(server).put(`/api/notification/mark_one_as_read/${first.id}`).set('Authorization', viewer)).status,
    ).toBe(404);
    expect((await bell(viewer)).body.data.unread_count).toBe(1);
    const all = await request(server).put('/api/notification/mark_all_as_read').set('Authorization', viewer);
    expect(all.status).toBe(200);
    expect((await bell(viewer)).body.data.unread_count).toBe(0);
  });

  it('lists both in the activity log, filtered by module, user and date, within the caller’s locations', async () => {
    const list = (token: string, otherParams: Record<string, unknown>) =>
      request(server)
        .post('/api/notification/activity-log/list')
        .set('Authorization', token)
        .send({ limit: 50, other_params: otherParams });
    const viewer = await tokenOf(users.viewer, viewerRights, home);
    const byModule = await list(viewer, { module: ['Stock Adjustment'] });
    expect(byModule.status).toBe(200);
    const mine = (byModule.body.data as { reference_id: string; message: string }[]).filter(
      (row) => row.reference_id === documentId,
    );
    expect(mine.map((row) => row.message)).toEqual([
      `User ${users.approver.slice(0, 4)} approved Stock Adjustment SA-${home}-000001`,
      `User ${users.submitter.slice(0, 4)} submitted Stock Adjustment SA-${home}-000001`,
    ]);
    const byUser = await list(viewer, { created_by_id: [users.submitter] });
    expect(byUser.body.data).toEqual([
      expect.objectContaining({ module: 'Stock Adjustment', created_by_id: users.submitter }),
    ]);
    const past = await list(viewer, { created_time: { from: '2000-01-01', to: '2000-01-02' } });
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    const foreign = await list(await tokenOf(users.foreign, approverRights, away), { module: ['Stock Adjustment'] });
    expect((foreign.body.data as { reference_id: string }[]).map((row) => row.reference_id)).not.toContain(documentId);
    expect(submittedId).toBeDefined();
  });

  it("puts a consignment release (the stock transfer's subjects, on RJ_SR) before RJ_SR's approvers and page", async () => {
    const submit = (documentId: string, permissionKey: string) =>
      inventory.transaction((manager) =>
        publisher.publish(manager, InventorySubjects.StockTransferSubmitted, {
          ...activity('submit', 'DRAFT', 'PENDING APPROVAL', users.submitter),
          document_type: 'SR',
          document_id: documentId,
          doc_no: `SR-${home}-000001`,
          permission_key: permissionKey,
        }),
      );
    const consignmentId = randomUUID();
    const consignment = await submit(consignmentId, 'RJ_SR');
    await applied(consignment.id);
    const told = await recipients(consignment.id);
    expect(told).toContain(users.consignments);
    expect(told).not.toContain(users.transfers);
    const [notice] = await notifications.query<{ reference_type: string; link: string; message: { en: string } }[]>(
      'SELECT reference_type, link, message FROM notification WHERE event_id = $1 AND user_id = $2',
      [consignment.id, users.consignments],
    );
    expect(notice).toMatchObject({
      reference_type: 'RJ_SR',
      link: `/sales-management/stock-release/view?id=${consignmentId}`,
      message: {
        en: `User ${users.submitter.slice(0, 4)} submitted Consignment SR-${home}-000001 for your approval`,
        'zh-CN': expect.stringContaining('寄售'),
      },
    });
    const [logged] = await notifications.query('SELECT module, permission_key FROM activity_log WHERE event_id = $1', [
      consignment.id,
    ]);
    expect(logged).toEqual({ module: 'Consignor and Consignee Agreement', permission_key: 'RJ_SR' });
    const [request] = await notifications.query(
      'SELECT permission_key, link FROM approval_request WHERE document_id = $1',
      [consignmentId],
    );
    expect(request).toEqual({
      permission_key: 'RJ_SR',
      link: `/sales-management/stock-release/view?id=${consignmentId}`,
    });

    // A transfer's own machine (SR) stays SR's; a key the entry does not declare widens nothing.
    for (const key of ['SR', 'PO']) {
      const transfer = await submit(randomUUID(), key);
      await applied(transfer.id);
      const toldTransfer = await recipients(transfer.id);
      expect(toldTransfer).toContain(users.transfers);
      expect(toldTransfer).not.toContain(users.consignments);
      expect(toldTransfer).not.toContain(users.approver);
    }
  });

  it("handles a future document's subject by its metadata alone", async () => {
    const registry: ActivityRegistry = {
      'warehouse.widget-order.submitted': {
        module: 'Widget Order',
        permissionKey: 'PO',
        verb: 'submitted',
        referenceType: 'WIDGET_ORDER',
        linkPath: '/warehouse/widget-order/view',
        asksApproval: true,
      },
    };
    const handlers = new Map<string, (event: unknown, manager: unknown) => Promise<void>>();
    const consumer = { on: (subject: string, handler: never) => handlers.set(subject, handler) };
    new ActivityFeed(consumer as unknown as EventConsumer, new ApproverDirectory(), registry).onModuleInit();
    expect([...handlers.keys()]).toEqual(['warehouse.widget-order.submitted']);
    const eventId = randomUUID();
    const data = { ...activity('submit', 'DRAFT', 'PENDING APPROVAL', users.submitter), document_id: randomUUID() };
    await notifications.transaction((manager) =>
      handlers.get('warehouse.widget-order.submitted')!(
        { id: eventId, subject: 'warehouse.widget-order.submitted', occurredAt: new Date().toISOString(), data },
        manager,
      ),
    );
    const told = await recipients(eventId);
    expect(told).toContain(users.approver);
    expect(told).not.toContain(users.submitter);
    expect(told).not.toContain(users.viewer);
    const [row] = await notifications.query(
      `SELECT link, message FROM notification WHERE event_id = $1 AND user_id = $2`,
      [eventId, users.approver],
    );
    expect(row.link).toBe(`/warehouse/widget-order/view?id=${data.document_id}`);
    expect(row.message.en).toContain('Widget Order');
  });
});
