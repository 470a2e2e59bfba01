import { EventConsumer } from '../../src/events/index.js';
import { describeOverEachTransport, uom, eventually, TIMEOUT } from './events-harness.js';

describe(EventConsumer.name, () => {
  describeOverEachTransport((suite) => {
    it(
      'backfills a handler added after its events were published, once, and keeps receiving them live',
      async () => {
        const transport = await suite().transport();
        // Version 1 of the consuming service handles only upserts.
        const v1 = await suite().consumer(transport, { subjects: ['catalog.uom.upserted'] });
        const name = v1.name;
        await suite().relay(transport).start();

        const kept = uom({ uom_name: 'Kept' });
        const gone = uom({ uom_name: 'Gone' });
        await suite().publishUom(kept);
        await suite().publishUom(gone);
        await suite().publishDeleted(gone.uom_id, 2);
        await eventually(async () => expect(await suite().effects(name)).toBe(2));
        expect((await suite().replica(name)).map((row) => row.uom_name).sort()).toEqual(['Gone', 'Kept']);

        // Version 2 adds the delete handler: at its start it receives the delete published before it existed.
        await v1.consumer.stop();
        const restarted = await suite().transport();
        suite().relay(restarted); // in-process: the producer's history is reached through its relay
        await suite().consumer(restarted, { name });
        expect((await suite().replica(name)).map((row) => row.uom_name)).toEqual(['Kept']);
        // Only the delete was new to it: the upserts it had applied were not applied again.
        expect(await suite().effects(name)).toBe(3);
        const subjects = await suite().inventory.query<{ subject: string }[]>(
          'SELECT subject FROM consumer_subscription WHERE consumer = $1 ORDER BY subject',
          [name],
        );
        expect(subjects.map((row) => row.subject)).toEqual(['catalog.uom.deleted', 'catalog.uom.upserted']);
      },
      TIMEOUT,
    );

    it(
      'leaves the replica as it was when the backfill cannot complete, and backfills at the next start',
      async () => {
        const transport = await suite().transport();
        const v1 = await suite().consumer(transport, { subjects: ['catalog.uom.upserted'] });
        const name = v1.name;
        await suite().relay(transport).start();
        const pallet = uom({ uom_name: 'Pallet' });
        await suite().publishUom(pallet);
        await suite().publishDeleted(pallet.uom_id, 2);
        await eventually(async () => expect(await suite().effects(name, pallet.uom_id)).toBe(1));
        await v1.consumer.stop();

        // The history cannot be read (the producer's stream or relay is unreachable): start fails, nothing changes.
        const broken = await suite().transport();
        const failing = Object.assign(Object.create(broken) as typeof broken, {
          // eslint-disable-next-line require-yield, @typescript-eslint/require-await -- fails before reading anything
          history: async function* () {
            throw new Error('history unavailable');
          },
          subscribe: () => Promise.resolve(),
        });
        await expect(suite().consumer(failing, { name })).rejects.toThrow('history unavailable');
        expect((await suite().replica(name)).filter((row) => row.uom_id === pallet.uom_id)).toHaveLength(1);
        const recorded = await suite().inventory.query(
          'SELECT 1 FROM consumer_subscription WHERE consumer = $1 AND subject = $2',
          [name, 'catalog.uom.deleted'],
        );
        expect(recorded).toHaveLength(0);

        const restarted = await suite().transport();
        suite().relay(restarted);
        await suite().consumer(restarted, { name });
        expect((await suite().replica(name)).filter((row) => row.uom_id === pallet.uom_id)).toHaveLength(0);
      },
      TIMEOUT,
    );
  });
});
