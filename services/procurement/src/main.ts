import 'reflect-metadata';
import { runServiceProcess } from '@scm/platform';
import { procurementService } from './index.js';

await runServiceProcess(procurementService);
