import type { PermissionKey } from '@scm/contracts';
import type { EntityImporter, ImporterClass } from './importer.js';

export const IMPORTER_REGISTRY = Symbol('IMPORTER_REGISTRY');

export interface RegisteredImporter {
  entity: string;
  permission: PermissionKey | readonly PermissionKey[];
  label: string;
  /** Only a caller holding every location may upload (see ImporterClass). */
  needsAllLocations: boolean;
  importer: EntityImporter;
}

/** The importers of the service by entity (URL segment). */
export class ImporterRegistry {
  private readonly byEntity = new Map<string, RegisteredImporter>();

  constructor(classes: readonly ImporterClass[], instances: readonly EntityImporter[]) {
    classes.forEach((type, index) => {
      if (type.entity === 'jobs' || !/^[a-z][a-z0-9-]*$/.test(type.entity)) {
        throw new Error(`Importer ${type.name}: entity "${type.entity}" must be a lower-case URL segment, not "jobs"`);
      }
      if (this.byEntity.has(type.entity)) throw new Error(`Two importers for entity "${type.entity}"`);
      const importer = instances[index];
      if (!importer.columns.some((column) => column.key === importer.codeColumn)) {
        throw new Error(`Importer ${type.name}: its code column "${importer.codeColumn}" is not one of its columns`);
      }
      const lineColumns = importer.lines?.columns ?? [];
      if (lineColumns.some((key) => key === importer.codeColumn || !importer.columns.some((c) => c.key === key))) {
        throw new Error(`Importer ${type.name}: its line columns must be its columns, other than the code column`);
      }
      this.byEntity.set(type.entity, {
        entity: type.entity,
        permission: type.permission,
        label: type.label,
        needsAllLocations: type.needsAllLocations === true,
        importer,
      });
    });
  }

  get(entity: string): RegisteredImporter | undefined {
    return this.byEntity.get(entity);
  }
}
