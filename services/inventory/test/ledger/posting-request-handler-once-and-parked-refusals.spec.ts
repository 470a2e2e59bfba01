import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { StockPostingSubjects } from '@scm/contracts';
import type { EventEnvelope, StockPostingRequest } from '@scm/contracts';
import { EventConsumer, InProcessTransport, inTransaction } from '@scm/platform';
import { PostingRequestHandler } from '../../src/ledger/posting-request.handler.js';
import type { LedgerFixture } from './ledger-fixture.js';
import { locationSnapshot, openLedger, post, seedReplicas, skuSnapshot } from './ledger-fixture.js';
import { postingEnvelope } from './ledger-workload.js';

/**
 * Other services' posting requests, through the consumer as in both modes: a request handled twice posts once;
 * a refused one is parked after its attempts, is NOT posted by a later replay of history (a replica rebuild) even
 * once stock has arrived, and is posted when the director replays it from the error log.
 */
describe(PostingRequestHandler.name, () => {
  let fixture: LedgerFixture;
  let transport: InProcessTransport;
  let consumer: EventConsumer;
  let sut: PostingRequestHandler;
  const history: EventEnvelope[] = [];

  const request = (id: string, quantity: string, unitCost?: string): StockPostingRequest => ({
    document_type: quantity.startsWith('-') ? 'SR' : 'GR',
    document_id: id,
    document_no: id,
    revision: 1,
    value_date: '2026-03-01',
    lines: [
      {
        line_no: 1,
        item_type: 'sku',
        item_id: 'RICE',
        location_id: 'OUT-1',
        quantity,
        ...(unitCost !== undefined && { unit_cost: unitCost }),
      },
    ],
  });
  const onHand = async () =>
    (
      await fixture.dataSource.query<{ on_hand: string }[]>(
        `SELECT on_hand::text AS on_hand FROM stock_balance WHERE item_id = 'RICE' AND location_id = 'OUT-1'`,
      )
    )[0]?.on_hand ?? null;
  const postings = async (documentId: string) =>
    Number(
      (
        await fixture.dataSource.query<{ n: string }[]>(
          `SELECT count(*) AS n FROM stock_posting WHERE document_id = $1`,
          [documentId],
        )
      )[0].n,
    );

  beforeAll(async () => {
    fixture = await openLedger('scm_posting_requests');
    await seedReplicas(
      fixture,
      [skuSnapshot({ sku_id: 'RICE', name: 'Rice' })],
      [locationSnapshot('OUT-1', 'Outlet one')],
    );
    transport = new InProcessTransport();
    // Procurement's retained history, as its relay would serve it to a rebuild.
    transport.registerHistory('procurement', (subjects) =>
      toAsync(history.filter((e) => subjects.includes(e.subject))),
    );
    consumer = new EventConsumer(fixture.dataSource, 'inventory', transport, {
      maxAttempts: 2,
      sweepIntervalMs: 60_000,
    });
    sut = new PostingRequestHandler(consumer, fixture.sut);
    sut.onModuleInit();
    await consumer.start();
  });

  afterAll(async () => {
    await consumer?.stop();
    await transport?.close();
    await fixture?.close();
  });

  it('posts a request handled twice once', async () => {
    const envelope = postingEnvelope(
      StockPostingSubjects.ReceivingOrderPosted,
      request('RO-1', '5', '2'),
    ) as EventEnvelope<typeof StockPostingSubjects.ReceivingOrderPosted>;
    history.push(envelope);
    await inTransaction(fixture.dataSource, (manager) => sut.handle(envelope, manager));
    await inTransaction(fixture.dataSource, (manager) => sut.handle({ ...envelope, id: randomUUID() }, manager));
    await transport.publish(envelope);
    expect(await postings('RO-1')).toBe(1);
    expect(await onHand()).toBe('5.000');
  });

  it('keeps a refused request parked through a rebuild, and posts it when the director replays it', async () => {
    const envelope = postingEnvelope(StockPostingSubjects.ReturnNotePosted, request('RN-1', '-8'));
    history.push(envelope);
    for (let attempt = 0; attempt < 2; attempt += 1) await transport.publish(envelope).catch(() => undefined);
    const [parked] = await consumer.deadLetters();
    expect(parked).toMatchObject({ event_id: envelope.id, reason: 'failed', attempts: 2 });
    expect(await postings('RN-1')).toBe(0);

    // Stock arrives; a rebuild replays history: RO-1 is a duplicate, RN-1 stays parked and unposted.
    await post(fixture, { ...request('GR-2', '10', '3'), document_type: 'SA' });
    await consumer.rebuild(() => Promise.resolve());
    expect(await postings('RN-1')).toBe(0);
    expect(await postings('RO-1')).toBe(1);
    expect(await onHand()).toBe('15.000');
    expect((await consumer.deadLetters()).map((letter) => [letter.event_id, letter.reason])).toEqual([
      [envelope.id, 'failed'],
    ]);

    // The director's replay posts it: 8 of the 15.
    const replayed = await consumer.replay((await consumer.deadLetters())[0].id);
    expect(replayed).toBe('applied');
    expect(await postings('RN-1')).toBe(1);
    expect(await onHand()).toBe('7.000');
    expect(await consumer.deadLetters()).toEqual([]);
  });
});

async function* toAsync<T>(values: readonly T[]): AsyncIterable<T> {
  for (const value of values) yield await Promise.resolve(value);
}
