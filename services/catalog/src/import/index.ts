import type { Provider, Type } from '@nestjs/common';
import { ImportJobRepository } from './import-job.repository.js';
import { ImportRetention } from './import-retention.js';
import { ImportRunner } from './import-runner.js';
import { ImportJobsController, createImportController } from './import.controller.js';
import { ImportService } from './import.service.js';
import type { EntityImporter } from './importer.js';
import { IMPORTER_REGISTRY, ImporterRegistry } from './importer-registry.js';
import { IMPORTERS } from './importers/index.js';

/** The controllers of Excel import: one per importer, and the jobs controller. For CatalogModule's list. */
export const IMPORT_CONTROLLERS: Type<unknown>[] = [...IMPORTERS.map(createImportController), ImportJobsController];

/** The providers of Excel import: the importers, their registry, the runner, the service and the clean-up. */
export const IMPORT_PROVIDERS: Provider[] = [
  ...IMPORTERS,
  {
    provide: IMPORTER_REGISTRY,
    useFactory: (...importers: EntityImporter[]) => new ImporterRegistry(IMPORTERS, importers),
    inject: [...IMPORTERS],
  },
  ImportJobRepository,
  ImportRunner,
  ImportService,
  ImportRetention,
];
