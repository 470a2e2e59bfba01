import { BACK_ORDER_STATUSES } from '@scm/contracts';
import type { BackOrderRow } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { backOrdersApi } from '../../../api/back-orders';
import { useSession } from '../../../api/session';
import type { Column } from '../../../components/data-table';
import { exportToExcel } from '../../../components/data-table/export-excel';
import { DocumentListPage } from '../../../components/document';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/icons';
import { useCan } from '../../../lib/permissions';
import { showError, showSuccess } from '../../../state/feedback';
import { PURCHASE_ORDER_PATH } from '../../procurement/paths';
import { seedFromBackOrders } from '../../procurement/purchase-order/from-back-orders';
import { STOCK_ADJUSTMENT_PATH, STOCK_TAKE_PATH } from '../paths';

const idOf = (row: BackOrderRow) => row.back_order_id;

/** Where a back order's reference document is viewed, for the types with a page. */
const DOCUMENT_PATHS: Record<string, string> = { SA: STOCK_ADJUSTMENT_PATH, ST: STOCK_TAKE_PATH };

/**
 * /inventory/back-order (SPEC.md §2, key SO): the shortfalls of postings that allowed negative stock, with their
 * initial and current negative quantity, reference document and settled cost; OPEN until receipts settle them.
 * Rows are selected per location ("Please select items of the same location"); the selection exports, or becomes
 * a purchase order draft at that location (its SKUs, with the quantity still short) for a buyer to finish.
 */
