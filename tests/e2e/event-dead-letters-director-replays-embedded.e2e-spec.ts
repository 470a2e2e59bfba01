import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { CatalogSubjects, SERVICE_NAMES } from '@scm/contracts';
import type { EventEnvelope, UomSnapshot } from '@scm/contracts';
import { createEmbeddedApp } from '@scm/gateway';
import { mailboxDir, readMailbox } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, expectEventually, signInAgent, startCatalogSuite } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * The director's error log, server side (SPEC.md §2): an event inventory's consumer parked is listed, replayed
 * (the replica catches up) or discarded; nobody else may see or touch the dead letters, and a bad id is a 404.
 */
describe('event dead letters: the director replays and discards (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let director: TestAgent;
  let keeper: TestAgent;
  let db: DataSource;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, runtime, agent: director, catalogDb: db, close } = await startCatalogSuite(createEmbeddedApp));
    keeper = await signedInNonDirector();
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  /** A user of a role other than director, invited, accepted from the mailed link and signed in. */
  async function signedInNonDirector(): Promise<TestAgent> {
    const role = await director.post('/api/identity/roles').send({
      role_name: 'Planner',
      can_see_cost: true,
      approval_limit: null,
      permission_list: [{ permission: { key: 'UOM' }, view: true, edit: true, approval: true }],
    });
    expect(role.status).toBe(201);
    const email = 'planner@example.com';
    const invited = await director.post('/api/identity/users').send({
      employee_code: 'E200',
      employee_name: 'Planner',
      email,
      username: 'planner',
      role_id: role.body.data.role_id,
      location_list: ['*'],
    });
    expect(invited.status).toBe(201);
    const token = await expectEventually(async () => {
      const mail = (await readMailbox(mailboxDir(runtime.config.dataDir))).find((m) => m.to === email);
      const match = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
      expect(match).not.toBeNull();
      return match![1];
    });
    const password = 'Kitchen#Ledger42';
    const accepted = await request(app.getHttpServer())
      .put('/api/accept_invitation')
      .send({ token, password, confirm_password: password });
    expect(accepted.status).toBe(200);
    const agent = request.agent(app.getHttpServer());
    await signInAgent(agent, 'planner', password);
    return agent;
  }

  /** A `catalog.uom.upserted` envelope for a UOM catalog never published to inventory. */
  function uomEnvelope(data: Partial<UomSnapshot> & { uom_id: string }): EventEnvelope {
    return {
      id: randomUUID(),
      subject: CatalogSubjects.UomUpserted,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'catalog',
      actor: null,
      correlationId: null,
      causationId: null,
      aggregate: `catalog.uom:${data.uom_id}`,
      sequence: 1,
      data: {
        uom_name: 'Pallet',
        secondary_uom: 'Carton',
        uom_per_primary: '48',
        status: 'active',
        revision: 1,
        last_updated_time: new Date().toISOString(),
        ...data,
      },
    };
  }

  /** Parks `envelope` in inventory's dead_letter table as a failed event, as the consumer does after 5 attempts. */
  async function parkInInventory(envelope: EventEnvelope, lastError: string): Promise<string> {
    const [row] = await db.query<{ id: string }[]>(
      `INSERT INTO inventory.dead_letter (consumer, event_id, subject, aggregate, sequence, envelope, reason, attempts, last_error)
       VALUES ('inventory', $1, $2, $3, $4, $5, 'failed', 5, $6) RETURNING id`,
      [envelope.id, envelope.subject, envelope.aggregate, envelope.sequence, JSON.stringify(envelope), lastError],
    );
    return row.id;
  }

  const list = async (service: string) => {
    const response = await director.get(`/api/${service}/dead-letters`);
    expect(response.status).toBe(200);
    return response.body.data as { id: string; subject: string; reason: string; attempts: number }[];
  };

  const replicaUoms = async () => {
    const response = await director.post('/api/inventory/uoms/list').send({ limit: 100 });
    expect(response.status).toBe(200);
    return response.body.data as { uom_id: string; uom_name: string }[];
  };

  it('lists nothing parked in any service at first', async () => {
    for (const service of SERVICE_NAMES) expect(await list(service)).toEqual([]);
  });

  it('lists a parked event to the director, replays it into the replica and no longer lists it', async () => {
    const uomId = randomUUID();
    const envelope = uomEnvelope({ uom_id: uomId, uom_name: 'Pallet' });
    const id = await parkInInventory(envelope, 'connection terminated unexpectedly');
    expect(await list('inventory')).toEqual([
      expect.objectContaining({
        id,
        consumer: 'inventory',
        event_id: envelope.id,
        subject: 'catalog.uom.upserted',
        aggregate: `catalog.uom:${uomId}`,
        sequence: 1,
        reason: 'failed',
        attempts: 5,
        last_error: 'connection terminated unexpectedly',
        parked_at: expect.any(String),
      }),
    ]);
    expect((await replicaUoms()).map((uom) => uom.uom_id)).not.toContain(uomId);

    const replayed = await director
      .post(`/api/inventory/dead-letters/${id}/replay`)
      .set('Idempotency-Key', randomUUID());
    expect(replayed.status).toBe(200);
    expect(replayed.body.data).toEqual({ outcome: 'applied' });
    expect(await replicaUoms()).toContainEqual(expect.objectContaining({ uom_id: uomId, uom_name: 'Pallet' }));
    expect(await list('inventory')).toEqual([]);

    const again = await director.post(`/api/inventory/dead-letters/${id}/replay`).set('Idempotency-Key', randomUUID());
    expect(again.status).toBe(404);
  });

  it('answers a replay that fails again with 422 and the translated error, keeping the event parked', async () => {
    // A payload no schema accepts: the consumer cannot apply it, whoever asks.
    const envelope = uomEnvelope({ uom_id: randomUUID(), uom_per_primary: 48 as unknown as string });
    const id = await parkInInventory(envelope, 'invalid payload');
    const failed = await director
      .post(`/api/inventory/dead-letters/${id}/replay`)
      .set('Accept-Language', 'zh-CN')
      .set('Idempotency-Key', randomUUID());
    expect(failed.status).toBe(422);
    expect(failed.body.code).toBe('EVENT_REPLAY_FAILED');
    expect(failed.body.message).toMatch(/^事件再次处理失败：/);
    expect(await list('inventory')).toEqual([
      expect.objectContaining({
        id,
        reason: 'failed',
        attempts: 6,
        last_error: expect.stringContaining('uom_per_primary'),
      }),
    ]);

    const discarded = await director
      .post(`/api/inventory/dead-letters/${id}/discard`)
      .set('Idempotency-Key', randomUUID());
    expect(discarded.status).toBe(200);
    expect(discarded.body.data).toBeNull();
    expect(await list('inventory')).toEqual([]);
    const twice = await director.post(`/api/inventory/dead-letters/${id}/discard`).set('Idempotency-Key', randomUUID());
    expect(twice.status).toBe(404);
    expect(twice.body.code).toBe('NOT_FOUND');
  });

  it('refuses a signed-in user of another role the list, the replay and the discard, and leaves the event parked', async () => {
    const id = await parkInInventory(uomEnvelope({ uom_id: randomUUID() }), 'timeout');
    const token = await keeper.get('/api/token');
    expect(token.body.data.user.role.role_name).toBe('Planner');
    const refused = [
      await keeper.get('/api/inventory/dead-letters'),
      await keeper.post(`/api/inventory/dead-letters/${id}/replay`).set('Idempotency-Key', randomUUID()),
      await keeper.post(`/api/inventory/dead-letters/${id}/discard`).set('Idempotency-Key', randomUUID()),
    ];
    expect(refused.map((response) => [response.status, response.body.code])).toEqual([
      [403, 'FORBIDDEN'],
      [403, 'FORBIDDEN'],
      [403, 'FORBIDDEN'],
    ]);
    for (const service of SERVICE_NAMES) expect((await keeper.get(`/api/${service}/dead-letters`)).status).toBe(403);
    expect(await list('inventory')).toEqual([expect.objectContaining({ id })]);
    const anonymous = await request(app.getHttpServer()).get('/api/inventory/dead-letters');
    expect(anonymous.status).toBe(401);
  });

  it('answers 404, never 500, for an id that is not a dead letter or not an id at all', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', "1'; DROP TABLE dead_letter; --"]) {
      for (const action of ['replay', 'discard']) {
        const response = await director
          .post(`/api/catalog/dead-letters/${encodeURIComponent(id)}/${action}`)
          .set('Idempotency-Key', randomUUID());
        expect([id, action, response.status, response.body.code]).toEqual([id, action, 404, 'NOT_FOUND']);
      }
    }
  });
});
