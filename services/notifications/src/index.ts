import type { ServiceDefinition } from '@scm/platform';
import { NotificationsModule } from './notifications.module.js';

export const notificationsService: ServiceDefinition = { name: 'notifications', module: NotificationsModule };
