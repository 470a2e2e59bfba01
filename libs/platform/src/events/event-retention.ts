import type { DataSource } from 'typeorm';

export interface PrunedCounts {
  outbox: number;
  inbox: number;
  idempotencyKeys: number;
  failures: number;
}

/**
 * Forgets what is older than the retention window (EVENT_RETENTION_DAYS): delivered outbox rows, inbox keys,
 * idempotency keys and stale failure counts. Never an undelivered outbox row, and never the newest row of an
 * aggregate and subject, so the history that backfills new handlers and rebuilds replicas always holds every
 * aggregate's latest state. Rows written before aggregates existed (aggregate null) are kept for the same reason.
 * A redelivery older than the window is still recognised by the consumer's aggregate positions.
 */
export async function pruneEventTables(dataSource: DataSource, retentionDays: number): Promise<PrunedCounts> {
  const cutoff = [retentionDays];
  const count = async (sql: string): Promise<number> => {
    const result = await dataSource.query<[unknown[], number]>(sql, cutoff);
    return result[1];
  };
  return {
    outbox: await count(
      `DELETE FROM outbox o
        WHERE o.sent_at IS NOT NULL AND o.sent_at < now() - $1 * interval '1 day'
          AND o.aggregate IS NOT NULL
          AND EXISTS (SELECT 1 FROM outbox n
                       WHERE n.aggregate = o.aggregate AND n.subject = o.subject AND n.sequence > o.sequence)`,
    ),
    inbox: await count(`DELETE FROM inbox WHERE processed_at < now() - $1 * interval '1 day'`),
    idempotencyKeys: await count(`DELETE FROM idempotency_key WHERE created_at < now() - $1 * interval '1 day'`),
    failures: await count(`DELETE FROM event_failure WHERE updated_at < now() - $1 * interval '1 day'`),
  };
}
