import type { FifoValuationRow, ListQueryInput, StockBatchView, StockItemType } from '@scm/contracts';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { fifoSource, FIFO_TOTAL_CAP, useFifoLayers, useFifoTotal } from '../../../api/inventory';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { Button } from '../../../components/ui/Button';
import { parseDay } from '../../../components/ui/calendar-days';
import { DateField } from '../../../components/ui/DateField';
import { Icon, Spinner } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatMoney, formatNumber, isoDate } from '../../../lib/format';
import { DocumentLink, isStockItemType, itemViewPath, useStockFilterOptions } from '../overview/stock-parts';
import { StaticTable } from '../overview/StaticTable';

const DEFAULT_SORT: SortState = { column: 'item_name', direction: 'ASC' };
const rowKey = (row: FifoValuationRow) => `${row.item_type}:${row.item_id}:${row.location_id}`;
const batchKey = (row: StockBatchView) => row.batch_id;

interface LayerTarget {
  itemType: StockItemType;
  itemId: string;
  locationId: string;
}

/**
 * /fifo (SPEC.md §2, §6: the director only): the FIFO valuation of every (item, location) as of a day — the layers as
 * they stood at the end of that day, their remaining quantity and value — and, for one row, those layers.
 */
export default function FifoPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = isoDate(new Date());
  const requested = params.get('as_of') ?? '';
  const asOf = parseDay(requested) ? requested : today;
  const [asOfText, setAsOfText] = useState(asOf);
  const [shownAsOf, setShownAsOf] = useState(asOf);
  if (asOf !== shownAsOf) {
    setShownAsOf(asOf);
    setAsOfText(asOf);
  }
  const rawType = params.get('item_type');
  const target: LayerTarget | null =
    isStockItemType(rawType) && params.get('item_id') && params.get('location_id')
      ? { itemType: rawType, itemId: params.get('item_id')!, locationId: params.get('location_id')! }
      : null;

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) copy.delete(key);
          else copy.set(key, value);
        }
        return copy;
      },
      { replace: true },
    );
  const layersPath = (row: FifoValuationRow) =>
    `/fifo?${new URLSearchParams({ as_of: asOf, item_type: row.item_type, item_id: row.item_id, location_id: row.location_id }).toString()}`;

  const { locationOptions, itemTypeOptions } = useStockFilterOptions();
  const source = useMemo(() => fifoSource(asOf), [asOf]);
  const [query, setQuery] = useState<ListQueryInput | null>(null);

  const columns = useMemo<Column<FifoValuationRow>[]>(
    () => [
      { id: 'item_id', header: t('inventory:fields.item_id'), sortable: true, hideable: false },
      { id: 'item_name', header: t('inventory:fields.item_name'), sortable: true },
      {
        id: 'item_type',
        header: t('inventory:fields.item_type'),
        sortable: true,
        defaultHidden: true,
        cell: (row) => t(`inventory:itemTypes.${row.item_type}`),
        exportValue: (row) => t(`inventory:itemTypes.${row.item_type}`),
      },
      {
        id: 'location_name',
        header: t('inventory:fields.location'),
        sortable: true,
        cell: (row) => (
          <span>
            <span className="font-medium">{row.location_id}</span>{' '}
            <span className="text-slate-500">{row.location_name}</span>
          </span>
        ),
        exportValue: (row) => `${row.location_id} ${row.location_name}`,
      },
      { id: 'uom_name', header: t('inventory:fields.uom') },
      { id: 'quantity', header: t('inventory:fields.quantity'), kind: 'quantity', sortable: true },
      { id: 'valuation', header: t('inventory:fields.valuation'), kind: 'currency', sortable: true },
      { id: 'layer_count', header: t('inventory:fields.layer_count'), kind: 'number', decimals: 0, sortable: true },
    ],
    [t],
  );

  const filters = useMemo<FilterDef[]>(() => {
    const list: FilterDef[] = [];
    if (locationOptions.length > 0)
      list.push({
        kind: 'select',
        id: 'location_ids',
        label: t('inventory:fields.location'),
        options: locationOptions,
      });
    list.push({ kind: 'select', id: 'item_type', label: t('inventory:fields.item_type'), options: itemTypeOptions });
    return list;
  }, [t, locationOptions, itemTypeOptions]);

  return (
    <div data-testid="fifo-page">
      <PageHeader title={t('routes:fifo')} description={t('inventory:fifo.description')} />
      <div className="mb-4 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <DateField
          label={t('inventory:fifo.asOf')}
          className="w-48"
          value={asOfText}
          max={today}
          data-testid="fifo-as-of"
          onChange={(event) => {
            const next = event.target.value;
            setAsOfText(next);
            if (parseDay(next)) update({ as_of: next === today ? null : next });
          }}
        />
        {asOf !== today && (
          <Button variant="ghost" onClick={() => update({ as_of: null })}>
            {t('inventory:fifo.today')}
          </Button>
        )}
        <p className="pb-2 text-sm text-slate-500">{t('inventory:fifo.asOfHelp', { date: asOf })}</p>
      </div>
      <DataTable
        source={source}
        columns={columns}
        rowKey={rowKey}
        permissionKey="INVENTORY_OVERVIEW"
        filters={filters}
        rowLink={layersPath}
        extraFields={['item_type', 'location_id']}
        searchPlaceholder={t('inventory:fifo.searchPlaceholder')}
        exportFileName={t('inventory:fifo.exportFileName', { date: asOf })}
        emptyMessage={t('inventory:fifo.empty')}
        onQueryChange={setQuery}
        defaultSort={DEFAULT_SORT}
      />
      <FifoTotal asOf={asOf} query={query} />
      <LayersDialog
        target={target}
        asOf={asOf}
        onClose={() => update({ item_type: null, item_id: null, location_id: null })}
      />
    </div>
  );
}

