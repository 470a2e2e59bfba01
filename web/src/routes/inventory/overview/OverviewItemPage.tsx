import { FACTOR_SCALE } from '@scm/contracts';
import type { StockBalanceRow, StockBatchView, StockItemDetail, StockMovementView } from '@scm/contracts';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { movementsSource, useStockItem } from '../../../api/inventory';
import { useSession } from '../../../api/session';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { Badge } from '../../../components/ui/Badge';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageLoading } from '../../../components/ui/PageLoading';
import { formatQuantity } from '../../../lib/format';
import { DocumentLink, isStockItemType, LevelBadge, OVERVIEW_PATH } from './stock-parts';
import { StaticTable } from './StaticTable';

const balanceKey = (row: StockBalanceRow) => row.location_id;
const batchKey = (row: StockBatchView) => row.batch_id;
const movementKey = (row: StockMovementView) => row.movement_id;
const MOVEMENT_FIELDS = ['document_type', 'document_id', 'location_id', 'movement_id'];
/** Newest first (the server's order). */
const MOVEMENT_SORT: SortState = { column: 'posted_at', direction: 'DESC' };

/** A labelled value of the item's header card. */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-800" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-800">{title}</h2>
        {description && <p className="mt-0.5 text-xs text-slate-500">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/**
 * /inventory/overview/view?item_type=&item_id= (key INVENTORY_OVERVIEW): one SKU or product everywhere the user may
 * see it — its balances per location, its open FIFO layers, and its movements with the running balance (and running
 * value for roles that see costs) of their location, each linked to its document.
 */
export default function OverviewItemPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rawType = params.get('item_type');
  const itemType = isStockItemType(rawType) ? rawType : undefined;
  const itemId = params.get('item_id') ?? undefined;
  const { data: item, error, isLoading } = useStockItem(itemType, itemId);

  const back = (
    <Link
      to={OVERVIEW_PATH}
      className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
    >
      <Icon name="arrowLeft" />
      {t('inventory:item.back')}
    </Link>
  );

  if (!itemType || !itemId || error) {
    return (
      <div>
        <PageHeader title={t('routes:inventoryOverviewView')} actions={back} />
        <p
          className="rounded-lg bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200"
          data-testid="item-not-found"
        >
          {t('inventory:item.notFound')}
        </p>
      </div>
    );
  }
  if (isLoading || !item) return <PageLoading />;
  return <ItemView item={item} back={back} />;
}

