import type { EventPublisher, Runtime } from '@scm/platform';
import type { DataSource } from 'typeorm';
import { AccessDenialReporter, DENIAL_MAX_REPORTS } from './access-denial-reporter.js';

/** A reporter whose transaction runs at once and whose publisher records what it was given. */
function reporter() {
  const published: { subject: string; data: Record<string, unknown> }[] = [];
  const dataSource = {
    transaction: (work: (manager: unknown) => Promise<unknown>) => work({}),
  } as unknown as DataSource;
  const events = {
    publish: (_manager: unknown, subject: string, data: Record<string, unknown>) => {
      published.push({ subject, data });
      return Promise.resolve();
    },
  } as unknown as EventPublisher;
  return { published, reporter: new AccessDenialReporter(dataSource, {} as Runtime, events) };
}

const denial = (userId: string, key = 'UOM', at = new Date('2026-11-26T10:00:00Z')) => ({
  userId,
  name: `User ${userId}`,
  permissionKey: key,
  check: 'view',
  at,
});

/**
 * Permission denials are counted, not written, by the guard: a window's refusals of one user on one key leave as one
 * event with their count; past the per-window cap further distinct reports are dropped, so a flood stays bounded.
 */
describe('AccessDenialReporter', () => {
  it('folds a window of refusals into one event per user, key and check, with their count and span', async () => {
    const { published, reporter: r } = reporter();
    for (let i = 0; i < 1000; i += 1) r.record(denial('u1', 'UOM', new Date(Date.UTC(2026, 10, 26, 10, 0, i % 60))));
    r.record(denial('u1', 'SKU'));
    await r.flush();
    expect(published).toHaveLength(2);
    expect(published[0]).toMatchObject({
      subject: 'identity.access.denied',
      data: { user_id: 'u1', permission_key: 'UOM', count: 1000, first_time: '2026-11-26T10:00:00.000Z' },
    });
    expect(published[0].data.last_time).toBe('2026-11-26T10:00:39.000Z');
    await r.flush();
    expect(published).toHaveLength(2);
  });

  it(`keeps at most ${DENIAL_MAX_REPORTS} distinct reports a window`, async () => {
    const { published, reporter: r } = reporter();
    for (let i = 0; i < DENIAL_MAX_REPORTS * 5; i += 1) r.record(denial(`u${i}`));
    await r.flush();
    expect(published).toHaveLength(DENIAL_MAX_REPORTS);
    r.record(denial('late'));
    await r.flush();
    expect(published).toHaveLength(DENIAL_MAX_REPORTS + 1);
  });
});
