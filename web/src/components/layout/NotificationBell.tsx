import { CloseButton, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  markAllNotificationsRead,
  markNotificationRead,
  useNotificationDropdown,
  useNotificationStream,
} from '../../api/notification';
import type { NotificationItem } from '../../api/notification';
import { formatDateTime } from '../../lib/format';
import { notificationLink } from '../../routes/notification-links';
import { BADGE, DROPDOWN_PANEL, HEADER_BUTTON } from './header-styles';
import { Icon } from './icons';

/** SPEC.md §9: the badge tops out at 99. */
export const BADGE_MAX = 99;

export function badgeCount(unread: number): string {
  return String(Math.min(unread, BADGE_MAX));
}

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const { t } = useTranslation();
  return (
    <li data-testid="notification-bell-item" data-read={item.is_read}>
      <button
        type="button"
        onClick={() => onOpen(item)}
        className="flex w-full gap-3 rounded-lg px-3 py-2.5 text-left transition-colors hover:bg-slate-50 focus:bg-slate-50 focus:outline-none"
      >
        <span className="mt-1.5 flex h-2 w-2 shrink-0 items-center justify-center">
          {!item.is_read && (
            <span
              className="h-2 w-2 rounded-full bg-blue-600"
              role="img"
              aria-label={t('layout:notifications.unread')}
            />
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className={`line-clamp-2 text-sm ${item.is_read ? 'text-slate-600' : 'font-medium text-slate-900'}`}>
            {item.message}
          </span>
          <time dateTime={item.created_time} className="mt-0.5 block text-xs text-slate-400 tabular-nums">
            {formatDateTime(item.created_time)}
          </time>
        </span>
      </button>
    </li>
  );
}

/**
 * SPEC.md §2 notification bell: the newest 3 notifications and the unread count; opening one marks it read and
 * goes to its page; a mark-all action and a link to the notification center. The caller shows it only to users
 * with view permission on NOTIFICATION. A failed fetch (the service being down) shows an empty bell. New
 * notifications arrive live through the notification stream.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { list, unreadCount } = useNotificationDropdown(true);
  useNotificationStream(true);

  const open = async (item: NotificationItem, close: () => void) => {
    close();
    const link = notificationLink(item);
    if (!item.is_read) await markNotificationRead(item.id).catch(() => undefined);
    if (link) void navigate(link);
  };
  const markAll = () => void markAllNotificationsRead().catch(() => undefined);

  return (
    <Popover data-testid="notification-bell">
      <PopoverButton
        aria-label={
          unreadCount > 0
            ? t('layout:notifications.labelUnread', { count: unreadCount })
            : t('layout:notifications.label')
        }
        className={HEADER_BUTTON}
      >
        <Icon name="bell" className="h-[1.15rem] w-[1.15rem]" />
        {unreadCount > 0 && (
          <span className={`${BADGE} bg-red-500`} data-testid="notification-badge">
            {badgeCount(unreadCount)}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel anchor="bottom end" transition className={`${DROPDOWN_PANEL} w-[min(22rem,calc(100vw-1rem))] p-0`}>
        {({ close }) => (
          <>
            <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
              <p className="font-semibold text-slate-900">
                {t('layout:notifications.title')}
                {unreadCount > 0 && (
                  <span className="ml-2 rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-700">
                    {t('layout:notifications.newCount', { count: unreadCount })}
                  </span>
                )}
              </p>
              <button
                type="button"
                onClick={markAll}
                disabled={unreadCount === 0}
                data-testid="notification-bell-mark-all"
                className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs font-medium text-blue-700 hover:bg-blue-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:cursor-default disabled:text-slate-300 disabled:hover:bg-transparent"
              >
                <Icon name="checkAll" className="h-4 w-4" />
                {t('layout:notifications.markAllRead')}
              </button>
            </div>
            {list.length > 0 ? (
              <ul className="divide-y divide-slate-100 p-1.5">
                {list.map((item) => (
                  <NotificationRow key={item.id} item={item} onOpen={(picked) => void open(picked, close)} />
                ))}
              </ul>
            ) : (
              <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-100 text-slate-400">
                  <Icon name="inbox" className="h-5 w-5" />
                </span>
                <p className="text-sm text-slate-500">{t('layout:notifications.empty')}</p>
              </div>
            )}
            <div className="border-t border-slate-100 p-1.5">
              <CloseButton
                as={Link}
                to="/notification-center"
                className="flex w-full items-center justify-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-50 hover:text-slate-900"
              >
                {t('layout:notifications.viewAll')}
                <Icon name="chevronRight" className="h-4 w-4" />
              </CloseButton>
            </div>
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
