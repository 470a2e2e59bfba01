import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EMAIL_DIGEST_OPTIONS } from '@scm/contracts';
import type { EmailDigest } from '@scm/contracts';
import {
  CENTER_PAGE_SIZE,
  markAllNotificationsRead,
  markNotificationRead,
  saveEmailDigest,
  useNotificationPage,
  useNotificationSettings,
} from '../../../api/notification';
import type { NotificationItem } from '../../../api/notification';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageLoading } from '../../../components/ui/PageLoading';
import { Select } from '../../../components/ui/Select';
import { formatDateTime } from '../../../lib/format';
import { notificationLink } from '../../notification-links';
import { referenceTypeLabel } from '../module-label';

/** A failed mark already showed the server's message in the warning dialog (mark all) or changes nothing (mark one). */
const ignore = () => undefined;

function NotificationEntry({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const { t } = useTranslation();
  const link = notificationLink(item);
  const type = referenceTypeLabel(t, item.reference_type ?? item.type);
  return (
    <li
      className={`flex items-start gap-3 px-4 py-3 ${item.is_read ? '' : 'bg-blue-50/40'}`}
      data-testid="notification-entry"
      data-read={item.is_read}
    >
      <span className="mt-2 flex h-2 w-2 shrink-0 items-center justify-center">
        {!item.is_read && (
          <span className="h-2 w-2 rounded-full bg-blue-600" role="img" aria-label={t('notifications:center.unread')} />
        )}
      </span>
      <button
        type="button"
        onClick={() => onOpen(item)}
        disabled={!link && item.is_read}
        className="min-w-0 flex-1 rounded-md text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 enabled:hover:text-blue-800"
      >
        <span className={`block text-sm ${item.is_read ? 'text-slate-600' : 'font-medium text-slate-900'}`}>
          {item.message}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-400">
          <time dateTime={item.created_time} className="tabular-nums">
            {formatDateTime(item.created_time)}
          </time>
          {type && <Badge tone="slate">{type}</Badge>}
        </span>
      </button>
      <div className="flex shrink-0 items-center gap-1">
        {!item.is_read && (
          <Button
            variant="ghost"
            className="text-xs"
            onClick={() => void markNotificationRead(item.id).catch(ignore)}
            data-testid="notification-mark-read"
          >
            <Icon name="check" />
            {t('notifications:center.markRead')}
          </Button>
        )}
        {link && (
          <Button variant="ghost" className="text-xs" onClick={() => onOpen(item)} data-testid="notification-open">
            <Icon name="chevronRight" />
            {t('notifications:center.open')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The optional e-mail digest (issue 15): off, or the day's unread notifications mailed once a day. */
function EmailDigestChoice() {
  const { t } = useTranslation();
  const { data } = useNotificationSettings();
  const [saving, setSaving] = useState(false);
  if (!data) return null;
  const choose = async (value: EmailDigest) => {
    setSaving(true);
    // A failed save showed the server's message in the warning dialog; the choice shown stays the stored one.
    await saveEmailDigest(value).catch(ignore);
    setSaving(false);
  };
  return (
    <div className="w-44" data-testid="notification-email-digest">
      <Select<EmailDigest>
        label={t('notifications:digest.label')}
        value={data.email_digest}
        disabled={saving}
        onChange={(value) => void choose(value)}
        options={EMAIL_DIGEST_OPTIONS.map((option) => ({ value: option, label: t(`notifications:digest.${option}`) }))}
        hint={t('notifications:digest.hint')}
      />
    </div>
  );
}

/**
 * /notification-center (SPEC.md §2, key NOTIFICATION): every notification of the user, newest first, a page at a
 * time through SPEC.md §7's `limit` / `offset`; unread ones marked; mark one or all read; opening one marks it read
 * and goes to its record (SPEC.md §7 "Notification links").
 */
export default function NotificationCenterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  // One more than shown: whether an older page exists (the call answers no total).
  const {
    page: result,
    error,
    isLoading,
  } = useNotificationPage({
    limit: CENTER_PAGE_SIZE + 1,
    offset: (page - 1) * CENTER_PAGE_SIZE,
  });
  const list = result?.list.slice(0, CENTER_PAGE_SIZE) ?? [];
  const hasOlder = (result?.list.length ?? 0) > CENTER_PAGE_SIZE;
  const unread = result?.unreadCount ?? 0;

  const open = async (item: NotificationItem) => {
    if (!item.is_read) await markNotificationRead(item.id).catch(ignore);
    const link = notificationLink(item);
    if (link) void navigate(link);
  };

  return (
    <div data-testid="notification-center">
      <PageHeader
        title={t('routes:notificationCenter')}
        badge={unread > 0 && <Badge tone="blue">{t('notifications:center.unreadCount', { count: unread })}</Badge>}
        description={t('notifications:center.description')}
        actions={
          <div className="flex items-end gap-3">
            <EmailDigestChoice />
            <Button
              variant="secondary"
              disabled={unread === 0}
              onClick={() => void markAllNotificationsRead().catch(ignore)}
              data-testid="notification-mark-all"
            >
              <Icon name="check" />
              {t('notifications:center.markAllRead')}
            </Button>
          </div>
        }
      />
      <div className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        {isLoading && !result ? (
          <PageLoading />
        ) : error ? (
          <p className="px-4 py-10 text-center text-sm text-red-700" role="alert">
            {t('notifications:center.loadFailed')}
          </p>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-14 text-center" data-testid="notification-empty">
            <span className="flex h-11 w-11 items-center justify-center rounded-full bg-slate-100 text-slate-400">
              <Icon name="inbox" className="h-5 w-5" />
            </span>
            <p className="text-sm font-medium text-slate-700">
              {page === 1 ? t('notifications:center.empty') : t('notifications:center.emptyPage')}
            </p>
            {page === 1 && <p className="max-w-sm text-sm text-slate-500">{t('notifications:center.emptyHint')}</p>}
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.map((item) => (
              <NotificationEntry key={item.id} item={item} onOpen={(picked) => void open(picked)} />
            ))}
          </ul>
        )}
        {(page > 1 || hasOlder) && (
          <nav
            aria-label={t('notifications:center.pageLabel')}
            className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-2 text-sm text-slate-600"
          >
            <Button
              variant="ghost"
              disabled={page === 1}
              onClick={() => setPage(page - 1)}
              data-testid="notification-newer"
            >
              <Icon name="chevronLeft" />
              {t('notifications:center.previous')}
            </Button>
            <span className="tabular-nums">{t('notifications:center.page', { page })}</span>
            <Button
              variant="ghost"
              disabled={!hasOlder}
              onClick={() => setPage(page + 1)}
              data-testid="notification-older"
            >
              {t('notifications:center.next')}
              <Icon name="chevronRight" />
            </Button>
          </nav>
        )}
      </div>
    </div>
  );
}
