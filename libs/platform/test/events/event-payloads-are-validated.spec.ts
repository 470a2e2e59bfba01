import type { EventEnvelope, UomSnapshot } from '@scm/contracts';
import { EventConsumer, EventPublisher, InvalidEventError } from '../../src/events/index.js';
import { EventsSuite, describeOverEachTransport, transportKinds, uom, eventually, TIMEOUT } from './events-harness.js';

async function outboxCount(suite: EventsSuite): Promise<number> {
  const [row] = await suite.catalog.query<{ n: number }[]>('SELECT count(*)::int AS n FROM outbox');
  return row.n;
}

describe(EventPublisher.name, () => {
  let suite: EventsSuite;
  beforeAll(async () => {
    suite = await EventsSuite.open(transportKinds()[0]);
  }, TIMEOUT);
  afterAll(() => suite.close());

  it(
    'rejects a payload that does not match its subject schema before anything is written',
    async () => {
      const before = await outboxCount(suite);
      const wrong = { ...uom(), revision: 0, colour: 'red' } as unknown as ReturnType<typeof uom>;

      const attempt = suite.catalog.transaction((manager) =>
        suite.publisher.publish(manager, 'catalog.uom.upserted', wrong),
      );

      await expect(attempt).rejects.toThrow(InvalidEventError);
      await expect(attempt).rejects.toThrow(/catalog\.uom\.upserted.*revision/);
      expect(await outboxCount(suite)).toBe(before);
    },
    TIMEOUT,
  );

  it(
    'refuses to publish outside a transaction or a subject of another service',
    async () => {
      await expect(suite.publisher.publish(suite.catalog.manager, 'catalog.uom.upserted', uom())).rejects.toThrow(
        /open transaction/,
      );
      await expect(
        suite.inventory.transaction((manager) =>
          new EventPublisher('inventory').publish(manager, 'catalog.uom.upserted', uom()),
        ),
      ).rejects.toThrow(/inventory cannot publish catalog\.uom\.upserted/);
    },
    TIMEOUT,
  );
});

describe(EventConsumer.name, () => {
  describeOverEachTransport((suite) => {
    it(
      'does not apply a malformed event and goes on with the next ones',
      async () => {
        const transport = await suite().transport();
        const { name } = await suite().consumer(transport);
        await suite().relay(transport).start();

        // Published straight to the transport, past the publisher's validation (e.g. a producer on another version).
        const withoutName: Partial<UomSnapshot> = uom({ uom_name: 'bad payload' });
        delete withoutName.uom_name;
        const malformed: EventEnvelope[] = [
          envelope(withoutName),
          { ...envelope(uom({ uom_name: 'bad envelope' })), producer: undefined } as unknown as EventEnvelope,
        ];
        for (const event of malformed) {
          // In-process the consumer's refusal comes back to the publisher; JetStream stores the message.
          await transport.publish(event).catch((error: unknown) => expect(error).toBeInstanceOf(InvalidEventError));
        }

        const good = uom({ uom_name: 'good' });
        await suite().publishUom(good);
        await eventually(async () => expect(await suite().effects(name, good.uom_id)).toBe(1));

        expect(await suite().replica(name)).toEqual([{ uom_id: good.uom_id, uom_name: 'good', revision: 1 }]);
        for (const event of malformed) expect(await suite().inboxCount(name, event.id)).toBe(0);
      },
      TIMEOUT,
    );
  });
});

function envelope(data: unknown): EventEnvelope {
  return {
    id: crypto.randomUUID(),
    subject: 'catalog.uom.upserted',
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: 'catalog',
    actor: null,
    correlationId: null,
    causationId: null,
    data,
  } as EventEnvelope;
}
