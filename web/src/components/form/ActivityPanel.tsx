import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session';
import { EMPTY, formatDateTime } from '../../lib/format';
import { Icon } from '../ui/icons';

/** Who created and last changed a record, and when (every record of the API carries these). */
export interface RecordStamp {
  status?: string | null;
  created_time?: string | null;
  created_by?: string | null;
  last_updated_time?: string | null;
  last_updated_by?: string | null;
}

/** An entry of a record's history (SPEC.md §3 Activity log entry). */
export interface ActivityEntry {
  created_time: string;
  created_by: string | null;
  message: string;
}

/**
 * The activity panel of a form: created / last updated by and time from the record. The history list is a
 * placeholder until the activity log is built; pass `entries` once it is.
 */
export function ActivityPanel({
  record,
  entries,
  userName,
}: {
  record?: RecordStamp | null;
  entries?: ActivityEntry[];
  userName?: (id: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const who = (id: string | null | undefined): ReactNode => {
    if (!id) return EMPTY;
    if (userName) return userName(id);
    if (user && id === user.user_id) return user.employee_name;
    return <span className="font-mono text-xs break-all">{id}</span>;
  };
  const rows: [string, ReactNode][] = [
    [t('kit:activity.createdBy'), who(record?.created_by)],
    [t('kit:activity.createdTime'), formatDateTime(record?.created_time)],
    [t('kit:activity.updatedBy'), who(record?.last_updated_by)],
    [t('kit:activity.updatedTime'), formatDateTime(record?.last_updated_time)],
  ];
  return (
    <section
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="activity-panel"
      aria-labelledby="activity-title"
    >
      <h2 id="activity-title" className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        <Icon name="clock" className="h-4 w-4 text-slate-400" />
        {t('kit:activity.title')}
      </h2>
      <dl className="mt-3 space-y-2.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="shrink-0 text-slate-500">{label}</dt>
            <dd className="text-right text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 border-t border-slate-100 pt-3">
        {entries && entries.length > 0 ? (
          <ol className="space-y-2 text-sm">
            {entries.map((entry, index) => (
              <li key={index} className="border-l-2 border-slate-200 pl-3">
                <p className="text-slate-800">{entry.message}</p>
                <p className="text-xs text-slate-500">
                  {formatDateTime(entry.created_time)} · {who(entry.created_by)}
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-xs text-slate-400">{t('kit:activity.placeholder')}</p>
        )}
      </div>
    </section>
  );
}
