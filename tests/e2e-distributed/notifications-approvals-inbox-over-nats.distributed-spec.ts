import pg from 'pg';
import type TestAgent from 'supertest/lib/agent.js';
import { ProcurementSubjects } from '@scm/contracts';
import type { ApprovalRequestRow, DocumentActivity } from '@scm/contracts';
import { expectEventually } from '@scm/testing';
import { EventPublisher } from '@scm/platform';
import { DataSource } from 'typeorm';
import { printOutputIfFailed, startDistributedStack } from './distributed-stack.js';
import type { DistributedStack } from './distributed-stack.js';

/**
 * The approvals inbox in the distributed topology: procurement's PO events reach the notifications process over NATS;
 * a submission gives the approver (the seeded administrator) a row through the gateway, a redelivered event still
 * one, a decision published before its (late) submission never brings the request back, and an approval removes it.
 */
describe('approvals inbox over NATS in distributed mode', () => {
  let stack: DistributedStack;
  let agent: TestAgent;
  let db: pg.Client;

  beforeAll(async () => {
    stack = await startDistributedStack('apr');
    agent = await stack.signedInAgent();
    db = new pg.Client({ connectionString: stack.database.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  }, 60_000);

  afterEach(() => printOutputIfFailed(stack));

  const activity = (documentId: string, action: 'submit' | 'approve', revision: number): DocumentActivity => ({
    document_type: 'PO',
    document_id: documentId,
    doc_no: `PO-LOC1-${documentId.slice(-6)}`,
    location_id: 'LOC1',
    action,
    from_status: action === 'submit' ? 'DRAFT' : 'PENDING APPROVAL',
    to_status: action === 'submit' ? 'PENDING APPROVAL' : 'PENDING SUPPLIER',
    actor_id: action === 'submit' ? 'buyer-elsewhere' : 'approver-elsewhere',
    actor_name: action === 'submit' ? 'Buyer Elsewhere' : 'Approver Elsewhere',
    remark: null,
    revision,
    ...(action === 'submit' && { value_usd: '250.00' }),
  });
  const pending = async () => {
    const page = await agent.post('/api/notification/approval/list').send({
      limit: 50,
      other_params: { status: 'PENDING APPROVAL' },
    });
    expect(page.status).toBe(200);
    return (page.body.data as ApprovalRequestRow[]).map((row) => row.document_id);
  };
  const applied = (eventId: string) =>
    expectEventually(
      async () => {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM notifications.inbox WHERE consumer = 'notifications' AND event_id = $1`,
          [eventId],
        );
        expect(rows).toEqual([{ n: 1 }]);
      },
      { timeoutMs: 30_000 },
    );

  it('lists a PO submitted over NATS for its approver, once, and drops it when it is approved', async () => {
    const procurement = await new DataSource({
      type: 'postgres',
      url: stack.database.url,
      schema: 'procurement',
      extra: { options: '-c search_path=procurement' },
    }).initialize();
    const publisher = new EventPublisher('procurement');
    const publish = async (subject: Parameters<EventPublisher['publish']>[1], data: DocumentActivity) => {
      const event = await procurement.transaction((manager) => publisher.publish(manager, subject, data as never));
      await procurement.query(`SELECT pg_notify('outbox', 'procurement')`);
      return event;
    };
    try {
      const first = '0193a000-0000-7000-8000-0000000a0001';
      const late = '0193a000-0000-7000-8000-0000000a0002';
      const submitted = await publish(ProcurementSubjects.PurchaseOrderSubmitted, activity(first, 'submit', 2));
      // The seeded administrator (every location, approval on every key, no limit) learns of it over NATS.
      await expectEventually(async () => expect(await pending()).toContain(first), { timeoutMs: 30_000 });
      const [row] = (
        await agent.post('/api/notification/approval/list').send({ limit: 10, search_str: 'PO-LOC1-0a0001' })
      ).body.data as ApprovalRequestRow[];
      expect(row).toMatchObject({
        actions_path: '/api/procurement/purchase-orders',
        revision: 2,
        value_usd: '250.00',
        submitted_by: 'Buyer Elsewhere',
      });

      // Sent again by the relay (a crash before marking it sent): still one request.
      await procurement.query(`UPDATE outbox SET sent_at = NULL, next_attempt_at = now() WHERE id = $1`, [
        submitted.id,
      ]);
      await procurement.query(`SELECT pg_notify('outbox', 'procurement')`);
      await expectEventually(async () => {
        const { rows } = await db.query(`SELECT sent_at FROM procurement.outbox WHERE id = $1`, [submitted.id]);
        expect(rows[0].sent_at).not.toBeNull();
      });
      const { rows: requests } = await db.query(
        `SELECT status FROM notifications.approval_request WHERE document_id = $1`,
        [first],
      );
      expect(requests).toEqual([{ status: 'PENDING APPROVAL' }]);

      // A decision arriving before its submission: the late submission does not open the request again.
      await applied((await publish(ProcurementSubjects.PurchaseOrderApproved, activity(late, 'approve', 3))).id);
      await applied((await publish(ProcurementSubjects.PurchaseOrderSubmitted, activity(late, 'submit', 2))).id);
      expect(await pending()).not.toContain(late);

      // Approved: the request leaves the inbox and is listed as approved.
      await publish(ProcurementSubjects.PurchaseOrderApproved, activity(first, 'approve', 3));
      await expectEventually(async () => expect(await pending()).not.toContain(first), { timeoutMs: 30_000 });
      const approved = await agent
        .post('/api/notification/approval/list')
        .send({ limit: 10, other_params: { status: 'APPROVED' } });
      expect(approved.body.data).toEqual([
        expect.objectContaining({ document_id: first, status: 'APPROVED', decided_by: 'Approver Elsewhere' }),
      ]);
    } finally {
      await procurement.destroy();
    }
  });
});
