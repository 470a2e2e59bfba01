import { EventConsumer } from '../../src/events/index.js';
import { describeOverEachTransport, uom, eventually, TIMEOUT } from './events-harness.js';

describe(EventConsumer.name, () => {
  describeOverEachTransport((suite) => {
    it(
      'parks an event whose handler fails every time after N tries, applies the events behind it, and replays it once fixed',
      async () => {
        const poison = uom({ uom_name: 'poison' });
        let broken = true;
        let tries = 0;
        const transport = await suite().transport();
        const { name, consumer } = await suite().consumer(transport, {
          maxAttempts: 3,
          afterEffect: (event) => {
            if ((event.data as { uom_id?: string }).uom_id !== poison.uom_id) return;
            tries += 1;
            if (broken) throw new Error('cannot apply this one');
          },
        });
        await suite().relay(transport, { retryBaseMs: 20 }).start();

        const poisonEvent = await suite().publishUom(poison);
        const later = uom({ uom_name: 'later' });
        await suite().publishUom(later);

        await eventually(async () => expect(await consumer.deadLetters()).toHaveLength(1));
        const [parked] = await consumer.deadLetters();
        expect(parked).toMatchObject({
          event_id: poisonEvent.id,
          subject: 'catalog.uom.upserted',
          reason: 'failed',
          attempts: 3,
          last_error: 'cannot apply this one',
        });
        expect(tries).toBe(3);
        await eventually(async () => expect(await suite().effects(name, later.uom_id)).toBe(1));
        expect(await suite().effects(name, poison.uom_id)).toBe(0);

        // Still broken: the replay fails, the event stays parked with one more attempt.
        await expect(consumer.replay(parked.id)).rejects.toThrow('cannot apply this one');
        expect((await consumer.deadLetters())[0]).toMatchObject({ attempts: 4 });

        broken = false;
        await expect(consumer.replay(parked.id)).resolves.toBe('applied');
        expect(await consumer.deadLetters()).toEqual([]);
        expect(await suite().effects(name, poison.uom_id)).toBe(1);
        expect(await suite().inboxCount(name, poisonEvent.id)).toBe(1);
      },
      TIMEOUT,
    );
  });
});
