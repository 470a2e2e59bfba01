import { randomBytes, randomUUID } from 'node:crypto';
import { CatalogSubjects, IdentitySubjects } from '@scm/contracts';
import type { PermissionEntry, RoleSnapshot, UserSnapshot } from '@scm/contracts';
import { createTestDatabase } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import type { DataSource, EntityManager, MigrationInterface } from 'typeorm';
import { openServiceDataSource } from '../../src/database/data-source.js';
import { CreateDocumentKitTables1795650000000 } from '../../src/database/document-kit-tables.migration.js';
import { EventGuarantees1795640000000 } from '../../src/database/event-guarantees.migration.js';
import { CreatePlatformTables1763800000000 } from '../../src/database/platform-tables.migration.js';
import { ApproverDirectory, ApproverDirectoryHandler } from '../../src/documents/approver-directory.js';
import { EventConsumer, EventPublisher, OutboxRelay } from '../../src/events/index.js';
import type { EventTransport } from '../../src/events/index.js';
import { TIMEOUT, eventually, transportKinds } from '../events/events-harness.js';

const approval: PermissionEntry[] = [{ permission: { key: 'SA' }, view: true, edit: true, approval: true }];

function role(overrides: Partial<RoleSnapshot> = {}): RoleSnapshot {
  return {
    role_id: randomUUID(),
    role_name: 'Area manager',
    permission_list: approval,
    can_see_cost: true,
    approval_limit: '5000.00',
    revision: 1,
    ...overrides,
  };
}

function user(roleId: string, overrides: Partial<UserSnapshot> = {}): UserSnapshot {
  return {
    user_id: randomUUID(),
    employee_code: 'E1',
    employee_name: 'Olga',
    email: 'olga@example.com',
    username: 'olga',
    role_id: roleId,
    status: 'Active',
    location_list: ['OUTLET1'],
    revision: 1,
    ...overrides,
  };
}

/**
 * The directory as a service runs it: identity publishes through its outbox and relay, the consuming service's
 * EventConsumer applies the events with the kit's handler — over the in-process transport (embedded mode), and
 * over NATS when NATS_URL is set (distributed mode).
 */
