/**
 * DDL of the transactional outbox and the consumer inbox (docs/architecture.md, "Events"). Table names are unqualified:
 * a service's pool has its own schema as search_path, so these land in that schema. Every service runs
 * EVENT_TABLES_UP in its first migration (and EVENT_TABLES_DOWN in its `down`).
 */
export const EVENT_TABLES_UP: string[] = [
  // One row per event, written in the same transaction as the state change that caused it. `id` is the
  // event id (uuid v7, so id order is roughly time order). Rows are kept after sending: the embedded
  // transport replays a producer's history from here.
  `CREATE TABLE outbox (
    id uuid PRIMARY KEY,
    subject text NOT NULL,
    envelope jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error text
  )`,
  // The relay only ever looks for unsent rows; the partial index stays small however long the history.
  `CREATE INDEX outbox_unsent_idx ON outbox (id) WHERE sent_at IS NULL`,
  // One row per (consuming service, event) applied, written in the same transaction as the handler's effect.
  `CREATE TABLE inbox (
    consumer text NOT NULL,
    event_id uuid NOT NULL,
    subject text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
  )`,
];

export const EVENT_TABLES_DOWN: string[] = ['DROP TABLE IF EXISTS inbox', 'DROP TABLE IF EXISTS outbox'];

/**
 * Per-aggregate order, dead letters, subscription history (docs/architecture.md, "Events"). Added by the
 * platform migration EventGuarantees, which every service runs after its own.
 */
export const EVENT_GUARANTEES_UP: string[] = [
  // The aggregate and its gap-free sequence (null in rows written before they existed).
  `ALTER TABLE outbox ADD COLUMN aggregate text, ADD COLUMN sequence bigint`,
  // The relay holds back an aggregate's later rows while an earlier one is in flight or backing off.
  `CREATE INDEX outbox_unsent_aggregate_idx ON outbox (aggregate, id) WHERE sent_at IS NULL`,
  // Retention finds delivered rows by age, and keeps each snapshot aggregate's newest.
  `CREATE INDEX outbox_sent_idx ON outbox (sent_at) WHERE sent_at IS NOT NULL`,
  `CREATE INDEX outbox_aggregate_sequence_idx ON outbox (aggregate, sequence DESC) WHERE aggregate IS NOT NULL`,
  // The last sequence handed out per aggregate: the upsert's row lock makes the next number gap-free and
  // serialises publishers of one aggregate until they commit. Never pruned (one small row per aggregate).
  `CREATE TABLE outbox_sequence (
    aggregate text PRIMARY KEY,
    last_sequence bigint NOT NULL
  )`,
  `CREATE INDEX inbox_processed_at_idx ON inbox (processed_at)`,
  // The last sequence a consumer applied per aggregate: older snapshots are skipped, a delta after a gap waits.
  `CREATE TABLE consumer_position (
    consumer text NOT NULL,
    aggregate text NOT NULL,
    last_sequence bigint NOT NULL,
    PRIMARY KEY (consumer, aggregate)
  )`,
  // The subjects a consumer has received so far: a subject added later is backfilled from history once.
  `CREATE TABLE consumer_subscription (
    consumer text NOT NULL,
    subject text NOT NULL,
    subscribed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, subject)
  )`,
  // Failed attempts of an event not yet applied, counted outside the handler's (rolled back) transaction.
  `CREATE TABLE event_failure (
    consumer text NOT NULL,
    event_id uuid NOT NULL,
    attempts integer NOT NULL,
    last_error text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
  )`,
  // Events parked by a consumer: 'failed' after too many attempts, 'waiting' for an earlier delta of their
  // aggregate. The transport acknowledges them, so they never block the events behind them.
  `CREATE TABLE dead_letter (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    consumer text NOT NULL,
    event_id uuid NOT NULL,
    subject text NOT NULL,
    aggregate text,
    sequence bigint,
    envelope jsonb NOT NULL,
    reason text NOT NULL CHECK (reason IN ('failed', 'waiting')),
    attempts integer NOT NULL DEFAULT 0,
    last_error text,
    parked_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (consumer, event_id)
  )`,
  `CREATE INDEX dead_letter_waiting_idx ON dead_letter (consumer, aggregate, sequence) WHERE reason = 'waiting'`,
];

export const EVENT_GUARANTEES_DOWN: string[] = [
  'DROP TABLE IF EXISTS dead_letter',
  'DROP TABLE IF EXISTS event_failure',
  'DROP TABLE IF EXISTS consumer_subscription',
  'DROP TABLE IF EXISTS consumer_position',
  'DROP INDEX IF EXISTS inbox_processed_at_idx',
  'DROP TABLE IF EXISTS outbox_sequence',
  'DROP INDEX IF EXISTS outbox_aggregate_sequence_idx',
  'DROP INDEX IF EXISTS outbox_sent_idx',
  'DROP INDEX IF EXISTS outbox_unsent_aggregate_idx',
  'ALTER TABLE outbox DROP COLUMN IF EXISTS sequence, DROP COLUMN IF EXISTS aggregate',
];
