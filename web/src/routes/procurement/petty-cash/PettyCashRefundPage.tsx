import type { PettyCashListRow } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pettyCashApi, refundPettyCash } from '../../../api/petty-cash';
import type { Column } from '../../../components/data-table';
import { DocumentListPage, documentListSource } from '../../../components/document';
import type { DocumentListApi } from '../../../components/document/DocumentListPage';
import { Button } from '../../../components/ui/Button';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { useCan } from '../../../lib/permissions';
import { uuid } from '../../../lib/uuid';
import { usePettyCashColumns } from './PettyCashListPage';
import { PETTY_CASH_PATH } from './petty-cash-form';

/** The refund list shows the claims signed for and those already refunded; "all" means both. */
const REFUND_STATUSES = ['SIGNED', 'REFUNDED'] as const;
const idOf = (row: PettyCashListRow) => row.id;

const refundListApi: DocumentListApi<PettyCashListRow> = {
  keys: pettyCashApi.keys,
  listSource: (status) =>
    documentListSource<PettyCashListRow>(
      pettyCashApi.keys.list,
      `${pettyCashApi.base}/list`,
      { arrayFields: ['currency'] },
      { status: status ? [status] : [...REFUND_STATUSES] },
    ),
  // The list's own statuses, and "all" as their sum (the claims of other statuses are not this list's).
  statusCounts: async (query) => {
    const counts = (await pettyCashApi.statusCounts(query)).filter(
      (count) => count.status !== null && (REFUND_STATUSES as readonly string[]).includes(count.status),
    );
    return [{ status: null, count: counts.reduce((sum, count) => sum + count.count, 0) }, ...counts];
  },
};

/**
 * /procurement/petty-cash/refund: the signed claims to refund to their outlets' floats. The approver ticks the claims
 * refunded and marks them REFUNDED at once (all or none: `POST petty-cash/refund`).
 */
export default function PettyCashRefundPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [confirm, confirmDialog] = useConfirm();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const baseColumns = usePettyCashColumns();
  const mayRefund = can('PC', 'approval');

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns = useMemo<Column<PettyCashListRow>[]>(
    () => [
      ...(mayRefund
        ? ([
            {
              id: 'select',
              field: null,
              header: '',
              hideable: false,
              className: 'w-10',
              exportValue: () => undefined,
              cell: (row) =>
                row.status === 'SIGNED' ? (
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300"
                    checked={selected.has(row.id)}
                    onChange={() => toggle(row.id)}
                    onClick={(event) => event.stopPropagation()}
                    aria-label={t('petty-cash:selectRow', { doc_no: row.doc_no })}
                    data-testid={`pc-refund-select-${row.doc_no}`}
                  />
                ) : null,
            },
          ] satisfies Column<PettyCashListRow>[])
        : []),
      ...baseColumns,
    ],
    [baseColumns, mayRefund, selected, t],
  );

  const refund = async () => {
    const ids = [...selected];
    const confirmed = await confirm({
      title: t('petty-cash:refundConfirmTitle', { count: ids.length }),
      message: t('petty-cash:refundConfirm'),
      confirmLabel: t('documents:actions.refund'),
    });
    if (!confirmed) return;
    await refundPettyCash(ids, uuid());
    setSelected(new Set());
  };

  return (
    <>
      <DocumentListPage
        testId="petty-cash-refund-list"
        title={t('petty-cash:refundTitle')}
        description={t('petty-cash:refundDescription')}
        api={refundListApi}
        statuses={REFUND_STATUSES}
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
        emptyMessage={t('petty-cash:empty')}
        toolbar={
          mayRefund && (
            <Button
              onClick={() => void refund()}
              disabled={selected.size === 0}
              title={selected.size === 0 ? t('petty-cash:refundNone') : undefined}
              data-testid="pc-refund-selected"
            >
              {t('petty-cash:refundSelected', { count: selected.size })}
            </Button>
          )
        }
      />
      {confirmDialog}
    </>
  );
}
