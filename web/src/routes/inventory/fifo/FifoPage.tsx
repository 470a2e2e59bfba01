import type { FifoValuationRow, ListQueryInput, StockBatchView, StockItemType } from '@scm/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { fifoSource, useFifoLayers, useFifoTotal } from '../../../api/inventory';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { Button } from '../../../components/ui/Button';
import { parseDay } from '../../../components/ui/calendar-days';
import { DateField } from '../../../components/ui/DateField';
import { Icon, Spinner } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatMoney, isoDate } from '../../../lib/format';
import { DocumentLink, isStockItemType, itemViewPath, useStockFilterOptions } from '../overview/stock-parts';
import { StaticTable } from '../overview/StaticTable';

const DEFAULT_SORT: SortState = { column: 'item_name', direction: 'ASC' };
/** Constant: the table's query (and so the total's) must not change on every render. */
const EXTRA_FIELDS = ['item_type', 'location_id'];
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
  // The row's item id opens its layers below the table (in the address: Back closes them, a link shares them).
  const openLayers = useCallback(
    (row: FifoValuationRow) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.set('item_type', row.item_type);
          copy.set('item_id', row.item_id);
          copy.set('location_id', row.location_id);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );

  const { locationOptions, itemTypeOptions } = useStockFilterOptions();
  const source = useMemo(() => fifoSource(asOf), [asOf]);
  const [query, setQuery] = useState<ListQueryInput | null>(null);

  const columns = useMemo<Column<FifoValuationRow>[]>(
    () => [
      {
        id: 'item_id',
        header: t('inventory:fields.item_id'),
        sortable: true,
        hideable: false,
        cell: (row) => (
          <button
            type="button"
            onClick={() => openLayers(row)}
            className="font-medium text-blue-700 hover:underline focus:outline-none focus-visible:underline"
            data-testid="fifo-open-layers"
          >
            {row.item_id}
          </button>
        ),
      },
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
    [t, openLayers],
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
        extraFields={EXTRA_FIELDS}
        searchPlaceholder={t('inventory:fifo.searchPlaceholder')}
        exportFileName={t('inventory:fifo.exportFileName', { date: asOf })}
        emptyMessage={t('inventory:fifo.empty')}
        onQueryChange={setQuery}
        defaultSort={DEFAULT_SORT}
      />
      <FifoTotal asOf={asOf} query={query} />
      {target && (
        <LayersPanel
          target={target}
          asOf={asOf}
          onClose={() => update({ item_type: null, item_id: null, location_id: null })}
        />
      )}
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
      ) : (
        <span className="text-base font-semibold text-slate-900 tabular-nums" data-testid="fifo-total-value">
          {formatMoney(data?.valuation)}
        </span>
      )}
    </div>
  );
}

/**
 * One (item, location)'s layers as they stood at the end of `asOf`, under the table (the row's link opens it, so the
 * browser's back button closes it and the address can be shared).
 */
function LayersPanel({ target, asOf, onClose }: { target: LayerTarget; asOf: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: layers, isLoading } = useFifoLayers(target, asOf);
  const first = layers?.[0];
  const panel = useRef<HTMLElement | null>(null);
  const shown = `${target.itemType}:${target.itemId}:${target.locationId}`;
  useEffect(() => panel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }), [shown]);

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
      { id: 'received_at', header: t('inventory:fields.received_at'), kind: 'datetime' },
    ],
    [t],
  );

  return (
    <section
      ref={panel}
      aria-labelledby="fifo-layers-title"
      className="mt-4 rounded-lg bg-white shadow-sm ring-1 ring-blue-200"
      data-testid="fifo-layers"
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0">
          <h2 id="fifo-layers-title" className="text-sm font-semibold text-slate-900">
            {t('inventory:fifo.layersTitle', {
              item: target.itemId,
              location: first ? `${target.locationId} ${first.location_name}` : target.locationId,
            })}
          </h2>
          <p className="mt-0.5 text-xs text-slate-500">{t('inventory:fifo.layersHelp', { date: asOf })}</p>
        </div>
        <div className="flex shrink-0 items-center gap-3 text-sm">
          <Link to={itemViewPath(target.itemType, target.itemId)} className="font-medium text-blue-700 hover:underline">
            {t('inventory:fifo.openItem')}
          </Link>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('inventory:fifo.close')}
            className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <Icon name="close" className="h-5 w-5" />
          </button>
        </div>
      </div>
      {isLoading || !layers ? (
        <div className="flex justify-center p-8">
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
    </section>
  );
}
