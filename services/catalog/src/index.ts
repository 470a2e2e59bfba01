import type { ServiceDefinition } from '@scm/platform';
import { CatalogModule } from './catalog.module.js';

export const catalogService: ServiceDefinition = { name: 'catalog', module: CatalogModule };
