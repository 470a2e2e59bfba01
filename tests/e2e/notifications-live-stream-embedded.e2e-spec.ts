import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InventorySubjects } from '@scm/contracts';
import type { DocumentActivity, PermissionEntry } from '@scm/contracts';
import { createEmbeddedApp, createGateway } from '@scm/gateway';
import { EventPublisher } from '@scm/platform';
import type { Runtime } from '@scm/platform';
import { SUITE_HOOK_TIMEOUT_MS, expectEventually, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import { DataSource } from 'typeorm';

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

/** An open `GET /api/notification/stream`: the text received so far, and a way to hang up. */
interface OpenStream {
  status: number;
  contentType: string | undefined;
  text: () => string;
  close: () => void;
}

function openStream(port: number, token: string, path = '/api/notification/stream'): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let received = '';
    const req = http.get({ host: '127.0.0.1', port, path, headers: { Authorization: token } }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (received += chunk));
      response.on('error', () => undefined);
      resolve({
        status: response.statusCode ?? 0,
        contentType: response.headers['content-type'],
        text: () => received,
        close: () => req.destroy(),
      });
    });
    req.on('error', (error) => (received === '' ? reject(error) : undefined));
  });
}

const events = (text: string, name: string) => text.split('\n\n').filter((block) => block.includes(`event: ${name}`));

/**
 * Issue 15, live bell: a user's notification stream is open; a stock adjustment submitted at their location stores a
 * notification for them and the stream sends a `notification` event at once; a user of another location, whose
 * stream is open too, hears nothing. The distributed gateway passes the stream through as it comes.
 */
describe('notification stream tells a user of a notification stored for them (embedded mode)', () => {
  let port: number;
  let runtime: Runtime;
  let close: () => Promise<void>;
  let inventory: DataSource;
  let notifications: DataSource;
  const publisher = new EventPublisher('inventory');
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const home = `LIVE-${tag}-A`;
  const away = `LIVE-${tag}-B`;
  const users = { submitter: randomUUID(), approver: randomUUID(), foreign: randomUUID() };
  const role = `role-live-approver-${tag}`;
  const rights = [grant('SA', true, true), grant('NOTIFICATION', true, false)];
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    const suite = await startCatalogSuite(createEmbeddedApp);
    close = suite.close;
    runtime = suite.runtime;
    const server = suite.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    inventory = await schemaDb(runtime, 'inventory');
    notifications = await schemaDb(runtime, 'notifications');
    await notifications.query(
      `INSERT INTO approver_role (role_id, role_name, permission_list, approval_limit, revision)
       VALUES ($1, $1, $2::jsonb, NULL, 1)`,
      [role, JSON.stringify(rights)],
    );
    for (const [id, location] of [
      [users.submitter, home],
      [users.approver, home],
      [users.foreign, away],
    ]) {
      await notifications.query(
        `INSERT INTO approver_user (user_id, employee_name, role_id, status, location_list, revision)
         VALUES ($1, $1, $2, 'Active', ARRAY[$3], 1)`,
        [id, role, location],
      );
    }
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await inventory?.destroy();
    await notifications?.destroy();
    await close?.();
  }, SUITE_HOOK_TIMEOUT_MS);

  const tokenOf = async (userId: string, location: string) =>
    `Bearer ${await tokenWithPermissions(runtime, rights, { sub: userId, locs: [location], cost: true })}`;

  /** A stock adjustment submitted at `location` by the submitter (inventory's activity event). */
  const submitAt = (location: string) => {
    const activity: DocumentActivity = {
      document_type: 'SA',
      document_id: randomUUID(),
      doc_no: `SA-${location}-${randomUUID().slice(0, 6)}`,
      location_id: location,
      action: 'submit',
      from_status: 'DRAFT',
      to_status: 'PENDING APPROVAL',
      actor_id: users.submitter,
      actor_name: 'Live submitter',
      remark: null,
      revision: 2,
      value_usd: '10.00',
    };
    return inventory.transaction((manager) =>
      publisher.publish(manager, InventorySubjects.StockAdjustmentSubmitted, activity),
    );
  };

  it('sends the approver a notification event when the submission is stored, and the other location nothing', async () => {
    const approver = await openStream(port, await tokenOf(users.approver, home));
    const foreign = await openStream(port, await tokenOf(users.foreign, away));
    streams.push(approver, foreign);
    expect(approver.status).toBe(200);
    expect(approver.contentType).toMatch(/^text\/event-stream/);
    await expectEventually(() => {
      expect(events(approver.text(), 'ready')).toHaveLength(1);
      expect(events(foreign.text(), 'ready')).toHaveLength(1);
    });
    expect(events(approver.text(), 'notification')).toEqual([]);

    const event = await submitAt(home);

    await expectEventually(() => expect(events(approver.text(), 'notification')).toHaveLength(1));
    // Sent after the commit: the page the browser then reads holds it.
    const stored = await notifications.query<{ user_id: string }[]>(
      'SELECT user_id FROM notification WHERE event_id = $1',
      [event.id],
    );
    expect(stored.map((row) => row.user_id)).toContain(users.approver);
    expect(stored.map((row) => row.user_id)).not.toContain(users.foreign);
    expect(events(foreign.text(), 'notification')).toEqual([]);
  });

  it('refuses a stream without a sign-in', async () => {
    const anonymous = await openStream(port, '');
    streams.push(anonymous);
    expect(anonymous.status).toBe(401);
  });

  it('passes through the distributed gateway unbuffered', async () => {
    // The gateway of the distributed mode in front of this process (its session check is the gateway's own test).
    const upstream = `http://127.0.0.1:${port}`;
    const gateway = await createGateway({
      ...runtime.config,
      authPublicKey: undefined,
      serviceUrls: {
        identity: upstream,
        catalog: upstream,
        inventory: upstream,
        procurement: upstream,
        notifications: upstream,
      },
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    try {
      const through = await openStream(
        (gateway.server.address() as AddressInfo).port,
        await tokenOf(users.approver, home),
      );
      streams.push(through);
      expect([through.status, through.contentType]).toEqual([200, expect.stringMatching(/^text\/event-stream/)]);
      await expectEventually(() => expect(events(through.text(), 'ready')).toHaveLength(1));
      await submitAt(home);
      await expectEventually(() => expect(events(through.text(), 'notification')).toHaveLength(1));
      through.close();
    } finally {
      await gateway.close();
    }
  });
});
