import { PETTY_CASH_MACHINE } from '@scm/contracts';
import type { PettyCashListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pettyCashApi } from '../../../api/petty-cash';
import { useSession } from '../../../api/session';
import type { Column } from '../../../components/data-table';
import { DocumentListPage, statusTabsOf } from '../../../components/document';
import { formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { PETTY_CASH_PATH, PETTY_CASH_REFUND_PATH } from './petty-cash-form';

const idOf = (row: PettyCashListRow) => row.id;
const STATUSES = statusTabsOf(PETTY_CASH_MACHINE);

/** The claim columns shared by the list and the refund list (amounts only for roles with can_see_cost). */
export function usePettyCashColumns(): Column<PettyCashListRow>[] {
  const { t } = useTranslation();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;
  return useMemo<Column<PettyCashListRow>[]>(
    () => [
      { id: 'doc_no', header: t('petty-cash:fields.doc_no'), sortable: true, hideable: false },
      { id: 'claim_date', header: t('petty-cash:fields.claim_date'), kind: 'date', sortable: true },
      { id: 'applicant_name', header: t('petty-cash:fields.applicant_name'), sortable: true },
      { id: 'location_name', header: t('petty-cash:fields.location'), sortable: true },
      ...(seesCost
        ? ([
            {
              id: 'total_amount',
              header: t('petty-cash:fields.total_amount'),
              sortable: true,
              align: 'right',
              cell: (row) => formatMoney(row.total_amount, row.currency),
              exportValue: (row) => row.total_amount ?? '',
            },
            { id: 'total_usd', header: t('petty-cash:fields.total_usd'), kind: 'currency', sortable: true },
          ] satisfies Column<PettyCashListRow>[])
        : []),
      { id: 'status', header: t('petty-cash:fields.status'), kind: 'status', sortable: true },
      { id: 'created_by_name', header: t('petty-cash:fields.created_by'), sortable: true },
      {
        id: 'last_updated_time',
        header: t('petty-cash:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
    ],
    [t, seesCost],
  );
}

/** /procurement/petty-cash (SPEC.md §2, key PC): the claims of the user's locations, by status, with Excel export. */
export default function PettyCashListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const columns = usePettyCashColumns();

  return (
    <DocumentListPage
      testId="petty-cash-list"
      title={t('routes:pettyCash')}
      description={t('petty-cash:description')}
      api={pettyCashApi}
      statuses={STATUSES}
      permissionKey="PC"
      columns={columns}
      rowKey={idOf}
      path={PETTY_CASH_PATH}
      rowLink={(row) => `${PETTY_CASH_PATH}/view?id=${encodeURIComponent(row.id)}`}
      dateFilter={{ id: 'claim_date', label: t('petty-cash:fields.claim_date') }}
      filters={[]}
      extraFields={['id', 'location_id', 'currency']}
      searchPlaceholder={t('petty-cash:searchPlaceholder')}
      exportFileName={t('petty-cash:exportFileName')}
      newLabel={t('petty-cash:create')}
      emptyMessage={t('petty-cash:empty')}
      toolbar={
        can('PC', 'view') && (
          <Link
            to={PETTY_CASH_REFUND_PATH}
            className="inline-flex items-center rounded-md px-3 py-1.5 text-sm font-medium text-blue-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-500 focus:outline-none"
            data-testid="pc-refund-list-link"
          >
            {t('petty-cash:refundList')}
          </Link>
        )
      }
    />
  );
}
