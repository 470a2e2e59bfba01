import type { ServiceArea } from '@scm/platform';
import { DigestController } from './digest.controller.js';
import { EmailDigest } from './email-digest.js';
import { CreateNotificationDigest1796000000300 } from './migrations/1796000000300-CreateNotificationDigest.js';

/** The optional daily e-mail digest of unread notifications (issue 15). */
export const digestArea: ServiceArea = {
  controllers: [DigestController],
  providers: [EmailDigest],
  migrations: [CreateNotificationDigest1796000000300],
};
