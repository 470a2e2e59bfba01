import { pruneEventTables, registerEventMetrics } from '../../src/events/index.js';
import { metricsRegistry } from '../../src/health/metrics.js';
import { EventsSuite, uom, TIMEOUT } from './events-harness.js';

describe(pruneEventTables.name, () => {
  let suite: EventsSuite;
  beforeAll(async () => {
    suite = await EventsSuite.open({
      name: 'none',
      connect: () => Promise.reject(new Error('unused')),
      cleanup: () => Promise.resolve(),
    });
  }, TIMEOUT);
  afterAll(() => suite.close());

  const age = (table: string, column: string, idColumn: string, id: string, days: number) =>
    suite.catalog.query(`UPDATE ${table} SET ${column} = now() - $2 * interval '1 day' WHERE ${idColumn} = $1`, [
      id,
      days,
    ]);

  it('forgets delivered events, inbox and idempotency keys past the window, never an undelivered event nor an aggregate’s newest', async () => {
    const box = uom({ uom_name: 'Box' });
    const v1 = await suite.publishUom(box);
    const v2 = await suite.publishUom({ ...box, revision: 2 });
    const v3 = await suite.publishUom({ ...box, revision: 3 });
    const recent = await suite.publishUom(uom());
    const undelivered = await suite.publishUom(uom());
    const newestOfItsAggregate = await suite.publishUom(uom());
    // Delivered ten days ago: v1, v2, v3 (v3 is the newest of its aggregate) and newestOfItsAggregate.
    for (const event of [v1, v2, v3, newestOfItsAggregate]) {
      await suite.catalog.query('UPDATE outbox SET sent_at = now() WHERE id = $1', [event.id]);
      await age('outbox', 'sent_at', 'id', event.id, 10);
    }
    await suite.catalog.query('UPDATE outbox SET sent_at = now() WHERE id = $1', [recent.id]);
    await age('outbox', 'created_at', 'id', undelivered.id, 30); // old, but never sent
    await suite.catalog.query(
      `INSERT INTO inbox (consumer, event_id, subject, processed_at) VALUES
         ('c', gen_random_uuid(), 'catalog.uom.upserted', now() - interval '8 days'),
         ('c', gen_random_uuid(), 'catalog.uom.upserted', now())`,
    );
    await suite.catalog.query(
      `INSERT INTO idempotency_key (actor, key, request_hash, state, created_at) VALUES
         ('a', 'old', 'h', 'done', now() - interval '8 days'), ('a', 'new', 'h', 'done', now())`,
    );

    const pruned = await pruneEventTables(suite.catalog, 7);

    expect(pruned).toEqual({ outbox: 2, inbox: 1, idempotencyKeys: 1, failures: 0 });
    const left = await suite.catalog.query<{ id: string }[]>('SELECT id FROM outbox ORDER BY id');
    expect(left.map((row) => row.id)).toEqual([v3.id, recent.id, undelivered.id, newestOfItsAggregate.id]);
    expect(await suite.catalog.query('SELECT key FROM idempotency_key')).toEqual([{ key: 'new' }]);
  });

  it('reports outbox lag, retries and dead letters at /metrics', async () => {
    const unregister = registerEventMetrics('catalog', suite.catalog);
    try {
      await suite.catalog.query(
        `INSERT INTO dead_letter (consumer, event_id, subject, envelope, reason, attempts, last_error)
         VALUES ('c', gen_random_uuid(), 'catalog.uom.upserted', '{}', 'failed', 5, 'boom')`,
      );
      const text = await metricsRegistry().metrics();
      expect(text).toMatch(/scm_event_dead_letters\{service="catalog",reason="failed"\} 1/);
      expect(text).toMatch(/scm_outbox_unsent_events\{service="catalog"\} 1/);
      expect(text).toMatch(/scm_outbox_lag_seconds\{service="catalog"\} \d+/);
    } finally {
      unregister();
    }
  });
});
