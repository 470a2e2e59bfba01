/**
 * The services that own event consumers (each with its `dead_letter` table and `/api/<service>/dead-letters`),
 * and that the gateway forwards to. One list, so the web app's error log and the gateway's routing cannot drift.
 */
export const SERVICE_NAMES = ['identity', 'catalog', 'inventory', 'procurement', 'notifications'] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

/** What a replay did (the consumer's delivery outcome): applied, already applied, superseded, or still waiting. */
export type DeadLetterReplayOutcome = 'applied' | 'duplicate' | 'stale' | 'waiting';

/**
 * An event a service's consumer parked, as `GET /api/<service>/dead-letters` lists it: `failed` after too many
 * attempts, `waiting` for an earlier delta of its aggregate (docs/architecture.md, "Events").
 */
export interface DeadLetterView {
  id: string;
  consumer: string;
  event_id: string;
  subject: string;
  aggregate: string | null;
  sequence: number | null;
  reason: 'failed' | 'waiting';
  attempts: number;
  last_error: string | null;
  parked_at: string;
  occurred_at: string | null;
}
