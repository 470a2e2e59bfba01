import { NatsTransport } from '../../src/events/index.js';

describe(NatsTransport.name, () => {
  it('fails to connect with an error naming NATS_URL and the address', async () => {
    // Port 1 on localhost: nothing listens there, the connection is refused at once.
    await expect(NatsTransport.connect({ url: 'nats://127.0.0.1:1', connectTimeoutMs: 2_000 })).rejects.toThrow(
      /Cannot connect to NATS at nats:\/\/127\.0\.0\.1:1 \(NATS_URL\)/,
    );
  });
});
