import { WIP_MACHINE } from '@scm/contracts';
import type { WipListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../api/session';
import { wipsApi } from '../../../api/wips';
import type { Column } from '../../../components/data-table';
import { DocumentListPage, statusTabsOf } from '../../../components/document';
import { WIP_PATH } from './paths';

const idOf = (row: WipListRow) => row.id;
const STATUSES = statusTabsOf(WIP_MACHINE);

/** /inventory/wip (SPEC.md §2, key WIP): the WIP production of the user's locations, by status. */
export default function WipListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;

  const columns = useMemo<Column<WipListRow>[]>(
    () => [
      { id: 'doc_no', header: t('wip:fields.wip_no'), sortable: true, hideable: false },
      { id: 'location_name', header: t('wip:fields.location'), sortable: true },
      { id: 'wip_date', header: t('wip:fields.wip_date'), kind: 'date', sortable: true },
      { id: 'outputs', header: t('wip:fields.outputs') },
      ...(seesCost
        ? ([
            { id: 'output_value', header: t('wip:fields.output_value'), kind: 'currency', sortable: true },
          ] satisfies Column<WipListRow>[])
        : []),
      { id: 'status', header: t('wip:fields.status'), kind: 'status', sortable: true },
      { id: 'created_by_name', header: t('wip:fields.created_by'), sortable: true },
      { id: 'last_updated_time', header: t('wip:fields.last_updated_time'), kind: 'datetime', sortable: true },
    ],
    [t, seesCost],
  );

  return (
    <DocumentListPage
      testId="wip-list"
      title={t('routes:wip')}
      description={t('wip:description')}
      api={wipsApi}
      statuses={STATUSES}
      permissionKey="WIP"
      columns={columns}
      rowKey={idOf}
      path={WIP_PATH}
      rowLink={(row) => `${WIP_PATH}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'wip_date', label: t('wip:fields.wip_date') }}
      extraFields={['id', 'location_id']}
      searchPlaceholder={t('wip:searchPlaceholder')}
      exportFileName={t('wip:exportFileName')}
      newLabel={t('wip:create')}
      emptyMessage={t('wip:empty')}
    />
  );
}
