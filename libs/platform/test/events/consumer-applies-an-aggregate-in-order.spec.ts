import type { EventEnvelope } from '@scm/contracts';
import { EventConsumer } from '../../src/events/index.js';
import type { EventTransport } from '../../src/events/index.js';
import { TransportDecorator, describeOverEachTransport, uom, eventually, TIMEOUT } from './events-harness.js';

/** Fails the first publish of one event (the relay retries it later). */
class FailOncePublish extends TransportDecorator {
  armed?: string;
  override async publish(envelope: EventEnvelope): Promise<void> {
    if (this.armed !== envelope.id) return this.inner.publish(envelope);
    this.armed = undefined;
    throw new Error('simulated publish failure');
  }
}

/** Holds one event back and sends it right after the next one: the consumer receives them out of order. */
class SwapPublish extends TransportDecorator {
  held?: EventEnvelope;
  holdBack?: string;
  constructor(inner: EventTransport) {
    super(inner);
  }
  override async publish(envelope: EventEnvelope): Promise<void> {
    if (this.holdBack === envelope.id) {
      this.held = envelope;
      return;
    }
    await this.inner.publish(envelope);
    const held = this.held;
    if (held) {
      this.held = undefined;
      this.holdBack = undefined;
      await this.inner.publish(held);
    }
  }
}

describe(EventConsumer.name, () => {
  describeOverEachTransport((suite) => {
    it(
      'applies the deltas of an aggregate in sequence when a publish in the middle fails',
      async () => {
        const transport = new FailOncePublish(await suite().transport());
        const applied: number[] = [];
        const box = uom({ uom_name: 'Box v1' });
        const { name } = await suite().consumer(transport, {
          delta: true,
          afterEffect: (event) => void (event.aggregate?.endsWith(box.uom_id) && applied.push(event.sequence ?? 0)),
        });
        const first = await suite().publishUom(box);
        const second = await suite().publishUom({ ...box, uom_name: 'Box v2', revision: 2 });
        const third = await suite().publishUom({ ...box, uom_name: 'Box v3', revision: 3 });
        expect([first.sequence, second.sequence, third.sequence]).toEqual([1, 2, 3]);
        transport.armed = second.id;
        await suite().relay(transport, { retryBaseMs: 50 }).start();

        await eventually(async () => expect(await suite().effects(name, box.uom_id)).toBe(3));
        expect(applied).toEqual([1, 2, 3]);
        expect(
          (await suite().replica(name)).filter((row) => row.uom_id === box.uom_id).map((row) => row.uom_name),
        ).toEqual(['Box v3']);
      },
      TIMEOUT,
    );

    it(
      'parks a delta that arrives after a gap and applies it as soon as the missing one arrives',
      async () => {
        const transport = new SwapPublish(await suite().transport());
        const applied: number[] = [];
        const tray = uom({ uom_name: 'Tray v1' });
        const { name } = await suite().consumer(transport, {
          delta: true,
          afterEffect: (event) => void (event.aggregate?.endsWith(tray.uom_id) && applied.push(event.sequence ?? 0)),
        });
        await suite().publishUom(tray);
        const second = await suite().publishUom({ ...tray, uom_name: 'Tray v2', revision: 2 });
        await suite().publishUom({ ...tray, uom_name: 'Tray v3', revision: 3 });
        transport.holdBack = second.id; // the consumer gets 1, 3, 2
        await suite().relay(transport).start();

        await eventually(async () => expect(await suite().effects(name, tray.uom_id)).toBe(3));
        expect(applied).toEqual([1, 2, 3]);
        expect(
          (await suite().replica(name)).filter((row) => row.uom_id === tray.uom_id).map((row) => row.uom_name),
        ).toEqual(['Tray v3']);
        const [parked] = await suite().inventory.query<{ n: number }[]>(
          'SELECT count(*)::int AS n FROM dead_letter WHERE consumer = $1',
          [name],
        );
        expect(parked.n).toBe(0);
      },
      TIMEOUT,
    );

    it(
      'skips a snapshot older than one already applied',
      async () => {
        const transport = new SwapPublish(await suite().transport());
        const { name } = await suite().consumer(transport);
        const crate = uom({ uom_name: 'Crate v1' });
        const older = await suite().publishUom(crate);
        await suite().publishUom({ ...crate, uom_name: 'Crate v2', revision: 2 });
        transport.holdBack = older.id; // the consumer gets 2, then 1
        await suite().relay(transport).start();

        await eventually(async () => expect(await suite().effects(name, crate.uom_id)).toBe(1));
        const position = () =>
          suite().inventory.query<{ last_sequence: string }[]>(
            'SELECT last_sequence FROM consumer_position WHERE consumer = $1 AND aggregate = $2',
            [name, `catalog.uom:${crate.uom_id}`],
          );
        await eventually(async () => expect(await position()).toEqual([{ last_sequence: '2' }]));
        expect(
          (await suite().replica(name)).filter((row) => row.uom_id === crate.uom_id).map((row) => row.uom_name),
        ).toEqual(['Crate v2']);
      },
      TIMEOUT,
    );
  });
});