/** The total valuation of what the table's filter and search select (every page, not only the one shown). */
function FifoTotal({ asOf, query }: { asOf: string; query: ListQueryInput | null }) {
  const { t } = useTranslation();
  const { data, isLoading } = useFifoTotal(asOf, query);
  return (
    <div
      className="mt-3 flex flex-wrap items-center justify-end gap-3 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200"
      data-testid="fifo-total"
    >
      <span className="text-sm text-slate-600">{t('inventory:fifo.total', { date: asOf })}</span>
      {isLoading && !data ? (
        <Spinner className="h-4 w-4 text-blue-600" />
      ) : data?.total === null ? (
        <span className="text-sm text-amber-700">
          {t('inventory:fifo.totalTooMany', { rows: formatNumber(data.rows, 0), cap: formatNumber(FIFO_TOTAL_CAP, 0) })}
        </span>
      ) : (
        <span className="text-base font-semibold text-slate-900 tabular-nums" data-testid="fifo-total-value">
          {formatMoney(data?.total)}
        </span>
      )}
    </div>
  );
}

/** One (item, location)'s layers as they stood at the end of `asOf`. */
function LayersDialog({ target, asOf, onClose }: { target: LayerTarget | null; asOf: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: layers, isLoading } = useFifoLayers(target, asOf);
  const first = layers?.[0];

  const columns = useMemo<Column<StockBatchView>[]>(
    () => [
      { id: 'value_date', header: t('inventory:fields.received_date'), kind: 'date' },
      {
        id: 'document_no',
        header: t('inventory:fields.document'),
        cell: (row) => <DocumentLink type={row.document_type} id={row.document_id} no={row.document_no} />,
      },
      { id: 'received_quantity', header: t('inventory:fields.received_quantity'), kind: 'quantity' },
      { id: 'remaining_quantity', header: t('inventory:fields.remaining_quantity'), kind: 'quantity' },
      { id: 'unit_cost', header: t('inventory:fields.unit_cost'), kind: 'unitCost' },
      { id: 'remaining_value', header: t('inventory:fields.remaining_value'), kind: 'currency' },
    ],
    [t],
  );

  return (
    <Dialog open={target !== null} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className="max-h-[85vh] w-full max-w-4xl overflow-y-auto rounded-lg bg-white shadow-xl"
          data-testid="fifo-layers"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <DialogTitle className="text-base font-semibold text-slate-900">
                {t('inventory:fifo.layersTitle', { item: target?.itemId ?? '', location: target?.locationId ?? '' })}
              </DialogTitle>
              <p className="mt-1 text-sm text-slate-500">
                {t('inventory:fifo.layersHelp', { date: asOf })}
                {first && ` · ${first.location_name}`}
              </p>
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('inventory:fifo.close')}
              className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
            >
              <Icon name="close" className="h-5 w-5" />
            </button>
          </div>
          {isLoading || !layers ? (
            <div className="flex justify-center p-10">
              <Spinner className="h-6 w-6 text-blue-600" />
            </div>
          ) : (
            <StaticTable
              rows={layers}
              columns={columns}
              rowKey={batchKey}
              empty={t('inventory:fifo.noLayers')}
              data-testid="fifo-layer-rows"
            />
          )}
          <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm">
            {target ? (
              <Link
                to={itemViewPath(target.itemType, target.itemId)}
                className="font-medium text-blue-700 hover:underline"
              >
                {t('inventory:fifo.openItem')}
              </Link>
            ) : (
              <span />
            )}
            <Button variant="secondary" onClick={onClose}>
              {t('inventory:fifo.close')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