describe(ApproverDirectory.name, () => {
  describe.each(transportKinds())('over the $name transport', (kind) => {
    let database: TestDatabase;
    let identity: DataSource;
    let inventory: DataSource;
    const namespace = `t${randomBytes(4).toString('hex')}`;
    const transports: EventTransport[] = [];
    const relays: OutboxRelay[] = [];
    const consumers: EventConsumer[] = [];
    const publisher = new EventPublisher('identity');
    const directory = new ApproverDirectory();
    const submitter = randomUUID();

    beforeAll(async () => {
      database = await createTestDatabase('scm_approvers');
      const open = (schema: string, extra: (new () => MigrationInterface)[] = []) =>
        openServiceDataSource({
          url: database.url,
          schema,
          entities: [],
          migrations: [CreatePlatformTables1763800000000, ...extra, EventGuarantees1795640000000],
        });
      identity = await open('identity');
      inventory = await open('inventory', [CreateDocumentKitTables1795650000000]);
    }, TIMEOUT);

    afterAll(async () => {
      for (const consumer of consumers) await consumer.stop();
      for (const relay of relays) await relay.stop();
      for (const transport of transports) await transport.close();
      await identity?.destroy();
      await inventory?.destroy();
      await database?.drop();
      await kind.cleanup(namespace);
    });

    /** One process's connection, with identity's relay on it (in-process: identity's history is read through it). */
    const serviceProcess = async (): Promise<{ transport: EventTransport; relay: OutboxRelay }> => {
      const transport = await kind.connect(namespace);
      transports.push(transport);
      const relay = new OutboxRelay(identity, 'identity', transport, { pollIntervalMs: 50 });
      relays.push(relay);
      return { transport, relay };
    };

    const publish = <S extends (typeof IdentitySubjects)[keyof typeof IdentitySubjects]>(
      subject: S,
      data: S extends 'identity.role.deleted'
        ? { role_id: string; revision: number }
        : S extends 'identity.role.upserted'
          ? RoleSnapshot
          : UserSnapshot,
    ) => identity.transaction((manager) => publisher.publish(manager, subject, data as never));

    /** "inventory" as it starts: its consumer, with the kit's handler registered when `withKit`. */
    const start = async (
      transport: EventTransport,
      withKit: boolean,
    ): Promise<{ consumer: EventConsumer; handler?: ApproverDirectoryHandler }> => {
      const consumer = new EventConsumer(inventory, 'inventory', transport, { sweepIntervalMs: 200 });
      consumers.push(consumer);
      // The service's existing replica handler (stands for the UOM replica inventory already had).
      consumer.on(CatalogSubjects.UomUpserted, () => Promise.resolve());
      let handler: ApproverDirectoryHandler | undefined;
      if (withKit) {
        handler = new ApproverDirectoryHandler(consumer, directory);
        handler.onModuleInit();
      }
      await consumer.start();
      return { consumer, handler };
    };

    const others = (valueUsd = '100', locationId = 'OUTLET1') =>
      inventory.transaction((manager: EntityManager) =>
        directory.otherApprovers(manager, { permissionKey: 'SA', locationId, valueUsd, excludingUserId: submitter }),
      );

    it(
      'learns the roles and users identity published before the kit was added (backfill), then follows live events, and rebuilds the same',
      async () => {
        // The service ran before the kit: its consumer is subscribed to its old subjects only.
        const earlier = await serviceProcess();
        const before = await start(earlier.transport, false);
        await before.consumer.stop();
        await earlier.relay.stop();
        await earlier.transport.close();

        const manager = role();
        const approver = user(manager.role_id);
        await publish(IdentitySubjects.RoleUpserted, manager);
        await publish(IdentitySubjects.UserInvited, { ...approver, status: 'Invited' });
        await publish(IdentitySubjects.UserActivated, { ...approver, revision: 2 });
        await publish(IdentitySubjects.UserInvited, user(manager.role_id, { user_id: submitter }));
        // Identity's relay sends them while the consuming service is down (NATS keeps them in identity's stream).
        const now = await serviceProcess();
        await now.relay.flush();

        // Restarted with the kit: the identity subjects are new to it and are backfilled from identity's history.
        const { handler } = await start(now.transport, true);
        expect(await others()).toBe(1);
        const subscribed = await inventory.query<{ subject: string }[]>(
          `SELECT subject FROM consumer_subscription WHERE consumer = 'inventory' ORDER BY subject`,
        );
        expect(subscribed.map((row) => row.subject)).toEqual(
          expect.arrayContaining([
            CatalogSubjects.UomUpserted,
            IdentitySubjects.RoleUpserted,
            IdentitySubjects.UserUpdated,
          ]),
        );

        await now.relay.start();
        // Live: the role's limit drops below the value, then comes back; the user moves away, then is deactivated.
        await publish(IdentitySubjects.RoleUpserted, { ...manager, approval_limit: '50.00', revision: 2 });
        await eventually(async () => expect(await others('100')).toBe(0));
        expect(await others('50')).toBe(1);
        await publish(IdentitySubjects.RoleUpserted, { ...manager, approval_limit: null, revision: 3 });
        await eventually(async () => expect(await others('1000000')).toBe(1));
        await publish(IdentitySubjects.UserUpdated, { ...approver, location_list: ['OUTLET2'], revision: 3 });
        await eventually(async () => expect(await others()).toBe(0));
        expect(await others('100', 'OUTLET2')).toBe(1);
        await publish(IdentitySubjects.UserUpdated, { ...approver, location_list: ['*'], revision: 4 });
        await eventually(async () => expect(await others('100', 'OUTLET9')).toBe(1));
        await publish(IdentitySubjects.UserDeactivated, { ...approver, status: 'Inactive', revision: 5 });
        await eventually(async () => expect(await others()).toBe(0));

        const state = async () => ({
          roles: await inventory.query(
            'SELECT role_id, approval_limit, deleted, revision FROM approver_role ORDER BY 1',
          ),
          users: await inventory.query('SELECT user_id, status, location_list, revision FROM approver_user ORDER BY 1'),
        });
        const replica = await state();
        await handler!.rebuild();
        expect(await state()).toEqual(replica);
      },
      TIMEOUT,
    );

    it('never moves back to an older snapshot, and keeps a deleted role as a tombstone', async () => {
      const manager = role({ approval_limit: null });
      const approver = user(manager.role_id, { revision: 5 });
      await inventory.transaction(async (tx: EntityManager) => {
        await directory.applyRole(tx, { ...manager, revision: 4 });
        await directory.applyUser(tx, approver);
        // Late, older snapshots: ignored.
        await directory.applyUser(tx, { ...approver, status: 'Inactive', revision: 4 });
        await directory.applyRole(tx, { ...manager, permission_list: [], revision: 3 });
      });
      expect(await others()).toBe(1);

      await inventory.transaction(async (tx: EntityManager) => {
        await directory.deleteRole(tx, { role_id: manager.role_id, revision: 5 });
        await directory.applyRole(tx, { ...manager, revision: 4 });
      });
      expect(await others()).toBe(0);
    });
  });
});
