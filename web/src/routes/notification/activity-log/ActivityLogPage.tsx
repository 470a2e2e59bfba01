import { activityLogModules } from '@scm/contracts';
import type { ActivityLogRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { activityLogList, useActivityLogUsers } from '../../../api/notification';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { notificationLink } from '../../notification-links';
import { moduleLabel } from '../module-label';

const DEFAULT_SORT: SortState = { column: 'created_time', direction: 'DESC' };

/** The record an entry is about: its reference (SPEC.md §7 "Notification links"), else the link it was logged with. */
const recordLink = (row: ActivityLogRow) =>
  notificationLink({
    reference_type: row.reference_type,
    reference_id: row.reference_id,
    message_links: row.link ? [{ link: row.link, name: row.reference_id }] : [],
  });

/**
 * /activity-log (SPEC.md §2, key NOTIFICATION): who did what and when, in the user's language, with a link to the
 * record; filtered by module (the registry's modules and SYSTEM), user and the date shortcuts of SPEC.md §9;
 * exported by the list kit.
 */
export default function ActivityLogPage() {
  const { t } = useTranslation();
  const { data: users } = useActivityLogUsers();

  const columns = useMemo<Column<ActivityLogRow>[]>(
    () => [
      {
        id: 'created_time',
        header: t('notifications:activityLog.fields.created_time'),
        kind: 'datetime',
        sortable: true,
        hideable: false,
      },
      { id: 'created_by', header: t('notifications:activityLog.fields.created_by'), sortable: true },
      {
        id: 'message',
        header: t('notifications:activityLog.fields.message'),
        sortable: true,
        className: 'min-w-72',
      },
      {
        id: 'module',
        header: t('notifications:activityLog.fields.module'),
        sortable: true,
        cell: (row) => moduleLabel(t, row.module),
        exportValue: (row) => moduleLabel(t, row.module),
      },
      {
        id: 'record',
        header: t('notifications:activityLog.fields.record'),
        field: null,
        cell: (row) => {
          const link = recordLink(row);
          return link ? (
            <Link
              to={link}
              className="inline-flex items-center gap-1 text-blue-700 hover:underline"
              data-testid="activity-record-link"
            >
              {t('notifications:activityLog.openRecord')}
              <Icon name="chevronRight" className="h-3.5 w-3.5" />
            </Link>
          ) : null;
        },
        exportValue: (row) => (row.link ? row.link : null),
      },
    ],
    [t],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'select',
        id: 'module',
        label: t('notifications:activityLog.filters.module'),
        options: activityLogModules().map((module) => ({ value: module, label: moduleLabel(t, module) })),
      },
      {
        kind: 'select',
        id: 'created_by_id',
        label: t('notifications:activityLog.filters.user'),
        options: (users ?? []).map((user) => ({ value: user.user_id, label: user.name })),
      },
      { kind: 'dateRange', id: 'created_time', label: t('notifications:activityLog.filters.created_time') },
    ],
    [t, users],
  );

  return (
    <div data-testid="activity-log">
      <PageHeader title={t('routes:activityLog')} description={t('notifications:activityLog.description')} />
      <DataTable
        source={activityLogList}
        columns={columns}
        rowKey={(row) => row.id}
        permissionKey="NOTIFICATION"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        extraFields={['id', 'reference_type', 'reference_id', 'link']}
        searchPlaceholder={t('notifications:activityLog.searchPlaceholder')}
        exportFileName={t('notifications:activityLog.exportFileName')}
        emptyMessage={t('notifications:activityLog.empty')}
      />
    </div>
  );
}
