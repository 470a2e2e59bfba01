import { Inject, Injectable } from '@nestjs/common';
import { CommonErrorCode } from '@scm/contracts';
import type { NotificationPageView, NotificationView } from '@scm/contracts';
import { resolveLanguage } from '@scm/i18n';
import { AppException, DATA_SOURCE, currentContext } from '@scm/platform';
import type { DataSource } from 'typeorm';

/** The caller's language, as the message column picks it. */
export function callerLanguage(): string {
  return resolveLanguage(currentContext()?.language);
}

/** The caller's own notifications (SPEC.md §7): a page, newest first, with the unread count; marking read. */
@Injectable()
export class NotificationService {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async page(userId: string, limit: number, offset: number): Promise<NotificationPageView> {
    const language = callerLanguage();
    const rows = await this.dataSource.query<(Omit<NotificationView, 'message_links'> & { link: string })[]>(
      `SELECT id, is_read, to_char(created_time, 'YYYY-MM-DD HH24:MI:SS') AS created_time,
              COALESCE(message ->> $2, message ->> 'en') AS message, reference_type, reference_type AS type,
              reference_id, link
         FROM notification WHERE user_id = $1
        ORDER BY notification.created_time DESC, id DESC LIMIT $3 OFFSET $4`,
      [userId, language, limit, offset],
    );
    const [{ unread }] = await this.dataSource.query<{ unread: number }[]>(
      'SELECT count(*)::int AS unread FROM notification WHERE user_id = $1 AND NOT is_read',
      [userId],
    );
    return {
      list: rows.map(({ link, ...row }) => ({ ...row, message_links: [{ link, name: row.reference_id }] })),
      unread_count: unread,
    };
  }

  async markAllRead(userId: string): Promise<void> {
    await this.dataSource.query('UPDATE notification SET is_read = true WHERE user_id = $1 AND NOT is_read', [userId]);
  }

  /** Another user's notification is not found, as one that does not exist. */
  async markOneRead(userId: string, id: string): Promise<void> {
    const updated = await this.dataSource.query<unknown[]>(
      `WITH marked AS (UPDATE notification SET is_read = true WHERE id = $1 AND user_id = $2 RETURNING id)
       SELECT id FROM marked`,
      [id, userId],
    );
    if (updated.length === 0) throw new AppException(CommonErrorCode.NOT_FOUND);
  }
}
