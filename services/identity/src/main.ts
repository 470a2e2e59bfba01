import 'reflect-metadata';
import { runServiceProcess } from '@scm/platform';
import { identityService } from './index.js';

await runServiceProcess(identityService);
