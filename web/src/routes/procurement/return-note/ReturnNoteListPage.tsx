import { RETURN_NOTE_MACHINE } from '@scm/contracts';
import type { ReturnNoteListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { returnNotesApi } from '../../../api/return-notes';
import { useSession } from '../../../api/session';
import type { Column } from '../../../components/data-table';
import { DocumentListPage, statusTabsOf } from '../../../components/document';
import { formatMoney } from '../../../lib/format';
import { RETURN_NOTE_PATH } from './paths';

const idOf = (row: ReturnNoteListRow) => row.id;
const STATUSES = statusTabsOf(RETURN_NOTE_MACHINE);

/** /procurement/return-note (SPEC.md §2, key GR): the return notes of the user's locations, by status. */
export default function ReturnNoteListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;

  const columns = useMemo<Column<ReturnNoteListRow>[]>(() => {
    const total = (row: ReturnNoteListRow) => formatMoney(row.total_amount, row.currency);
    return [
      { id: 'doc_no', header: t('return-note:fields.doc_no'), sortable: true, hideable: false },
      { id: 'receiving_order_no', header: t('return-note:fields.receiving_order'), sortable: true },
      { id: 'supplier_name', header: t('return-note:fields.supplier'), sortable: true },
      { id: 'location_name', header: t('return-note:fields.location'), sortable: true },
      ...(seesCost
        ? ([
            {
              id: 'total_amount',
              header: t('return-note:fields.total_amount'),
              sortable: true,
              align: 'right',
              cell: total,
              exportValue: (row) => row.total_amount ?? '',
            },
            { id: 'total_usd', header: t('return-note:fields.total_usd'), kind: 'currency', sortable: true },
          ] satisfies Column<ReturnNoteListRow>[])
        : []),
      { id: 'status', header: t('return-note:fields.status'), kind: 'status', sortable: true },
      { id: 'remark', header: t('return-note:fields.remark') },
      { id: 'created_by_name', header: t('return-note:fields.created_by'), sortable: true },
      { id: 'created_time', header: t('return-note:fields.created_time'), kind: 'datetime', sortable: true },
      {
        id: 'last_updated_time',
        header: t('return-note:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
    ];
  }, [t, seesCost]);

  return (
    <DocumentListPage
      testId="return-note-list"
      title={t('routes:returnNote')}
      description={t('return-note:description')}
      api={returnNotesApi}
      statuses={STATUSES}
      permissionKey="GR"
      columns={columns}
      rowKey={idOf}
      path={RETURN_NOTE_PATH}
      rowLink={(row) => `${RETURN_NOTE_PATH}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'created_time', label: t('return-note:fields.created_time') }}
      filters={[]}
      extraFields={['id', 'location_id', 'supplier_id', 'currency']}
      searchPlaceholder={t('return-note:searchPlaceholder')}
      exportFileName={t('return-note:exportFileName')}
      newLabel={t('return-note:create')}
      emptyMessage={t('return-note:empty')}
    />
  );
}
