import type { EventEnvelope } from '@scm/contracts';
import { OutboxRelay } from '../../src/events/index.js';
import type { EventTransport } from '../../src/events/index.js';
import { TransportDecorator, describeOverEachTransport, uom, eventually, TIMEOUT } from './events-harness.js';

/** Fails the first publish of one event, either before it reaches the transport or after (a lost ack). */
class FailOncePublish extends TransportDecorator {
  private armed?: { eventId: string; when: 'before sending' | 'after sending' };
  constructor(inner: EventTransport) {
    super(inner);
  }
  arm(eventId: string, when: 'before sending' | 'after sending'): void {
    this.armed = { eventId, when };
  }
  override async publish(envelope: EventEnvelope): Promise<void> {
    if (this.armed?.eventId !== envelope.id) return this.inner.publish(envelope);
    const { when } = this.armed;
    this.armed = undefined;
    if (when === 'after sending') await this.inner.publish(envelope);
    throw new Error(`simulated publish failure ${when}`);
  }
}

describe(OutboxRelay.name, () => {
  describeOverEachTransport((suite) => {
    it.each(['before sending', 'after sending'] as const)(
      'retries a publish that failed once %s; the event takes effect once',
      async (when) => {
        const transport = await suite().transport();
        const { name } = await suite().consumer(transport);
        const flaky = new FailOncePublish(transport);
        await suite().relay(flaky).start();

        const snapshot = uom();
        // Armed before the commit: the relay may publish as soon as the transaction commits.
        const event = await suite().publishUom(snapshot, (e) => flaky.arm(e.id, when));

        await eventually(async () => expect((await suite().outboxRow(event.id))?.sent_at).toBeInstanceOf(Date));
        expect(await suite().outboxRow(event.id)).toMatchObject({ attempts: 1, last_error: null });
        await eventually(async () => expect(await suite().effects(name, snapshot.uom_id)).toBe(1));
        expect(await suite().inboxCount(name, event.id)).toBe(1);

        // Anything still in flight for the first event would arrive before this one (same stream, in order).
        const marker = uom();
        await suite().publishUom(marker);
        await eventually(async () => expect(await suite().effects(name, marker.uom_id)).toBe(1));
        expect(await suite().effects(name, snapshot.uom_id)).toBe(1);
      },
      TIMEOUT,
    );
  });
});