function ItemView({ item, back }: { item: StockItemDetail; back: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const showCost = user?.role.can_see_cost ?? false;
  const primary = item.uom_name;

  const balanceColumns = useMemo<Column<StockBalanceRow>[]>(() => {
    const list: Column<StockBalanceRow>[] = [
      {
        id: 'location_name',
        header: t('inventory:fields.location'),
        cell: (row) => (
          <span>
            <span className="font-medium">{row.location_id}</span>{' '}
            <span className="text-slate-500">{row.location_name}</span>
          </span>
        ),
      },
      { id: 'on_hand', header: t('inventory:fields.on_hand'), kind: 'quantity' },
      { id: 'reserved', header: t('inventory:fields.reserved'), kind: 'quantity' },
      { id: 'in_transit', header: t('inventory:fields.in_transit'), kind: 'quantity' },
      { id: 'available', header: t('inventory:fields.available'), kind: 'quantity' },
      { id: 'back_order_quantity', header: t('inventory:fields.back_order_quantity'), kind: 'quantity' },
    ];
    if (showCost)
      list.push(
        { id: 'average_cost', header: t('inventory:fields.average_cost'), kind: 'unitCost' },
        { id: 'stock_value', header: t('inventory:fields.stock_value'), kind: 'currency' },
      );
    list.push({
      id: 'below_threshold',
      header: t('inventory:fields.level'),
      cell: (row) => <LevelBadge below={row.below_threshold} />,
    });
    return list;
  }, [t, showCost]);

  const batchColumns = useMemo<Column<StockBatchView>[]>(() => {
    const list: Column<StockBatchView>[] = [
      { id: 'value_date', header: t('inventory:fields.received_date'), kind: 'date' },
      { id: 'location_id', header: t('inventory:fields.location') },
      {
        id: 'document_no',
        header: t('inventory:fields.document'),
        cell: (row) => <DocumentLink type={row.document_type} id={row.document_id} no={row.document_no} />,
      },
      { id: 'received_quantity', header: t('inventory:fields.received_quantity'), kind: 'quantity' },
      { id: 'remaining_quantity', header: t('inventory:fields.remaining_quantity'), kind: 'quantity' },
    ];
    if (showCost)
      list.push(
        { id: 'unit_cost', header: t('inventory:fields.unit_cost'), kind: 'unitCost' },
        { id: 'remaining_value', header: t('inventory:fields.remaining_value'), kind: 'currency' },
      );
    list.push({ id: 'received_at', header: t('inventory:fields.received_at'), kind: 'datetime' });
    return list;
  }, [t, showCost]);

  // The running figures right after the movement, so they stay in view on a laptop; when and who at the end.
  const movementColumns = useMemo<Column<StockMovementView>[]>(() => {
    const list: Column<StockMovementView>[] = [
      { id: 'value_date', header: t('inventory:fields.value_date'), kind: 'date', sortable: true, hideable: false },
      {
        id: 'document_no',
        header: t('inventory:fields.document'),
        cell: (row) => <DocumentLink type={row.document_type} id={row.document_id} no={row.document_no} />,
        exportValue: (row) => `${row.document_type} ${row.document_no}`,
      },
      {
        id: 'location_name',
        header: t('inventory:fields.location'),
        cell: (row) => (
          <span className="font-medium" title={row.location_name}>
            {row.location_id}
          </span>
        ),
        exportValue: (row) => `${row.location_id} ${row.location_name}`,
      },
      {
        id: 'quantity',
        header: t('inventory:fields.movement_quantity'),
        kind: 'quantity',
        cell: (row) => (
          <span className={row.quantity.startsWith('-') ? 'text-red-700' : 'text-emerald-700'}>
            {row.quantity.startsWith('-') ? '' : '+'}
            {formatQuantity(row.quantity)}
          </span>
        ),
      },
      {
        id: 'running_balance',
        header: t('inventory:fields.running_balance'),
        kind: 'quantity',
        cell: (row) => <span className="font-medium text-slate-900">{formatQuantity(row.running_balance)}</span>,
      },
    ];
    if (showCost)
      list.push(
        { id: 'unit_cost', header: t('inventory:fields.unit_cost'), kind: 'unitCost' },
        { id: 'cost_value', header: t('inventory:fields.cost_value'), kind: 'currency' },
        { id: 'running_value', header: t('inventory:fields.running_value'), kind: 'currency' },
      );
    list.push(
      { id: 'posted_at', header: t('inventory:fields.posted_at'), kind: 'datetime', sortable: true },
      { id: 'actor_name', header: t('inventory:fields.actor_name'), defaultHidden: true },
    );
    return list;
  }, [t, showCost]);

  const movementFilters = useMemo<FilterDef[]>(
    () => [
      { kind: 'dateRange', id: 'value_date', label: t('inventory:fields.value_date') },
      {
        kind: 'select',
        id: 'location_ids',
        label: t('inventory:fields.location'),
        options: item.balances.map((row) => ({
          value: row.location_id,
          label: `${row.location_id} · ${row.location_name}`,
        })),
      },
    ],
    [t, item.balances],
  );
  const source = useMemo(() => movementsSource(item.item_type, item.item_id), [item.item_type, item.item_id]);
  const heading = (
    <span data-testid="item-heading">
      {item.item_id} <span className="font-normal text-slate-600">{item.item_name}</span>
    </span>
  );

  return (
    <div className="space-y-4" data-testid="inventory-item">
      <PageHeader
        title={heading}
        badge={<Badge tone="blue">{t(`inventory:itemTypes.${item.item_type}`)}</Badge>}
        description={item.ch_display_name || undefined}
        actions={back}
      />

      <section className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Fact label={t('inventory:fields.category')} testId="item-category">
            {item.category_name || '—'}
          </Fact>
          <Fact label={t('inventory:fields.uom')} testId="item-uom">
            {primary}
          </Fact>
          <Fact label={t('inventory:fields.threshold')} testId="item-threshold">
            {formatQuantity(item.threshold)} {primary}
          </Fact>
          <Fact label={t('inventory:item.units')}>
            {item.uom_list.filter((uom) => uom.uom_name !== primary).length === 0
              ? '—'
              : item.uom_list
                  .filter((uom) => uom.uom_name !== primary)
                  .map((uom) => (
                    <span key={uom.uom_name} className="mr-3 inline-block">
                      {t('inventory:item.conversion', {
                        uom: uom.uom_name,
                        factor: formatQuantity(uom.factor, FACTOR_SCALE),
                        primary,
                      })}
                    </span>
                  ))}
          </Fact>
        </dl>
      </section>

      <Card title={t('inventory:item.balances')} description={t('inventory:item.inPrimaryUnit', { uom: primary })}>
        <StaticTable
          rows={item.balances}
          columns={balanceColumns}
          rowKey={balanceKey}
          empty={t('inventory:item.noBalances')}
          data-testid="item-balances"
        />
      </Card>

      <Card title={t('inventory:item.layers')} description={t('inventory:item.layersHelp')}>
        <StaticTable
          rows={item.batches}
          columns={batchColumns}
          rowKey={batchKey}
          empty={t('inventory:item.noLayers')}
          data-testid="item-layers"
        />
      </Card>

      <div>
        <h2 className="mb-1 text-sm font-semibold text-slate-800">{t('inventory:item.movements')}</h2>
        <p className="mb-2 text-xs text-slate-500">{t('inventory:item.movementsHelp')}</p>
        <div data-testid="item-movements">
          <DataTable
            source={source}
            columns={movementColumns}
            rowKey={movementKey}
            permissionKey="INVENTORY_OVERVIEW"
            filters={movementFilters}
            defaultSort={MOVEMENT_SORT}
            stateKey={`${OVERVIEW_PATH}/view#movements`}
            extraFields={MOVEMENT_FIELDS}
            searchPlaceholder={t('inventory:item.searchMovements')}
            exportFileName={t('inventory:item.exportMovements', { item: item.item_id })}
            emptyMessage={t('inventory:item.noMovements')}
          />
        </div>
      </div>
    </div>
  );
}