export default function BackOrderListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const can = useCan();
  const navigate = useNavigate();
  const seesCost = user?.role.can_see_cost ?? false;
  const [selected, setSelected] = useState<Map<string, BackOrderRow>>(new Map());
  const [refusal, setRefusal] = useState<string | null>(null);

  const toggle = (row: BackOrderRow, on: boolean) => {
    const next = new Map(selected);
    if (!on) next.delete(idOf(row));
    else {
      const first = selected.values().next().value;
      if (first && first.location_id !== row.location_id) {
        setRefusal(t('back-order:messages.sameLocation'));
        return;
      }
      next.set(idOf(row), row);
    }
    setRefusal(null);
    setSelected(next);
  };

  const columns = useMemo<Column<BackOrderRow>[]>(() => {
    const reference = (row: BackOrderRow) => `${row.document_type} ${row.document_no}`;
    const all: Column<BackOrderRow>[] = [
      { id: 'bo_no', header: t('back-order:fields.bo_no'), sortable: true, hideable: false },
      {
        id: 'item_name',
        header: t('back-order:fields.item'),
        sortable: true,
        cell: (row) => `${row.item_name} (${row.item_id})`,
      },
      { id: 'location_name', header: t('back-order:fields.location'), sortable: true },
      { id: 'uom_name', header: t('back-order:fields.unit') },
      { id: 'initial_quantity', header: t('back-order:fields.initial_quantity'), kind: 'quantity', sortable: true },
      { id: 'current_quantity', header: t('back-order:fields.current_quantity'), kind: 'quantity', sortable: true },
      {
        id: 'document_no',
        header: t('back-order:fields.reference'),
        sortable: true,
        exportValue: reference,
        cell: (row) =>
          DOCUMENT_PATHS[row.document_type] ? (
            <Link
              to={`${DOCUMENT_PATHS[row.document_type]}/view?id=${encodeURIComponent(row.document_id)}`}
              className="text-blue-700 hover:underline"
            >
              {reference(row)}
            </Link>
          ) : (
            reference(row)
          ),
      },
      ...(seesCost
        ? ([
            { id: 'settled_value', header: t('back-order:fields.settled_value'), kind: 'currency' },
            { id: 'unit_cost', header: t('back-order:fields.unit_cost'), kind: 'unitCost', defaultHidden: true },
          ] satisfies Column<BackOrderRow>[])
        : []),
      { id: 'status', header: t('back-order:fields.status'), kind: 'status', sortable: true },
      { id: 'created_time', header: t('back-order:fields.created_time'), kind: 'datetime', sortable: true },
      {
        id: 'settled_time',
        header: t('back-order:fields.settled_time'),
        kind: 'datetime',
        sortable: true,
        defaultHidden: true,
      },
    ];
    return all;
  }, [t, seesCost]);

  const withSelection = useMemo<Column<BackOrderRow>[]>(
    () => [
      {
        id: 'select',
        header: t('back-order:select.header'),
        field: null,
        hideable: false,
        exportValue: () => null,
        cell: (row) => (
          <input
            type="checkbox"
            aria-label={t('back-order:select.row', { no: row.bo_no })}
            checked={selected.has(idOf(row))}
            disabled={row.status !== 'OPEN'}
            onChange={(event) => toggle(row, event.target.checked)}
            className="h-4 w-4 rounded border-slate-300 text-blue-700 focus:ring-blue-500"
            data-testid={`bo-select-${row.bo_no}`}
          />
        ),
      },
      ...columns,
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- toggle reads the selection it is rebuilt with
    [columns, selected, t],
  );

  const exportSelected = async () => {
    const rows = [...selected.values()];
    try {
      const result = await exportToExcel({
        source: {
          key: () => ['back-orders', 'selected'],
          fetch: () => Promise.resolve({ data: rows, recordsTotal: rows.length }),
        },
        query: {},
        columns,
        fileName: t('back-order:select.exportFileName'),
        cap: rows.length,
        t,
        signal: new AbortController().signal,
        onProgress: () => undefined,
      });
      showSuccess(t('kit:table.exportDone', { count: result.count }));
    } catch {
      showError(t('web:errors.generic'));
    }
  };

  const orderSelected = () => {
    const seed = seedFromBackOrders([...selected.values()]);
    if (!seed) {
      setRefusal(t('back-order:messages.onlySkus'));
      return;
    }
    void navigate(`${PURCHASE_ORDER_PATH}/new`, { state: { purchaseOrderSeed: seed } });
  };

  return (
    <DocumentListPage
      testId="back-order-list"
      title={t('routes:backOrder')}
      description={t('back-order:description')}
      api={backOrdersApi}
      statuses={BACK_ORDER_STATUSES}
      permissionKey="SO"
      columns={withSelection}
      rowKey={idOf}
      path="/inventory/back-order"
      dateFilter={{ id: 'created_time', label: t('back-order:fields.created_time') }}
      extraFields={['back_order_id', 'item_id', 'item_type', 'location_id', 'document_type', 'document_id']}
      searchPlaceholder={t('back-order:searchPlaceholder')}
      exportFileName={t('back-order:exportFileName')}
      emptyMessage={t('back-order:empty')}
      toolbar={
        <>
          <Button
            variant="secondary"
            disabled={selected.size === 0}
            onClick={() => void exportSelected()}
            data-testid="bo-export-selected"
          >
            <Icon name="download" />
            {t('back-order:select.export', { count: selected.size })}
          </Button>
          {can('PO', 'edit') && (
            <Button disabled={selected.size === 0} onClick={orderSelected} data-testid="bo-create-po">
              <Icon name="plus" />
              {t('back-order:select.createPurchaseOrder')}
            </Button>
          )}
        </>
      }
    >
      {(selected.size > 0 || refusal) && (
        <div
          className={`mb-3 flex flex-wrap items-center gap-3 rounded-md px-4 py-2 text-sm ring-1 ${refusal ? 'bg-red-50 text-red-700 ring-red-200' : 'bg-blue-50 text-blue-900 ring-blue-200'}`}
          role={refusal ? 'alert' : 'status'}
          data-testid="bo-selection"
        >
          <span className="flex-1">
            {refusal ??
              t('back-order:select.summary', {
                count: selected.size,
                location: selected.values().next().value?.location_name ?? '',
              })}
          </span>
          {selected.size > 0 && (
            <button
              type="button"
              className="font-medium text-blue-700 hover:underline"
              onClick={() => {
                setSelected(new Map());
                setRefusal(null);
              }}
            >
              {t('back-order:select.clear')}
            </button>
          )}
        </div>
      )}
    </DocumentListPage>
  );
}
