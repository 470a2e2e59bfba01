import type { ServiceDefinition } from '@scm/platform';
import { InventoryModule } from './inventory.module.js';

export const inventoryService: ServiceDefinition = { name: 'inventory', module: InventoryModule };
