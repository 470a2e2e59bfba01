import { CatalogUsageSubjects } from '@scm/contracts';
import type { CatalogUsageTarget } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import type { EventPublisher } from '../events/event-publisher.js';

/** The catalog records one document references: its location, its counterparty, the items on its lines. */
export interface DocumentUsage {
  /** The producing service: its `<service>.catalog-usage.changed` subject carries the set. */
  service: keyof typeof CatalogUsageSubjects;
  /** The document's kind in its service, e.g. `purchase_order`. */
  used_by_type: string;
  used_by_id: string;
  /** The document's revision after this save: catalog ignores an older set arriving after a newer one. */
  revision: number;
  targets: ReadonlyArray<{ target_type: CatalogUsageTarget; target_id: string | null | undefined }>;
}

/**
 * Tells catalog, in the saving transaction (the outbox), the COMPLETE set of master data a document uses, so a
 * supplier, SKU or location on a document cannot be archived or deleted (SPEC.md §4 "in use"). Documents are
 * history: a set only grows or changes with an edit and is never released by a status change.
 */
export async function announceDocumentUsage(
  events: EventPublisher,
  manager: EntityManager,
  usage: DocumentUsage,
): Promise<void> {
  const targets = new Map<string, { target_type: CatalogUsageTarget; target_id: string }>();
  for (const { target_type, target_id } of usage.targets) {
    if (target_id) targets.set(`${target_type}:${target_id}`, { target_type, target_id });
  }
  await events.publish(manager, CatalogUsageSubjects[usage.service], {
    used_by_type: usage.used_by_type,
    used_by_id: usage.used_by_id,
    revision: usage.revision,
    targets: [...targets.values()],
  });
}
