import type { ServiceDefinition } from '@scm/platform';
import { ProcurementModule } from './procurement.module.js';

export const procurementService: ServiceDefinition = { name: 'procurement', module: ProcurementModule };
