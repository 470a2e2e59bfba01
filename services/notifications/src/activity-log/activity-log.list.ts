import { LANGUAGES } from '@scm/i18n';
import type { ListResource } from '@scm/platform';

/**
 * The activity log (ActivityLogRow) in one language: the message column is that language's text. Filters:
 * module, created_by_id (the user), created_time (date range, SPEC.md §9 shortcuts); scoped by the entry's
 * location, entries of no location (SYSTEM) seen by all.
 */
function activityLogList(language: string): ListResource {
  return {
    from: 'activity_log a',
    columns: {
      id: { sql: 'a.id' },
      created_time: { sql: 'a.created_time', sortable: true, filter: 'date_range' },
      created_by: { sql: 'a.created_by', sortable: true, searchable: true },
      created_by_id: { sql: 'a.created_by_id', filter: 'in' },
      message: { sql: `COALESCE(a.message ->> '${language}', a.message ->> 'en')`, sortable: true, searchable: true },
      module: { sql: 'a.module', sortable: true, filter: 'in' },
      reference_type: { sql: 'a.reference_type', filter: 'in' },
      reference_id: { sql: 'a.reference_id' },
      link: { sql: 'a.link' },
      location_id: { sql: 'a.location_id', sortable: true, filter: 'in' },
    },
    defaultOrder: { column: 'created_time', direction: 'DESC' },
    tieBreaker: 'a.id',
    locationColumn: 'a.location_id',
    unlocatedRowsShared: true,
  };
}

export const ACTIVITY_LOG_LISTS: Readonly<Record<string, ListResource>> = Object.fromEntries(
  LANGUAGES.map((language) => [language, activityLogList(language)]),
);
