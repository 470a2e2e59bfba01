import client from 'prom-client';
import type { DataSource } from 'typeorm';
import { metricsRegistry } from '../health/metrics.js';

/** The services of this process whose event tables /metrics reports (every service in embedded mode). */
const sources = new Map<string, DataSource>();
let registered = false;

/**
 * Outbox lag, retries and dead letters per service at /metrics (docs/architecture.md, "Events"), read from the
 * service's tables at scrape time so that every replica reports the same, current figures.
 */
export function registerEventMetrics(service: string, dataSource: DataSource): () => void {
  sources.set(service, dataSource);
  if (!registered) {
    registered = true;
    register();
  }
  return () => {
    if (sources.get(service) === dataSource) sources.delete(service);
  };
}

interface Figures {
  unsent: number;
  oldest_unsent_seconds: number;
  publish_retrying: number;
  handler_retrying: number;
  failed: number;
  waiting: number;
}

async function figures(dataSource: DataSource): Promise<Figures> {
  const [row] = await dataSource.query<Record<keyof Figures, string | null>[]>(
    `SELECT
       (SELECT count(*) FROM outbox WHERE sent_at IS NULL) AS unsent,
       (SELECT extract(epoch FROM now() - min(created_at)) FROM outbox WHERE sent_at IS NULL) AS oldest_unsent_seconds,
       (SELECT count(*) FROM outbox WHERE sent_at IS NULL AND attempts > 0) AS publish_retrying,
       (SELECT count(*) FROM event_failure) AS handler_retrying,
       (SELECT count(*) FROM dead_letter WHERE reason = 'failed') AS failed,
       (SELECT count(*) FROM dead_letter WHERE reason = 'waiting') AS waiting`,
  );
  return {
    unsent: Number(row.unsent ?? 0),
    oldest_unsent_seconds: Number(row.oldest_unsent_seconds ?? 0),
    publish_retrying: Number(row.publish_retrying ?? 0),
    handler_retrying: Number(row.handler_retrying ?? 0),
    failed: Number(row.failed ?? 0),
    waiting: Number(row.waiting ?? 0),
  };
}

function register(): void {
  const registry = metricsRegistry();
  // One scrape reads each service's figures once, whichever gauge asks first.
  let scrape: Promise<Map<string, Figures>> | undefined;
  const read = (): Promise<Map<string, Figures>> => {
    scrape ??= (async () => {
      const result = new Map<string, Figures>();
      for (const [service, dataSource] of sources) {
        if (!dataSource.isInitialized) continue;
        try {
          result.set(service, await figures(dataSource));
        } catch {
          // A service whose database is unreachable reports nothing (readiness says why).
        }
      }
      return result;
    })().finally(() => setTimeout(() => (scrape = undefined), 0));
    return scrape;
  };
  const gauge = (name: string, help: string, pick: (f: Figures) => number[], labels: string[] = []) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['service', ...labels],
      registers: [registry],
      async collect() {
        this.reset();
        for (const [service, f] of await read()) {
          const values = pick(f);
          if (labels.length === 0) this.set({ service }, values[0]);
          else values.forEach((value, i) => this.set({ service, reason: ['failed', 'waiting'][i] }, value));
        }
      },
    });
  gauge('scm_outbox_unsent_events', 'Events committed but not yet published', (f) => [f.unsent]);
  gauge('scm_outbox_lag_seconds', 'Age of the oldest unpublished event', (f) => [f.oldest_unsent_seconds]);
  gauge('scm_outbox_publish_retrying_events', 'Unpublished events whose publish failed at least once', (f) => [
    f.publish_retrying,
  ]);
  gauge('scm_event_handler_retrying_events', 'Events whose handler failed and will be retried', (f) => [
    f.handler_retrying,
  ]);
  gauge('scm_event_dead_letters', 'Events parked by a consumer, by reason', (f) => [f.failed, f.waiting], ['reason']);
}
