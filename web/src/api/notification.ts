import type {
  ActivityLogRow,
  ActivityLogUserOption,
  EmailDigest,
  ListQueryInput,
  NotificationSettings,
} from '@scm/contracts';
import { useEffect } from 'react';
import useSWR, { mutate } from 'swr';
import type { NotificationReference } from '../routes/notification-links';
import { api, apiBase } from './client';
import { listSource, resourceKeys } from './resource';
import type { ListSource } from './resource';

/** A notification as the bell shows it (SPEC.md §3 Notification). */
export interface NotificationItem extends NotificationReference {
  id: string;
  is_read: boolean;
  created_time: string;
  message: string;
}

/**
 * One page of notifications. `GET /api/notification/get` answers `data: { list, unread_count }`; a plain
 * array is accepted too (the unread count is then what the page shows).
 */
export interface NotificationPage {
  list: NotificationItem[];
  unreadCount: number;
}

export interface NotificationQuery {
  limit: number;
  offset: number;
}

/** SPEC.md §9: the dropdown shows the first 3. */
export const DROPDOWN_LIMIT = 3;

export const notificationKeys = {
  all: ['notification'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (query: NotificationQuery) => [...notificationKeys.lists(), query] as const,
};

type RawPage = NotificationItem[] | { list?: NotificationItem[]; unread_count?: number };

async function fetchPage([, , query]: ReturnType<typeof notificationKeys.list>): Promise<NotificationPage> {
  // silent: the bell never raises the warning dialog; a failure simply shows an empty bell.
  const response = await api.get<RawPage>(`/api/notification/get?limit=${query.limit}&offset=${query.offset}`, {
    silent: true,
  });
  const data = response.data;
  if (Array.isArray(data)) return { list: data, unreadCount: data.filter((item) => !item.is_read).length };
  const list = data?.list ?? [];
  return { list, unreadCount: data?.unread_count ?? list.filter((item) => !item.is_read).length };
}

const EMPTY: NotificationPage = { list: [], unreadCount: 0 };

/**
 * Whether a notifications service answers `/api/notification/*`. None is built yet: the gateway routes the path to
 * a `notifications` service that no deployment has, so every call answered 404 and logged a console error on every
 * page. Until that service lands the bell makes no call and shows its empty state. A build-time switch rather
 * than a runtime probe: the service, its gateway route and this switch arrive in one change, and a probe would
 * itself be the failing request. Turn it on in the commit that adds services/notifications.
 */
export const NOTIFICATIONS_SERVED: boolean = true;

/** The bell's dropdown: the newest notifications with an empty filter and offset 0 (SPEC.md §7). */
export function useNotificationDropdown(enabled: boolean): NotificationPage {
  const { data, error } = useSWR<Awaited<ReturnType<typeof fetchPage>>, Error>(
    enabled && NOTIFICATIONS_SERVED ? notificationKeys.list({ limit: DROPDOWN_LIMIT, offset: 0 }) : null,
    fetchPage,
    {
      refreshInterval: 60_000,
      shouldRetryOnError: false,
    },
  );
  return error || !data ? EMPTY : data;
}

/** The notification center's page size (SPEC.md §7 `limit`). */
export const CENTER_PAGE_SIZE = 20;

/** One page of the notification center: `limit` / `offset` of SPEC.md §7's get call. */
export function useNotificationPage(query: NotificationQuery) {
  const { data, error, isLoading } = useSWR<NotificationPage, Error>(
    NOTIFICATIONS_SERVED ? notificationKeys.list(query) : null,
    fetchPage,
    { keepPreviousData: true },
  );
  return { page: data, error, isLoading };
}

/**
 * New notifications without a reload (issue 15): `GET /api/notification/stream` sends `notification` whenever one is
 * stored for the user, and every notification list (the bell, the notification center) is read again. After a
 * reconnection (`ready` again) the lists are read too, as events may have been missed meanwhile. Where the stream
 * cannot be opened the bell's periodic refresh remains.
 */
export function useNotificationStream(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !NOTIFICATIONS_SERVED || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(`${apiBase()}/api/notification/stream`, { withCredentials: true });
    let connected = false;
    const refresh = () => void revalidateNotifications();
    const onReady = () => {
      if (connected) refresh();
      connected = true;
    };
    source.addEventListener('ready', onReady);
    source.addEventListener('notification', refresh);
    return () => {
      source.removeEventListener('ready', onReady);
      source.removeEventListener('notification', refresh);
      source.close();
    };
  }, [enabled]);
}

/** Revalidates every notification list (the bell and the notification center). */
export function revalidateNotifications(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === notificationKeys.all[0]);
}

export async function markNotificationRead(id: string): Promise<void> {
  await api.put(`/api/notification/mark_one_as_read/${encodeURIComponent(id)}`, undefined, { silent: true });
  await revalidateNotifications();
}

export async function markAllNotificationsRead(): Promise<void> {
  await api.put('/api/notification/mark_all_as_read');
  await revalidateNotifications();
}

/** The activity log (`/activity-log`): the list kit over `POST /api/notification/activity-log/list`. */
export const activityLogKeys = resourceKeys('activity-log');

/** Filters the server reads as lists (`in`): the page's single select sends one value. */
const LIST_FILTERS = ['module', 'created_by_id'] as const;

const kitSource = listSource<ActivityLogRow>(activityLogKeys, '/api/notification/activity-log/list');

export const activityLogList: ListSource<ActivityLogRow> = {
  key: kitSource.key,
  fetch(query: ListQueryInput, signal?: AbortSignal) {
    const params: Record<string, unknown> = { ...query.other_params };
    for (const id of LIST_FILTERS) {
      const value = params[id];
      if (typeof value === 'string') params[id] = value === '' ? undefined : [value];
    }
    return kitSource.fetch({ ...query, other_params: params }, signal);
  },
};

/** The users the activity log may be filtered by. */
export function useActivityLogUsers() {
  return useSWR<ActivityLogUserOption[], Error>(
    [...activityLogKeys.all, 'users'],
    async () => (await api.get<ActivityLogUserOption[]>('/api/notification/activity-log/users')).data ?? [],
  );
}

/** The caller's e-mail digest choice (`GET|PUT /api/notification/settings`). */
export function useNotificationSettings() {
  return useSWR<NotificationSettings, Error>(
    NOTIFICATIONS_SERVED ? [...notificationKeys.all, 'settings'] : null,
    async () => (await api.get<NotificationSettings>('/api/notification/settings', { silent: true })).data,
  );
}

export async function saveEmailDigest(emailDigest: EmailDigest): Promise<void> {
  await api.put('/api/notification/settings', { email_digest: emailDigest });
  await mutate([...notificationKeys.all, 'settings']);
}
