import type { EventEnvelope, Subject } from '@scm/contracts';
import { EventConsumer } from '../../src/events/index.js';
import type { DeliverEvent, EventTransport } from '../../src/events/index.js';
import { TransportDecorator, describeOverEachTransport, uom, eventually, TIMEOUT } from './events-harness.js';

/** Hands every delivery to the consumer twice at the same time, as two replicas receiving it would. */
class DeliverTwiceAtOnce extends TransportDecorator {
  settled = 0;
  constructor(inner: EventTransport) {
    super(inner);
  }
  override subscribe(consumer: string, subjects: readonly Subject[], deliver: DeliverEvent): Promise<void> {
    return this.inner.subscribe(consumer, subjects, async (event: EventEnvelope) => {
      const copy = structuredClone(event);
      await Promise.all([deliver(event), deliver(copy)]);
      this.settled += 2;
    });
  }
}

describe(EventConsumer.name, () => {
  describeOverEachTransport((suite) => {
    it(
      'applies an event delivered twice at the same time once',
      async () => {
        const transport = await suite().transport();
        const twice = new DeliverTwiceAtOnce(transport);
        const { name } = await suite().consumer(twice);
        await suite().relay(transport).start();

        const snapshot = uom();
        const event = await suite().publishUom(snapshot);

        await eventually(() => expect(twice.settled).toBeGreaterThanOrEqual(2));
        expect(await suite().effects(name, snapshot.uom_id)).toBe(1);
        expect(await suite().inboxCount(name, event.id)).toBe(1);
      },
      TIMEOUT,
    );

    it(
      'applies an event sent again by the relay (crash before marking it sent) once',
      async () => {
        const transport = await suite().transport();
        const { name } = await suite().consumer(transport);
        const relay = suite().relay(transport);
        await relay.start();

        const snapshot = uom();
        const event = await suite().publishUom(snapshot);
        await eventually(async () => expect((await suite().outboxRow(event.id))?.sent_at).toBeInstanceOf(Date));
        // As a relay that crashed after publishing leaves it once its lease ran out: unsent and due.
        await suite().catalog.query('UPDATE outbox SET sent_at = NULL, next_attempt_at = now() WHERE id = $1', [
          event.id,
        ]);
        await relay.flush();
        expect((await suite().outboxRow(event.id))?.sent_at).toBeInstanceOf(Date);

        const marker = uom();
        await suite().publishUom(marker);
        await eventually(async () => expect(await suite().effects(name, marker.uom_id)).toBe(1));
        expect(await suite().effects(name, snapshot.uom_id)).toBe(1);
      },
      TIMEOUT,
    );

    it(
      'skips events read again from history when its inbox still has them',
      async () => {
        const transport = await suite().transport();
        const { name, consumer } = await suite().consumer(transport);
        await suite().relay(transport).start();

        const snapshot = uom();
        await suite().publishUom(snapshot);
        await eventually(async () => expect(await suite().effects(name, snapshot.uom_id)).toBe(1));

        // A restart that forgot which subjects it had received backfills them all from history again.
        await consumer.stop();
        await suite().inventory.query('DELETE FROM consumer_subscription WHERE consumer = $1', [name]);
        await suite().inventory.query('DELETE FROM consumer_position WHERE consumer = $1', [name]);
        const restarted = await suite().transport();
        suite().relay(restarted); // in-process: the producer's history is reached through its relay
        await suite().consumer(restarted, { name });
        expect(await suite().effects(name, snapshot.uom_id)).toBe(1);
        const marker = uom();
        await suite().publishUom(marker);
        await eventually(async () => expect(await suite().effects(name, marker.uom_id)).toBe(1));
        expect(await suite().effects(name, snapshot.uom_id)).toBe(1);
      },
      TIMEOUT,
    );
  });
});
