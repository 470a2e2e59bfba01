import 'reflect-metadata';
import { runServiceProcess } from '@scm/platform';
import { notificationsService } from './index.js';

await runServiceProcess(notificationsService);
