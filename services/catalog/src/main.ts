import 'reflect-metadata';
import { runServiceProcess } from '@scm/platform';
import { catalogService } from './index.js';

await runServiceProcess(catalogService);
