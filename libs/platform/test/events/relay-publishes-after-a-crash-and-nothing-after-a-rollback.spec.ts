import type { EventEnvelope } from '@scm/contracts';
import { OutboxRelay } from '../../src/events/index.js';
import { describeOverEachTransport, uom, eventually, TIMEOUT } from './events-harness.js';

describe(OutboxRelay.name, () => {
  describeOverEachTransport((suite) => {
    it(
      'publishes a row committed while no relay ran (crash between commit and publish) once a relay starts',
      async () => {
        const transport = await suite().transport();
        const { name } = await suite().consumer(transport);
        const relay = suite().relay(transport); // not started: the process "crashed" right after the commit

        const snapshot = uom();
        const event = await suite().publishUom(snapshot);
        expect(await suite().outboxRow(event.id)).toMatchObject({ sent_at: null, attempts: 0 });

        await relay.start();

        await eventually(async () =>
          expect(await suite().replica(name)).toEqual([
            { uom_id: snapshot.uom_id, uom_name: snapshot.uom_name, revision: 1 },
          ]),
        );
        await eventually(async () => expect((await suite().outboxRow(event.id))?.sent_at).toBeInstanceOf(Date));
        expect(await suite().effects(name)).toBe(1);
      },
      TIMEOUT,
    );

    it(
      'publishes nothing for a rolled-back transaction',
      async () => {
        const transport = await suite().transport();
        const { name } = await suite().consumer(transport);
        await suite().relay(transport).start();

        const rolledBack = uom({ uom_name: 'never' });
        let rolledBackEvent: EventEnvelope | undefined;
        await expect(
          suite().catalog.transaction(async (manager) => {
            rolledBackEvent = await suite().publisher.publish(manager, 'catalog.uom.upserted', rolledBack);
            throw new Error('business rule failed after the event was written');
          }),
        ).rejects.toThrow('business rule failed');
        // A later event arriving proves the relay and consumer ran past the point where the first would be.
        const marker = uom({ uom_name: 'marker' });
        await suite().publishUom(marker);
        await eventually(async () => expect(await suite().effects(name, marker.uom_id)).toBe(1));

        expect(rolledBackEvent).toBeDefined();
        expect(await suite().outboxRow(rolledBackEvent!.id)).toBeUndefined();
        expect(await suite().effects(name, rolledBack.uom_id)).toBe(0);
        expect(await suite().inboxCount(name, rolledBackEvent!.id)).toBe(0);
      },
      TIMEOUT,
    );
  });
});
