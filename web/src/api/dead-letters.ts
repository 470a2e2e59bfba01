import { SERVICE_NAMES } from '@scm/contracts';
import type { DeadLetterReplayOutcome, DeadLetterView, ServiceName } from '@scm/contracts';
import useSWR from 'swr';
import { api } from './client';
import { revalidate } from './resource';

/**
 * The events each service's consumer parked (SPEC.md §2, the director's error log): `GET /api/<service>/dead-letters`
 * per service, merged; replay and discard per event. Only the role director may call them.
 */
const path = (service: ServiceName, id?: string, action?: 'replay' | 'discard') =>
  `/api/${service}/dead-letters${id ? `/${encodeURIComponent(id)}` : ''}${action ? `/${action}` : ''}`;

/** all → lists → list(services): the merged list of these services' dead letters. */
export const deadLetterKeys = {
  all: ['dead-letters'] as const,
  lists: () => [...deadLetterKeys.all, 'list'] as const,
  list: (services: readonly ServiceName[]) => [...deadLetterKeys.lists(), services.join(',')] as const,
};

/** A dead letter with the service that parked it (the one to replay or discard it at). */
export interface ServiceDeadLetter extends DeadLetterView {
  service: ServiceName;
}

export interface DeadLetterReport {
  /** Every answering service's parked events, oldest first (the order a replay should follow). */
  rows: ServiceDeadLetter[];
  /** The services that did not answer: shown as such, the others still listed. */
  unavailable: ServiceName[];
}

async function fetchReport([, , joined]: ReturnType<typeof deadLetterKeys.list>): Promise<DeadLetterReport> {
  const services = joined.split(',') as ServiceName[];
  // silent: polling never raises the warning dialog; a service that fails is reported in the list instead.
  const answers = await Promise.allSettled(
    services.map(async (service) => {
      const response = await api.get<DeadLetterView[]>(path(service), { silent: true });
      return (response.data ?? []).map((row): ServiceDeadLetter => ({ ...row, service }));
    }),
  );
  const rows: ServiceDeadLetter[] = [];
  const unavailable: ServiceName[] = [];
  answers.forEach((answer, index) => {
    if (answer.status === 'fulfilled') rows.push(...answer.value);
    else unavailable.push(services[index]);
  });
  rows.sort((a, b) => a.parked_at.localeCompare(b.parked_at) || a.id.localeCompare(b.id));
  return { rows, unavailable };
}

/** How often the header's badge asks again while a director is signed in. */
export const DEAD_LETTER_REFRESH_MS = 60_000;

/**
 * Every service's dead letters, merged. `enabled` only for a director (the server refuses anyone else). The
 * header's badge and the dialog share this one key, so they make one request per service a minute.
 */
export function useDeadLetters(enabled: boolean) {
  return useSWR<DeadLetterReport, Error>(enabled ? deadLetterKeys.list(SERVICE_NAMES) : null, fetchReport, {
    refreshInterval: DEAD_LETTER_REFRESH_MS,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
  });
}

/**
 * Applies a parked event again. A handler that fails again answers 422 with its translated message, shown in the
 * warning dialog; the list revalidates either way (a failed replay counts one more attempt).
 */
export async function replayDeadLetter(
  service: ServiceName,
  id: string,
  idempotencyKey: string,
): Promise<DeadLetterReplayOutcome> {
  try {
    const response = await api.post<{ outcome: DeadLetterReplayOutcome }>(path(service, id, 'replay'), undefined, {
      idempotencyKey,
      loading: true,
    });
    return response.data.outcome;
  } finally {
    await revalidate(deadLetterKeys.lists());
  }
}

/** Drops a parked event for good. */
export async function discardDeadLetter(service: ServiceName, id: string, idempotencyKey: string): Promise<void> {
  try {
    await api.post<null>(path(service, id, 'discard'), undefined, { idempotencyKey, loading: true });
  } finally {
    await revalidate(deadLetterKeys.lists());
  }
}
