import { z } from 'zod';
import { V } from '../common/schema.js';

/** How often a user is mailed their unread notifications: never, or once a day (issue 15, optional per user). */
export const EMAIL_DIGEST_OPTIONS = ['off', 'daily'] as const;
export type EmailDigest = (typeof EMAIL_DIGEST_OPTIONS)[number];

/** The caller's notification settings (`GET|PUT /api/notification/settings`). */
export const notificationSettingsSchema = z
  .object({ email_digest: z.enum(EMAIL_DIGEST_OPTIONS, { error: V.invalid }) })
  .strict();
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
