import type { DocumentHeaderView } from '@scm/contracts';
import { useTranslation } from 'react-i18next';
import { EMPTY, formatDateTime } from '../../lib/format';
import { Icon } from '../ui/icons';
import { StatusBadge } from '../ui/StatusBadge';

/**
 * A document's history (docs/stock-ledger.md): who did what and when, from which status to which, with their remark,
 * newest first; above it, who created and who submitted the document.
 */
export function HistoryTimeline({ document }: { document: DocumentHeaderView | null | undefined }) {
  const { t } = useTranslation();
  const entries = [...(document?.history ?? [])].reverse();
  const rows: [string, string][] = [
    [t('documents:history.createdBy'), document?.created_by_name ?? EMPTY],
    [t('documents:history.createdTime'), formatDateTime(document?.created_time)],
    [t('documents:history.submittedBy'), document?.submitted_by_name ?? EMPTY],
    [t('documents:history.submittedTime'), formatDateTime(document?.submitted_time)],
  ];
  return (
    <section
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="document-history"
      aria-labelledby="document-history-title"
    >
      <h2 id="document-history-title" className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <Icon name="clock" className="h-4 w-4 text-slate-400" />
        {t('documents:history.title')}
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="shrink-0 text-slate-500">{label}</dt>
            <dd className="text-right text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 border-t border-slate-100 pt-3">
        {entries.length === 0 ? (
          <p className="text-xs text-slate-400">{t('documents:history.empty')}</p>
        ) : (
          <ol className="space-y-3 text-sm">
            {entries.map((entry, index) => (
              <li key={index} className="border-l-2 border-slate-200 pl-3" data-testid="history-entry">
                <p className="font-medium text-slate-800">
                  {t(`documents:history.did.${entry.action}`, { defaultValue: entry.action })}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-600">
                  {entry.from_status && <StatusBadge status={entry.from_status} />}
                  {entry.from_status && <span aria-hidden="true">→</span>}
                  <StatusBadge status={entry.to_status} />
                </p>
                {entry.remark && (
                  <p className="mt-1 text-sm whitespace-pre-line text-slate-700" data-testid="history-remark">
                    {entry.remark}
                  </p>
                )}
                <p className="mt-1 text-xs text-slate-500">
                  {formatDateTime(entry.created_time)} · {entry.actor_name}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
