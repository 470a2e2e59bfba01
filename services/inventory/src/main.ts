import 'reflect-metadata';
import { runServiceProcess } from '@scm/platform';
import { inventoryService } from './index.js';

await runServiceProcess(inventoryService);
