/**
 * DDL of the transactional outbox and the consumer inbox (ARCHITECTURE.md §4). Table names are unqualified:
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
