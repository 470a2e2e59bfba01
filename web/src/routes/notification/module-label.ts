import { ACTIVITY_SUBJECTS } from '@scm/contracts';
import type { ActivityMetadata } from '@scm/contracts';
import type { TFunction } from 'i18next';

const ENTRIES: readonly ActivityMetadata[] = Object.values(ACTIVITY_SUBJECTS);

/**
 * An activity module (SPEC.md §6 module names, or SYSTEM) in the user's language: the name of its permission key
 * in the registry (so a new document's module is translated without a change here); an unknown one as it is named.
 */
export function moduleLabel(t: TFunction, module: string): string {
  if (module === 'SYSTEM') return t('notifications:modules.SYSTEM');
  const entry = ENTRIES.find((candidate) => candidate.module === module);
  return entry ? t(`roles:keys.${entry.permissionKey}`, { defaultValue: module }) : module;
}

/** A notification's reference type (PO, SA, ...) as its module's label; the code itself when the registry has none. */
export function referenceTypeLabel(t: TFunction, type: string | null | undefined): string | undefined {
  if (!type) return undefined;
  const entry = ENTRIES.find((candidate) => candidate.referenceType === type);
  return entry ? moduleLabel(t, entry.module) : type;
}
