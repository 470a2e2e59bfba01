import 'reflect-metadata';
import { inTransaction, joinUnitOfWork } from '@scm/platform';
import { createTestDatabase } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { MasterRecordStore } from '../../src/master/master-record-store.js';
import type { MasterRecord, MasterRecordKind } from '../../src/master/master-record-store.js';
import { RecordUsageRepository } from '../../src/usage/record-usage.repository.js';

interface Thing extends MasterRecord {
  thing_id: string;
  thing_name: string;
}

class ThingError extends Error {
  static notFound = () => new ThingError('not found');
  static duplicate = () => new ThingError('duplicate');
  static inUse = () => new ThingError('in use');
}

/**
 * The one change flow of catalog's master records against a real PostgreSQL: each call is a transaction of
 * its own, or joins the enclosing unit of work (an Excel import applying every row, all or nothing); a unique
 * violation answers the kind's duplicate error.
 */
describe(MasterRecordStore.name, () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let sut: MasterRecordStore<Thing, Thing>;
  let kind: MasterRecordKind<Thing, Thing>;
  /** The transaction each kind callback ran in, to prove who shared one. */
  let managersSeen: EntityManager[];

  const row = (thingId: string, name: string): Thing => ({
    thing_id: thingId,
    thing_name: name,
    status: 'new',
    revision: 1,
    last_updated_time: new Date(),
    last_updated_by: null,
  });
  const insert = (thing: Thing) => async (manager: EntityManager) => {
    managersSeen.push(manager);
    await manager.query(`INSERT INTO thing (thing_id, thing_name, status, revision) VALUES ($1, $2, $3, $4)`, [
      thing.thing_id,
      thing.thing_name,
      thing.status,
      thing.revision,
    ]);
  };
  const things = async () =>
    (
      await dataSource.query<{ thing_id: string; thing_name: string; revision: number }[]>(
        `SELECT thing_id, thing_name, revision FROM thing ORDER BY thing_id`,
      )
    ).map((thing) => [thing.thing_id, thing.thing_name, thing.revision]);
  const published = async () =>
    (await dataSource.query<{ subject: string }[]>(`SELECT subject FROM published ORDER BY id`)).map(
      (event) => event.subject,
    );

  beforeAll(async () => {
    database = await createTestDatabase('scm_master_store');
    dataSource = new DataSource({ type: 'postgres', url: database.url });
    await dataSource.initialize();
    await dataSource.query(`CREATE TABLE thing (thing_id text PRIMARY KEY, thing_name text NOT NULL UNIQUE,
      status text NOT NULL, revision integer NOT NULL, last_updated_time timestamptz NOT NULL DEFAULT now(),
      last_updated_by text)`);
    await dataSource.query(`CREATE TABLE record_usage (target_type text, target_id text, used_by_type text,
      used_by_id text, PRIMARY KEY (target_type, target_id, used_by_type, used_by_id))`);
    await dataSource.query(`CREATE TABLE published (id serial PRIMARY KEY, subject text NOT NULL)`);
    const select = `SELECT thing_id, thing_name, status, revision, last_updated_time, last_updated_by FROM thing
      WHERE thing_id = $1`;
    const first = (rows: Thing[]) => rows[0] ?? null;
    const publish = async (manager: EntityManager, subject: string) => {
      managersSeen.push(manager);
      await manager.query(`INSERT INTO published (subject) VALUES ($1)`, [subject]);
    };
    kind = {
      usageType: 'thing',
      errors: ThingError,
      find: async (manager, id) => first(await manager.query(select, [id])),
      lock: async (manager, id) => first(await manager.query(`${select} FOR UPDATE`, [id])),
      save: async (manager, thing) => {
        await manager.query(`UPDATE thing SET thing_name = $2, status = $3, revision = $4 WHERE thing_id = $1`, [
          thing.thing_id,
          thing.thing_name,
          thing.status,
          thing.revision,
        ]);
      },
      publishUpserted: (manager, thing) => publish(manager, `thing.upserted ${thing.thing_id} r${thing.revision}`),
      deleteAndPublish: async (manager, thing) => {
        await manager.query(`DELETE FROM thing WHERE thing_id = $1`, [thing.thing_id]);
        await publish(manager, `thing.deleted ${thing.thing_id}`);
      },
      view: (_manager, thing) => ({ ...thing }),
    };
    sut = new MasterRecordStore<Thing, Thing>(dataSource, new RecordUsageRepository(), kind);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  beforeEach(async () => {
    managersSeen = [];
    await dataSource.query(`TRUNCATE thing, record_usage, published`);
    await sut.create(row('A', 'Alpha'), insert(row('A', 'Alpha')));
    managersSeen = [];
  });

  it('commits every change of a unit of work in the enclosing transaction', async () => {
    let outer: EntityManager | undefined;
    await dataSource.transaction((manager) => {
      outer = manager;
      return joinUnitOfWork(manager, async () => {
        await sut.create(row('B', 'Beta'), insert(row('B', 'Beta')));
        await sut.change('A', (_manager, thing) => {
          thing.thing_name = 'Alpha 2';
        });
      });
    });

    expect(managersSeen.length).toBeGreaterThan(0);
    expect(managersSeen.every((manager) => manager === outer)).toBe(true);
    expect(await things()).toEqual([
      ['A', 'Alpha 2', 2],
      ['B', 'Beta', 1],
    ]);
    expect(await published()).toEqual(['thing.upserted A r1', 'thing.upserted B r1', 'thing.upserted A r2']);
  });

  it('rolls back the changes already made inside a unit of work when a later row fails', async () => {
    await expect(
      dataSource.transaction((manager) =>
        joinUnitOfWork(manager, async () => {
          await sut.create(row('B', 'Beta'), insert(row('B', 'Beta')));
          await sut.change('A', (_manager, thing) => {
            thing.thing_name = 'Alpha 2';
          });
          await sut.delete('A');
          throw new Error('row 4 of the sheet is invalid');
        }),
      ),
    ).rejects.toThrow('row 4 of the sheet is invalid');

    expect(await things()).toEqual([['A', 'Alpha', 1]]);
    expect(await published()).toEqual(['thing.upserted A r1']);
  });

  it('runs in a transaction of its own outside a unit of work: a refused change leaves nothing behind', async () => {
    await expect(
      sut.change('A', async (manager, thing) => {
        await manager.query(`INSERT INTO published (subject) VALUES ('written before the refusal')`);
        thing.thing_name = 'Alpha 2';
        throw ThingError.inUse();
      }),
    ).rejects.toThrow('in use');
    await sut.create(row('B', 'Beta'), insert(row('B', 'Beta')));

    expect(await things()).toEqual([
      ['A', 'Alpha', 1],
      ['B', 'Beta', 1],
    ]);
    expect(await published()).toEqual(['thing.upserted A r1', 'thing.upserted B r1']);
  });

  it('answers the duplicate error for a unique violation, alone or inside a unit of work', async () => {
    await expect(sut.create(row('B', 'Alpha'), insert(row('B', 'Alpha')))).rejects.toThrow(ThingError.duplicate());
    await sut.create(row('C', 'Gamma'), insert(row('C', 'Gamma')));
    await expect(
      sut.change('C', (_manager, thing) => {
        thing.thing_name = 'Alpha';
      }),
    ).rejects.toThrow(ThingError.duplicate());

    await expect(
      dataSource.transaction((manager) =>
        joinUnitOfWork(manager, () => sut.create(row('D', 'Gamma'), insert(row('D', 'Gamma')))),
      ),
    ).rejects.toThrow(ThingError.duplicate());
    expect(await things()).toEqual([
      ['A', 'Alpha', 1],
      ['C', 'Gamma', 1],
    ]);
  });

  it('refuses archive and delete while in use; a delete runs its companion work in the same transaction', async () => {
    await inTransaction(dataSource, (manager) => new RecordUsageRepository().add(manager, 'thing', 'A', 'x', '1'));
    await expect(sut.archive('A')).rejects.toThrow('in use');
    let companionRan = false;
    await expect(
      sut.delete('A', () => {
        companionRan = true;
        return Promise.resolve([]);
      }),
    ).rejects.toThrow('in use');
    expect(companionRan).toBe(false);

    await dataSource.query(`TRUNCATE record_usage`);
    const files = await sut.delete('A', (manager) => {
      managersSeen.push(manager);
      return Promise.resolve(['uom/A/file-1']);
    });
    expect(files).toEqual(['uom/A/file-1']);
    expect(new Set(managersSeen).size).toBe(1);
    expect(await things()).toEqual([]);
    expect(await sut.get('A').catch((error: Error) => error.message)).toBe('not found');
  });

  describe('a kind that carries a location', () => {
    // Each thing is its own location, as a catalog location is.
    const located = () =>
      new MasterRecordStore<Thing, Thing>(dataSource, new RecordUsageRepository(), {
        ...kind,
        locationOf: (thing) => thing.thing_id,
      });

    it('refuses to read or change without the caller scope (fail closed, never every location)', async () => {
      await expect(located().get('A')).rejects.toThrow(/location scope/);
      await expect(located().archive('A')).rejects.toThrow(/location scope/);
      expect(() => located().in(undefined as never)).toThrow(/location scope/);
      expect(await things()).toEqual([['A', 'Alpha', 1]]);
    });

    it('answers a record of a foreign location as not found, and reaches its own', async () => {
      await expect(
        located()
          .in({ locations: ['B'] })
          .get('A'),
      ).rejects.toThrow('not found');
      await expect(
        located()
          .in({ locations: ['B'] })
          .delete('A'),
      ).rejects.toThrow('not found');
      await expect(
        located()
          .in({ locations: ['A'] })
          .get('A'),
      ).resolves.toMatchObject({ thing_name: 'Alpha' });
      await expect(located().in({ locations: 'all' }).archive('A')).resolves.toMatchObject({ status: 'archived' });
      expect(await published()).toEqual(['thing.upserted A r1', 'thing.upserted A r2']);
    });
  });
});
