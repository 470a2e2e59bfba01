import { EventConsumer } from '../../src/events/index.js';
import { describeOverEachTransport, uom, eventually, TIMEOUT } from './events-harness.js';

describe(EventConsumer.name, () => {
  describeOverEachTransport((suite) => {
    it(
      'retries a handler that throws until it succeeds; nothing is lost, nothing half-applied, other events still arrive',
      async () => {
        const failing = uom({ uom_name: 'fails twice' });
        const healthy = uom({ uom_name: 'healthy' });
        let attempts = 0;
        const transport = await suite().transport();
        const { name } = await suite().consumer(transport, {
          // Thrown after the effect row was written: the transaction must roll it back.
          afterEffect: (event) => {
            if ((event.data as { uom_id?: string }).uom_id !== failing.uom_id) return;
            attempts += 1;
            if (attempts <= 2) throw new Error(`handler failure ${attempts}`);
          },
        });
        await suite().relay(transport).start();

        const failingEvent = await suite().publishUom(failing);
        await suite().publishUom(healthy);

        await eventually(async () => expect(await suite().effects(name, healthy.uom_id)).toBe(1));
        await eventually(async () => expect(await suite().effects(name, failing.uom_id)).toBe(1));
        expect(attempts).toBe(3);
        expect(await suite().inboxCount(name, failingEvent.id)).toBe(1);
        expect((await suite().replica(name)).map((row) => row.uom_name).sort()).toEqual(['fails twice', 'healthy']);
      },
      TIMEOUT,
    );
  });
});
