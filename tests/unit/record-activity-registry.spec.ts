import { EVENT_SCHEMAS, RECORD_ACTIVITY_SUBJECTS, activityLogModules } from '@scm/contracts';
import type { RecordActivityMetadata } from '@scm/contracts';
import { LANGUAGES, hasTranslation } from '@scm/i18n';
import { NOTIFICATION_TARGETS } from '../../web/src/routes/notification-links.js';

const ENTRIES: [string, RecordActivityMetadata][] = Object.entries(RECORD_ACTIVITY_SUBJECTS);

/**
 * The record registry is all the notifications service knows of catalog's and identity's subjects: each entry must
 * name a real subject, be translatable in every language from its declared verbs, link where the web app's
 * SPEC.md §7 link table sends its reference type, and put its module in the activity log's filter.
 */
describe('record activity registry', () => {
  it('covers identity (sign-ins, failures, denials, users, roles) and catalog master data and imports', () => {
    expect(Object.keys(RECORD_ACTIVITY_SUBJECTS)).toEqual(
      expect.arrayContaining([
        'identity.session.signed-in',
        'identity.session.sign-in-failed',
        'identity.access.denied',
        'identity.user.invited',
        'identity.role.upserted',
        'catalog.location.upserted',
        'catalog.supplier.upserted',
        'catalog.sku.upserted',
        'catalog.plu.upserted',
        'catalog.sku-bom.upserted',
        'catalog.uom.upserted',
        'catalog.import.finished',
        'catalog.import.failed',
      ]),
    );
  });

  it.each(ENTRIES)('%s is a published subject, translated and linked as SPEC.md §7 says', (subject, meta) => {
    expect(Object.hasOwn(EVENT_SCHEMAS, subject)).toBe(true);
    for (const language of LANGUAGES) {
      for (const verb of [meta.verb, meta.createdVerb, meta.archivedVerb].filter(Boolean))
        expect(hasTranslation(language, `messages.records.verbs.${verb}`)).toBe(true);
      expect(hasTranslation(language, `messages.records.messages.${meta.message ?? 'record'}`)).toBe(true);
      expect(hasTranslation(language, `messages.records.types.${meta.referenceType}`)).toBe(true);
    }
    if (meta.link)
      expect(NOTIFICATION_TARGETS[meta.referenceType]).toEqual({ path: meta.link.path, param: meta.link.param });
    expect(activityLogModules()).toContain(meta.module);
  });
});
