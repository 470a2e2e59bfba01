import type { ServiceName } from '@scm/contracts';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { discardDeadLetter, replayDeadLetter } from '../../api/dead-letters';
import type { DeadLetterReport, ServiceDeadLetter } from '../../api/dead-letters';
import { useIdempotencyKeys } from '../../lib/idempotency';
import { formatDateTime } from '../../lib/format';
import { showSuccess } from '../../state/feedback';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { useConfirm } from '../ui/ConfirmDialog';
import { Icon } from '../ui/icons';

/** A service's name as the director reads it. */
export function serviceLabel(t: TFunction, service: ServiceName): string {
  switch (service) {
    case 'identity':
      return t('layout:errorLog.server.services.identity');
    case 'catalog':
      return t('layout:errorLog.server.services.catalog');
    case 'inventory':
      return t('layout:errorLog.server.services.inventory');
    case 'procurement':
      return t('layout:errorLog.server.services.procurement');
    case 'notifications':
      return t('layout:errorLog.server.services.notifications');
  }
}

function reasonLabel(t: TFunction, reason: ServiceDeadLetter['reason']): string {
  switch (reason) {
    case 'failed':
      return t('layout:errorLog.server.reasons.failed');
    case 'waiting':
      return t('layout:errorLog.server.reasons.waiting');
  }
}

function replayedMessage(t: TFunction, outcome: Awaited<ReturnType<typeof replayDeadLetter>>): string {
  switch (outcome) {
    case 'applied':
      return t('layout:errorLog.server.replayed.applied');
    case 'duplicate':
      return t('layout:errorLog.server.replayed.duplicate');
    case 'stale':
      return t('layout:errorLog.server.replayed.stale');
    case 'waiting':
      return t('layout:errorLog.server.replayed.waiting');
  }
}

interface DeadLetterListProps {
  report: DeadLetterReport | undefined;
  loading: boolean;
}

/**
 * SPEC.md §2: the "Server events" tab of the director's error log — every service's parked events, with
 * Replay and Discard (after a confirmation) per event.
 */
export function DeadLetterList({ report, loading }: DeadLetterListProps) {
  const { t } = useTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const keys = useIdempotencyKeys();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (row: ServiceDeadLetter, action: 'replay' | 'discard') => {
    const name = `${action}:${row.service}:${row.id}`;
    setBusy(row.id);
    try {
      if (action === 'replay') {
        const outcome = await replayDeadLetter(row.service, row.id, keys.keyFor(name, null));
        showSuccess(replayedMessage(t, outcome));
      } else {
        await discardDeadLetter(row.service, row.id, keys.keyFor(name, null));
        showSuccess(t('layout:errorLog.server.discarded'));
      }
      keys.done(name);
    } catch {
      // Refused or failed again: the server's translated message is already in the warning dialog (client.ts).
    } finally {
      setBusy(null);
    }
  };

  const discard = async (row: ServiceDeadLetter) => {
    const ok = await confirm({
      title: t('layout:errorLog.server.confirmDiscard.title'),
      message: t('layout:errorLog.server.confirmDiscard.message', {
        subject: row.subject,
        service: serviceLabel(t, row.service),
      }),
      confirmLabel: t('layout:errorLog.server.discard'),
      tone: 'danger',
    });
    if (ok) await run(row, 'discard');
  };

  const rows = report?.rows ?? [];
  const unavailable = report?.unavailable ?? [];
  return (
    <div data-testid="dead-letter-list">
      {unavailable.length > 0 && (
        <p
          role="alert"
          data-testid="dead-letter-unavailable"
          className="mx-5 mt-4 flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-600/25"
        >
          <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
          {t('layout:errorLog.server.unavailable', {
            services: unavailable
              .map((service) => serviceLabel(t, service))
              .join(t('layout:errorLog.server.listSeparator')),
          })}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="px-5 py-12 text-center text-sm text-slate-500">
          {loading && !report ? t('layout:errorLog.server.loading') : t('layout:errorLog.server.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={`${row.service}:${row.id}`} className="px-5 py-3 text-sm" data-testid="dead-letter-row">
              <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone="slate">{serviceLabel(t, row.service)}</Badge>
                    <span className="font-mono text-[0.8125rem] font-medium break-all text-slate-900">
                      {row.subject}
                    </span>
                    <Badge tone={row.reason === 'failed' ? 'red' : 'amber'} dot>
                      {reasonLabel(t, row.reason)}
                    </Badge>
                  </div>
                  {row.last_error && (
                    <p className="mt-1.5 font-mono text-xs break-words whitespace-pre-wrap text-red-700">
                      {row.last_error}
                    </p>
                  )}
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    variant="secondary"
                    className="px-2.5 py-1 text-xs"
                    disabled={busy !== null}
                    onClick={() => void run(row, 'replay')}
                    data-testid="dead-letter-replay"
                  >
                    <Icon name="refresh" className="h-3.5 w-3.5" />
                    {t('layout:errorLog.server.replay')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2.5 py-1 text-xs text-red-600 hover:bg-red-50 hover:text-red-700"
                    disabled={busy !== null}
                    onClick={() => void discard(row)}
                    data-testid="dead-letter-discard"
                  >
                    <Icon name="trash" className="h-3.5 w-3.5" />
                    {t('layout:errorLog.server.discard')}
                  </Button>
                </div>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-500 sm:grid-cols-[auto_auto_auto_1fr] sm:gap-x-4">
                <dt>{t('layout:errorLog.server.attempts')}</dt>
                <dd className="text-slate-700 tabular-nums">{row.attempts}</dd>
                <dt>{t('layout:errorLog.server.parkedAt')}</dt>
                <dd className="text-slate-700 tabular-nums">{formatDateTime(row.parked_at)}</dd>
                <dt>{t('layout:errorLog.server.aggregate')}</dt>
                <dd className="font-mono break-all text-slate-700">
                  {row.aggregate ?? t('layout:errorLog.server.none')}
                </dd>
                <dt>{t('layout:errorLog.server.sequence')}</dt>
                <dd className="text-slate-700 tabular-nums">{row.sequence ?? t('layout:errorLog.server.none')}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {confirmDialog}
    </div>
  );
}
