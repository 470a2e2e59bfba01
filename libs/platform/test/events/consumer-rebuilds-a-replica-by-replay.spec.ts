import { EventConsumer } from '../../src/events/index.js';
import { EventsSuite, transportKinds, uom, eventually, TIMEOUT } from './events-harness.js';

describe(EventConsumer.name, () => {
  // One scenario per suite: the database (and NATS namespace) hold exactly this test's history.
  describe.each(transportKinds())('over the $name transport', (kind) => {
    let suite: EventsSuite;
    beforeAll(async () => {
      suite = await EventsSuite.open(kind);
    }, TIMEOUT);
    afterAll(() => suite.close());

    it(
      'rebuilds the same replica from nothing: clear + replay',
      async () => {
        const transport = await suite.transport();
        const { name, consumer } = await suite.consumer(transport);
        await suite.relay(transport).start();

        const kg = uom({ uom_name: 'Kilogram' });
        const box = uom({ uom_name: 'Box' });
        const tray = uom({ uom_name: 'Tray' });
        await suite.publishUom(kg);
        await suite.publishUom(box);
        await suite.publishUom({ ...kg, uom_name: 'Kilogram (bulk)', revision: 2 });
        await suite.publishUom(tray);
        await suite.publishDeleted(tray.uom_id, 2);
        await eventually(async () => expect(await suite.effects(name)).toBe(5));
        const replica = await suite.replica(name);
        expect(replica.map((row) => row.uom_name).sort()).toEqual(['Box', 'Kilogram (bulk)']);

        await consumer.rebuild(async (manager) => {
          await manager.query('DELETE FROM uom_replica WHERE consumer = $1', [name]);
        });

        // Every event was applied a second time, from an empty replica, to the same state.
        await eventually(async () => expect(await suite.effects(name)).toBe(10));
        expect(await suite.replica(name)).toEqual(replica);
        expect(await suite.inboxCount(name)).toBe(5);
      },
      TIMEOUT,
    );
  });
});
