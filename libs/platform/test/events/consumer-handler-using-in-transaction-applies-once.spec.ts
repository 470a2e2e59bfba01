import type { DataSource } from 'typeorm';
import { inTransaction, joinUnitOfWork } from '../../src/database/unit-of-work.js';
import { EventConsumer } from '../../src/events/index.js';
import { describeOverEachTransport, uom, eventually, TIMEOUT } from './events-harness.js';

/** What a service's use case looks like: it opens its own transaction, or joins the enclosing unit of work. */
class UomEffectService {
  constructor(private readonly dataSource: DataSource) {}
  record(consumer: string, eventId: string, uomId: string): Promise<void> {
    return inTransaction(this.dataSource, async (manager) => {
      await manager.query('INSERT INTO uom_effects (consumer, event_id, uom_id) VALUES ($1, $2, $3)', [
        consumer,
        eventId,
        uomId,
      ]);
    });
  }
}

describe(EventConsumer.name, () => {
  describeOverEachTransport((suite) => {
    it(
      'commits the effect of service code called by a handler with the inbox row: a failed try leaves nothing, a redelivery applies once',
      async () => {
        const transport = await suite().transport();
        const service = new UomEffectService(suite().inventory);
        const consumer = new EventConsumer(suite().inventory, 'inventory_uow', transport);
        let tries = 0;
        consumer.on('catalog.uom.upserted', async (event) => {
          // The service's own inTransaction joins the delivery's transaction; then the handler fails once.
          await service.record('inventory_uow', event.id, event.data.uom_id);
          tries += 1;
          if (tries === 1) throw new Error('handler fails after the service wrote its effect');
        });
        consumer.on('catalog.uom.deleted', () => Promise.resolve());
        await consumer.start();
        const relay = suite().relay(transport);
        await relay.start();

        const snapshot = uom();
        const event = await suite().publishUom(snapshot);
        await eventually(async () => expect(await suite().inboxCount('inventory_uow', event.id)).toBe(1));
        expect(tries).toBe(2);
        expect(await suite().effects('inventory_uow', snapshot.uom_id)).toBe(1);

        // The relay sends it again (a crash before marking it sent): the inbox skips it, still one effect.
        await suite().catalog.query('UPDATE outbox SET sent_at = NULL, next_attempt_at = now() WHERE id = $1', [
          event.id,
        ]);
        await relay.flush();
        const marker = await suite().publishUom(uom());
        await eventually(async () => expect(await suite().inboxCount('inventory_uow', marker.id)).toBe(1));
        expect(await suite().effects('inventory_uow', snapshot.uom_id)).toBe(1);
        await consumer.stop();
      },
      TIMEOUT,
    );

    it('refuses to join a unit of work of another data source (another service in the same process)', async () => {
      await suite().catalog.transaction(async (catalogManager) => {
        await expect(
          joinUnitOfWork(catalogManager, () => inTransaction(suite().inventory, () => Promise.resolve('joined'))),
        ).rejects.toThrow(/another data source/);
        // Its own data source's unit of work is joined.
        await expect(
          joinUnitOfWork(catalogManager, () =>
            inTransaction(suite().catalog, (m) => Promise.resolve(m === catalogManager)),
          ),
        ).resolves.toBe(true);
      });
    });
  });
});
