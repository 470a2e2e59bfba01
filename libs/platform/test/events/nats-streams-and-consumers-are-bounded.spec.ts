import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, nanos } from '@nats-io/transport-node';
import { NatsTransport } from '../../src/events/index.js';
import { transportKinds } from './events-harness.js';

const url = process.env.NATS_URL;

// Needs a NATS server; the in-process transport has no streams.
(url ? describe : describe.skip)(NatsTransport.name, () => {
  const namespace = `t${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    await transportKinds()
      .find((kind) => kind.name === 'NATS')
      ?.cleanup(namespace);
  });

  it('gives streams their retention limits and durable consumers their delivery bounds, also when they existed before', async () => {
    const sut = await NatsTransport.connect({
      url: url!,
      namespace,
      streamMaxAgeMs: 3_600_000,
      streamMaxBytes: 64 * 1024 ** 2,
      maxDeliver: 12,
      maxAckPending: 100,
    });
    await sut.subscribe('inventory', ['catalog.uom.upserted'], () => Promise.resolve());
    await sut.close();

    const nc = await connect({ servers: url! });
    try {
      const jsm = await jetstreamManager(nc);
      const stream = await jsm.streams.info(`SCM_${namespace.toUpperCase()}_CATALOG`);
      expect(stream.config).toMatchObject({ max_age: nanos(3_600_000), max_bytes: 64 * 1024 ** 2 });
      const consumer = await jsm.consumers.info(stream.config.name, 'inventory');
      expect(consumer.config).toMatchObject({ max_deliver: 12, max_ack_pending: 100 });
    } finally {
      await nc.close();
    }

    // A later start with other limits updates what exists.
    const again = await NatsTransport.connect({ url: url!, namespace, streamMaxAgeMs: 7_200_000, maxDeliver: 30 });
    await again.subscribe('inventory', ['catalog.uom.upserted'], () => Promise.resolve());
    await again.close();
    const nc2 = await connect({ servers: url! });
    try {
      const jsm = await jetstreamManager(nc2);
      const stream = await jsm.streams.info(`SCM_${namespace.toUpperCase()}_CATALOG`);
      expect(stream.config.max_age).toBe(nanos(7_200_000));
      expect((await jsm.consumers.info(stream.config.name, 'inventory')).config.max_deliver).toBe(30);
    } finally {
      await nc2.close();
    }
  });
});
