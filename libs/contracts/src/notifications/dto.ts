import { z } from 'zod';

/** A notification as `GET /api/notification/get` answers it (SPEC.md §3 Notification, web/src/api/notification.ts). */
export interface NotificationView {
  id: string;
  is_read: boolean;
  /** YYYY-MM-DD HH:mm:ss */
  created_time: string;
  message: string;
  type: string;
  reference_type: string;
  reference_id: string;
  message_links: { link: string; name: string }[];
}

/** One page of the caller's notifications and how many of all theirs are unread. */
export interface NotificationPageView {
  list: NotificationView[];
  unread_count: number;
}

/** A row of the activity log (SPEC.md §3 Activity log entry). */
export interface ActivityLogRow {
  id: string;
  created_time: string;
  created_by: string;
  created_by_id: string | null;
  message: string;
  module: string;
  reference_type: string;
  reference_id: string;
  link: string;
  location_id: string | null;
}

/** A user the activity log may be filtered by (`GET /api/notification/activity-log/users`). */
export interface ActivityLogUserOption {
  user_id: string;
  name: string;
}

/** `GET /api/notification/get?limit=&offset=` (SPEC.md §7). */
export const notificationPageQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(10),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strip();
export type NotificationPageQuery = z.infer<typeof notificationPageQuerySchema>;
