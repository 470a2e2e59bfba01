import { STOCK_LEVEL_FILTERS } from '@scm/contracts';
import type { StockBalanceRow, StockView } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { overviewSource } from '../../../api/inventory';
import { useSession } from '../../../api/session';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui/PageHeader';
import { itemViewPath, LevelBadge, useStockFilterOptions } from './stock-parts';
import { ViewSwitch } from './ViewSwitch';

/** The server's order (item name), shown on its column. */
const DEFAULT_SORT: SortState = { column: 'item_name', direction: 'ASC' };
const EXTRA_FIELDS = ['item_type', 'location_id', 'category_id', 'region_id'];
const rowKey = (row: StockBalanceRow) => `${row.item_type}:${row.item_id}:${row.location_id}`;

/**
 * /inventory/overview (SPEC.md §2, key INVENTORY_OVERVIEW): every (item, location) the user may see, in the item's
 * primary unit. QUANTITY shows what is on hand, reserved, in transit, available and back-ordered; VALUE (roles with
 * can_see_cost only: the server sends no cost field to the others) what is on hand at what average cost and value.
 */
export default function OverviewListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const showCost = user?.role.can_see_cost ?? false;
  const [params, setParams] = useSearchParams();
  const view: StockView = showCost && params.get('view') === 'VALUE' ? 'VALUE' : 'QUANTITY';
  const setView = (next: StockView) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'VALUE') copy.set('view', next);
        else copy.delete('view');
        return copy;
      },
      { replace: true },
    );
  const { locationOptions, regionOptions, categoryOptions, itemTypeOptions } = useStockFilterOptions();

  const columns = useMemo<Column<StockBalanceRow>[]>(() => {
    const quantity = (id: keyof StockBalanceRow, header: string): Column<StockBalanceRow> => ({
      id,
      header,
      kind: 'quantity',
      sortable: true,
    });
    // What the row is and where, then its figures (in view on a laptop), then what describes it further.
    const list: Column<StockBalanceRow>[] = [
      { id: 'item_id', header: t('inventory:fields.item_id'), sortable: true, hideable: false },
      { id: 'item_name', header: t('inventory:fields.item_name'), sortable: true },
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
      quantity('on_hand', t('inventory:fields.on_hand')),
    ];
    if (view === 'QUANTITY') {
      list.push(
        quantity('available', t('inventory:fields.available')),
        quantity('reserved', t('inventory:fields.reserved')),
        quantity('in_transit', t('inventory:fields.in_transit')),
        quantity('back_order_quantity', t('inventory:fields.back_order_quantity')),
      );
    } else {
      list.push(
        { id: 'stock_value', header: t('inventory:fields.stock_value'), kind: 'currency', sortable: true },
        { id: 'average_cost', header: t('inventory:fields.average_cost'), kind: 'unitCost', sortable: true },
      );
    }
    list.push(
      {
        id: 'below_threshold',
        header: t('inventory:fields.level'),
        cell: (row) => <LevelBadge below={row.below_threshold} />,
        exportValue: (row) => t(row.below_threshold ? 'inventory:flag.below' : 'inventory:flag.ok'),
      },
      { id: 'threshold', header: t('inventory:fields.threshold'), kind: 'quantity', defaultHidden: true },
      { id: 'category_name', header: t('inventory:fields.category'), sortable: true },
      { id: 'region_name', header: t('inventory:fields.region'), sortable: true, defaultHidden: true },
      {
        id: 'item_type',
        header: t('inventory:fields.item_type'),
        sortable: true,
        defaultHidden: true,
        cell: (row) => t(`inventory:itemTypes.${row.item_type}`),
        exportValue: (row) => t(`inventory:itemTypes.${row.item_type}`),
      },
      { id: 'ch_display_name', header: t('inventory:fields.ch_display_name'), defaultHidden: true },
      {
        id: 'last_movement_time',
        header: t('inventory:fields.last_movement_time'),
        kind: 'datetime',
        defaultHidden: true,
      },
    );
    return list;
  }, [t, view]);

  const filters = useMemo<FilterDef[]>(() => {
    const list: FilterDef[] = [];
    if (locationOptions.length > 0)
      list.push({
        kind: 'select',
        id: 'location_ids',
        label: t('inventory:fields.location'),
        options: locationOptions,
      });
    if (regionOptions.length > 0)
      list.push({ kind: 'select', id: 'region_id', label: t('inventory:fields.region'), options: regionOptions });
    if (categoryOptions.length > 0)
      list.push({ kind: 'select', id: 'category_id', label: t('inventory:fields.category'), options: categoryOptions });
    list.push(
      { kind: 'select', id: 'item_type', label: t('inventory:fields.item_type'), options: itemTypeOptions },
      {
        kind: 'select',
        id: 'level',
        label: t('inventory:fields.level'),
        options: STOCK_LEVEL_FILTERS.map((level) => ({ value: level, label: t(`inventory:levels.${level}`) })),
      },
    );
    return list;
  }, [t, locationOptions, regionOptions, categoryOptions, itemTypeOptions]);

  return (
    <div data-testid="inventory-overview">
      <PageHeader title={t('routes:inventoryOverview')} description={t('inventory:overview.description')} />
      <DataTable
        source={overviewSource}
        columns={columns}
        rowKey={rowKey}
        permissionKey="INVENTORY_OVERVIEW"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowLink={(row) => itemViewPath(row.item_type, row.item_id)}
        extraFields={EXTRA_FIELDS}
        searchPlaceholder={t('inventory:overview.searchPlaceholder')}
        exportFileName={t(view === 'VALUE' ? 'inventory:overview.exportValue' : 'inventory:overview.exportQuantity')}
        toolbar={showCost && <ViewSwitch value={view} onChange={setView} />}
        emptyMessage={t('inventory:overview.empty')}
      />
    </div>
  );
}
