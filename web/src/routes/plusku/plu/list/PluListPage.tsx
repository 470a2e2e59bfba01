import type { PluListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { itemCategoriesApi } from '../../../../api/item-categories';
import { plusApi } from '../../../../api/plus';
import { useSession } from '../../../../api/session';
import { DataTable } from '../../../../components/data-table';
import { ImportButton } from '../../../../components/import';
import type { Column, FilterDef, SortState } from '../../../../components/data-table';
import { Icon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { formatMoney, formatPercent, formatUnitCost, toNumber } from '../../../../lib/format';
import { useCan } from '../../../../lib/permissions';
import { useMasterRowActions } from '../../../location/use-master-row-actions';
import { PLU_PATH } from '../paths';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (plu: PluListRow) => plu.plu_id;
const nameOf = (plu: PluListRow) => `${plu.plu_id} ${plu.plu_name}`;
/** The Excel value of a figure the server answered: a number, or an empty cell. */
const figure = (value: string | null | undefined) => toNumber(value) ?? null;

/** /PLUSKU/plu/list (SPEC.md §2, key PLU): the items sold, with their BOM; cost and margin for roles that see costs. */
export default function PluListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { user } = useSession();
  const showCost = user?.role.can_see_cost ?? false;
  const { data: categoryRows } = itemCategoriesApi('plu').useOptions('category_name');

  const columns = useMemo<Column<PluListRow>[]>(() => {
    const list: Column<PluListRow>[] = [
      { id: 'plu_id', header: t('plu:fields.plu_id'), sortable: true, hideable: false },
      { id: 'plu_name', header: t('plu:fields.plu_name'), sortable: true },
      { id: 'ch_display_name', header: t('plu:fields.ch_display_name'), sortable: true, defaultHidden: true },
      { id: 'category_name', header: t('plu:fields.category'), sortable: true },
      {
        id: 'bom_name',
        header: t('plu:fields.bom'),
        sortable: true,
        cell: (row) =>
          row.bom_type === 'custom' ? (
            <span className="text-slate-600">{t('plu:bomTypes.custom')}</span>
          ) : (
            <span>
              <span className="font-medium">{row.bom_id}</span> <span className="text-slate-500">{row.bom_name}</span>
            </span>
          ),
        exportValue: (row) =>
          row.bom_type === 'custom' ? t('plu:bomTypes.custom') : `${row.bom_id ?? ''} ${row.bom_name}`,
      },
      {
        id: 'suggested_price',
        header: t('plu:fields.suggested_price'),
        kind: 'currency',
        sortable: true,
        align: 'right',
      },
    ];
    if (showCost) {
      list.push(
        {
          id: 'cost',
          field: null,
          kind: 'unitCost',
          header: t('plu:fields.cost'),
          align: 'right',
          cell: (row) => formatUnitCost(row.cost),
          exportValue: (row) => figure(row.cost),
        },
        {
          id: 'margin',
          field: null,
          kind: 'currency',
          header: t('plu:fields.margin'),
          align: 'right',
          cell: (row) => formatMoney(row.margin),
          exportValue: (row) => figure(row.margin),
        },
        {
          id: 'margin_percentage',
          field: null,
          kind: 'percent',
          header: t('plu:fields.margin_percentage'),
          align: 'right',
          cell: (row) => formatPercent(row.margin_percentage),
          exportValue: (row) => figure(row.margin_percentage),
        },
      );
    }
    list.push(
      { id: 'barcode', header: t('plu:fields.barcode'), defaultHidden: true },
      { id: 'status', header: t('plu:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('plu:fields.in_use'), kind: 'boolean', defaultHidden: true },
      { id: 'last_updated_time', header: t('plu:fields.last_updated_time'), kind: 'datetime', sortable: true },
    );
    return list;
  }, [showCost, t]);

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'status', id: 'status' },
      {
        kind: 'select',
        id: 'category_id',
        label: t('plu:fields.category'),
        options: (categoryRows ?? []).map((row) => ({ value: row.category_id, label: row.category_name })),
      },
      {
        kind: 'select',
        id: 'bom_type',
        label: t('plu:fields.bom_type'),
        options: [
          { value: 'existing', label: t('plu:bomTypes.existing') },
          { value: 'custom', label: t('plu:bomTypes.custom') },
        ],
      },
      { kind: 'dateRange', id: 'last_updated_time', label: t('plu:fields.last_updated_time') },
    ],
    [categoryRows, t],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t('plu:confirm.archiveTitle'),
      archiveMessage: (name: string) => t('plu:confirm.archiveMessage', { name }),
      reactivateTitle: t('plu:confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('plu:confirm.reactivateMessage', { name }),
      deleteTitle: t('plu:confirm.deleteTitle'),
      deleteMessage: (name: string) => t('plu:confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({ path: PLU_PATH, idOf, nameOf, calls: plusApi, texts });

  return (
    <div data-testid="plu-list">
      <PageHeader
        title={t('routes:plu')}
        description={t('plu:list.description')}
        actions={
          can('PLU', 'edit') && (
            <Link
              to={`${PLU_PATH}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="plu-create"
            >
              <Icon name="plus" />
              {t('plu:list.create')}
            </Link>
          )
        }
      />
      <DataTable
        source={plusApi.list}
        columns={columns}
        rowKey={idOf}
        permissionKey="PLU"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(plu) => `${PLU_PATH}/view?id=${encodeURIComponent(plu.plu_id)}`}
        extraFields={['bom_type', 'bom_id', 'created_by', 'last_updated_by']}
        searchPlaceholder={t('plu:list.searchPlaceholder')}
        exportFileName={t('routes:plu')}
        toolbar={<ImportButton entity="plus" permissionKey="PLU" name={t('routes:plu')} refresh={plusApi.keys.all} />}
        emptyMessage={t('plu:list.empty')}
      />
      {confirmDialog}
    </div>
  );
}
