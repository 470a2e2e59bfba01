import { BOM_API_PATHS } from '@scm/contracts';
import type { BomKind, BomListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { bomsApi } from '../../../api/boms';
import { itemCategoriesApi } from '../../../api/item-categories';
import { useSession } from '../../../api/session';
import { DataTable } from '../../../components/data-table';
import { ImportButton } from '../../../components/import';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatQuantity, formatUnitCost, toNumber } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useMasterRowActions } from '../../location/use-master-row-actions';
import { BOM_PAGES } from './bom-kinds';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (bom: BomListRow) => bom.bom_id;
const nameOf = (bom: BomListRow) => `${bom.bom_id} ${bom.bom_name}`;
/** A BOM's cost figures are unit costs (4 decimals), in the base currency. */
const money = (value: string | null | undefined) => formatUnitCost(value);

/**
 * The SKU BOM or PLU BOM list (/PLUSKU/skubom/list, /PLUSKU/plubom/list): search, filters, sort, export, row
 * actions; the cost columns only for roles that see costs ("—" when a row's cost is unknown).
 */
export function BomListPage({ kind }: { kind: BomKind }) {
  const { t } = useTranslation();
  const can = useCan();
  const { user } = useSession();
  const showCost = user?.role.can_see_cost ?? false;
  const { path, routeId, permissionKey } = BOM_PAGES[kind];
  const calls = bomsApi(kind);
  const { data: categoryRows } = itemCategoriesApi(kind).useOptions('category_name');

  const columns = useMemo<Column<BomListRow>[]>(() => {
    const list: Column<BomListRow>[] = [
      { id: 'bom_id', header: t('bom:fields.bom_id'), sortable: true, hideable: false },
      { id: 'bom_name', header: t('bom:fields.bom_name'), sortable: true },
    ];
    if (kind === 'sku_bom') {
      list.push({
        id: 'output_sku_id',
        header: t('bom:fields.output_sku'),
        sortable: true,
        cell: (row) => (
          <span>
            <span className="font-medium">{row.output_sku_id}</span>{' '}
            <span className="text-slate-500">{row.output_sku_name}</span>
          </span>
        ),
        exportValue: (row) => `${row.output_sku_id ?? ''} ${row.output_sku_name ?? ''}`.trim(),
      });
    }
    list.push(
      {
        id: 'output_quantity',
        header: t('bom:fields.output'),
        sortable: true,
        align: 'right',
        cell: (row) => `${formatQuantity(row.output_quantity)} ${row.output_uom_name}`,
        exportValue: (row) => `${formatQuantity(row.output_quantity)} ${row.output_uom_name}`,
      },
      { id: 'category_name', header: t('bom:fields.category'), sortable: true },
      { id: 'owner_name', header: t('bom:fields.owner'), sortable: true, defaultHidden: true },
      {
        id: 'consume_count',
        header: t('bom:fields.consume_count'),
        kind: 'number',
        decimals: 0,
        align: 'right',
        defaultHidden: true,
      },
    );
    if (showCost) {
      list.push(
        {
          id: 'cost',
          field: null,
          kind: 'unitCost',
          header: t('bom:fields.cost'),
          align: 'right',
          cell: (row) => money(row.cost),
          exportValue: (row) => toNumber(row.cost) ?? null,
        },
        {
          id: 'cost_per_output_unit',
          field: null,
          kind: 'unitCost',
          header: t('bom:fields.cost_per_output_unit'),
          align: 'right',
          defaultHidden: true,
          cell: (row) => money(row.cost_per_output_unit),
          exportValue: (row) => toNumber(row.cost_per_output_unit) ?? null,
        },
      );
    }
    list.push(
      { id: 'hashtag_list', header: t('bom:fields.hashtag_list'), defaultHidden: true },
      { id: 'status', header: t('bom:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('bom:fields.in_use'), kind: 'boolean', defaultHidden: true },
      { id: 'last_updated_time', header: t('bom:fields.last_updated_time'), kind: 'datetime', sortable: true },
    );
    return list;
  }, [kind, showCost, t]);

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'status', id: 'status' },
      {
        kind: 'select',
        id: 'category_id',
        label: t('bom:fields.category'),
        options: (categoryRows ?? []).map((row) => ({ value: row.category_id, label: row.category_name })),
      },
      { kind: 'dateRange', id: 'last_updated_time', label: t('bom:fields.last_updated_time') },
    ],
    [categoryRows, t],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t('bom:confirm.archiveTitle'),
      archiveMessage: (name: string) => t('bom:confirm.archiveMessage', { name }),
      reactivateTitle: t('bom:confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('bom:confirm.reactivateMessage', { name }),
      deleteTitle: t('bom:confirm.deleteTitle'),
      deleteMessage: (name: string) => t('bom:confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({ path, idOf, nameOf, calls, texts });

  return (
    <div data-testid={`bom-list-${kind}`}>
      <PageHeader
        title={t(`routes:${routeId}`)}
        description={t(`bom:list.description.${kind}`)}
        actions={
          can(permissionKey, 'edit') && (
            <Link
              to={`${path}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="bom-create"
            >
              <Icon name="plus" />
              {t('bom:list.create')}
            </Link>
          )
        }
      />
      <DataTable
        source={calls.list}
        columns={columns}
        rowKey={idOf}
        permissionKey={permissionKey}
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(bom) => `${path}/view?id=${encodeURIComponent(bom.bom_id)}`}
        extraFields={['output_sku_name', 'output_uom_name', 'created_by', 'last_updated_by']}
        searchPlaceholder={t('bom:list.searchPlaceholder')}
        exportFileName={t(`routes:${routeId}`)}
        toolbar={
          <ImportButton
            entity={BOM_API_PATHS[kind]}
            permissionKey={permissionKey}
            name={t(`routes:${routeId}`)}
            refresh={calls.keys.all}
          />
        }
        emptyMessage={t('bom:list.empty')}
      />
      {confirmDialog}
    </div>
  );
}
