import { RECORD_ACTIVITY_SUBJECTS, activityEntries } from '@scm/contracts';
import type { ActivityMetadata } from '@scm/contracts';
import type { TFunction } from 'i18next';

const MISSING = '\u0000';
/** Every document entry, with the variants a subject has for another key (a consignment release, RJ_SR). */
const ENTRIES: readonly ActivityMetadata[] = activityEntries();
const RECORD_TYPES: ReadonlySet<string> = new Set(
  Object.values(RECORD_ACTIVITY_SUBJECTS).map((entry) => entry.referenceType),
);

/**
 * An activity module (SPEC.md §6 module names, or SYSTEM) in the user's language: a management area's own label
 * (`notifications:modules.<module>`) when it has one, else the name of its permission key in the document
 * registry (so a new document's module is translated without a change here); an unknown one as it is named.
 */
export function moduleLabel(t: TFunction, module: string): string {
  // A sentinel default tells a missing label from a translated one.
  const own = t(`notifications:modules.${module}`, { defaultValue: MISSING });
  if (own !== MISSING) return own;
  const entry = ENTRIES.find((candidate) => candidate.module === module);
  return entry ? t(`roles:keys.${entry.permissionKey}`, { defaultValue: module }) : module;
}

/** A notification's reference type (PO, SA, USER, ...) as a label; the code itself when no registry has it. */
export function referenceTypeLabel(t: TFunction, type: string | null | undefined): string | undefined {
  if (!type) return undefined;
  const entry = ENTRIES.find((candidate) => candidate.referenceType === type);
  if (entry) return moduleLabel(t, entry.module);
  return RECORD_TYPES.has(type) ? t(`messages:records.types.${type}`, { defaultValue: type }) : type;
}
