import type { SkuListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { skusApi, useSkuOptions } from '../../../../api/skus';
import { DataTable } from '../../../../components/data-table';
import { ImportButton } from '../../../../components/import';
import type { Column, FilterDef, SortState } from '../../../../components/data-table';
import { Icon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { useCan } from '../../../../lib/permissions';
import { useMasterRowActions } from '../../../location/use-master-row-actions';
import { SKU_PATH } from '../paths';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (sku: SkuListRow) => sku.sku_id;
const nameOf = (sku: SkuListRow) => `${sku.sku_id} ${sku.name}`;
const joined = (items: readonly string[]) => items.join(', ');

/**
 * /PLUSKU/sku/list (SPEC.md §2, key SKU): SKUs with search over id, names, barcode and hashtags, and filters by
 * status (new or active too), category, sub-category, inventorised and supplier.
 */
export default function SkuListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { data: options } = useSkuOptions();

  const columns = useMemo<Column<SkuListRow>[]>(
    () => [
      { id: 'sku_id', header: t('sku:sku.fields.sku_id'), sortable: true, hideable: false },
      { id: 'name', header: t('sku:sku.fields.name'), sortable: true },
      { id: 'display_name', header: t('sku:sku.fields.display_name'), sortable: true, defaultHidden: true },
      { id: 'ch_display_name', header: t('sku:sku.fields.ch_display_name'), sortable: true },
      {
        id: 'alternate_display_name_list',
        header: t('sku:sku.fields.alternate_display_name_list'),
        cell: (sku) => joined(sku.alternate_display_name_list),
        exportValue: (sku) => joined(sku.alternate_display_name_list),
        defaultHidden: true,
      },
      { id: 'category_name', header: t('sku:sku.fields.category'), sortable: true },
      { id: 'sub_category_name', header: t('sku:sku.fields.sub_category'), sortable: true },
      { id: 'primary_uom_name', header: t('sku:sku.fields.primary_uom'), sortable: true },
      { id: 'supplier_names', header: t('sku:sku.fields.supplier_names') },
      {
        id: 'default_supplier_name',
        header: t('sku:sku.fields.default_supplier'),
        sortable: true,
        defaultHidden: true,
      },
      { id: 'barcode', header: t('sku:sku.fields.barcode'), sortable: true, defaultHidden: true },
      { id: 'threshold', header: t('sku:sku.fields.threshold'), kind: 'quantity', sortable: true, defaultHidden: true },
      {
        id: 'is_inventorise',
        header: t('sku:sku.fields.is_inventorise'),
        kind: 'boolean',
        sortable: true,
        defaultHidden: true,
      },
      {
        id: 'default_wastage_percentage',
        header: t('sku:sku.fields.default_wastage_percentage'),
        kind: 'percent',
        sortable: true,
        defaultHidden: true,
      },
      {
        id: 'max_order_qty',
        header: t('sku:sku.fields.max_order_qty'),
        kind: 'quantity',
        sortable: true,
        defaultHidden: true,
      },
      { id: 'account_code', header: t('sku:sku.fields.account_code'), sortable: true, defaultHidden: true },
      { id: 'gl_code', header: t('sku:sku.fields.gl_code'), sortable: true, defaultHidden: true },
      { id: 'product_brand', header: t('sku:sku.fields.product_brand'), sortable: true, defaultHidden: true },
      {
        id: 'hashtag_list',
        header: t('sku:sku.fields.hashtag_list'),
        cell: (sku) => joined(sku.hashtag_list),
        exportValue: (sku) => joined(sku.hashtag_list),
        defaultHidden: true,
      },
      { id: 'status', header: t('sku:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('sku:fields.in_use'), kind: 'boolean', defaultHidden: true },
      { id: 'last_updated_time', header: t('sku:fields.last_updated_time'), kind: 'datetime', sortable: true },
    ],
    [t],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'status', id: 'status' },
      {
        kind: 'select',
        id: 'category_id',
        label: t('sku:sku.fields.category'),
        options: (options?.categories ?? []).map((row) => ({ value: row.category_id, label: row.category_name })),
      },
      {
        kind: 'select',
        id: 'sub_category_id',
        label: t('sku:sku.fields.sub_category'),
        options: (options?.categories ?? []).flatMap((category) =>
          category.sub_categories.map((row) => ({
            value: row.sub_category_id,
            label: `${category.category_name} / ${row.sub_category_name}`,
          })),
        ),
      },
      {
        kind: 'select',
        id: 'is_inventorise',
        label: t('sku:sku.fields.is_inventorise'),
        options: [
          { value: 'true', label: t('sku:sku.inventorised.yes') },
          { value: 'false', label: t('sku:sku.inventorised.no') },
        ],
      },
      {
        kind: 'select',
        id: 'supplier_id',
        label: t('sku:sku.fields.supplier'),
        options: (options?.suppliers ?? []).map((row) => ({
          value: row.supplier_id,
          label: `${row.supplier_id} ${row.company_name}`,
        })),
      },
    ],
    [t, options],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t('sku:sku.confirm.archiveTitle'),
      archiveMessage: (name: string) => t('sku:sku.confirm.archiveMessage', { name }),
      reactivateTitle: t('sku:sku.confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('sku:sku.confirm.reactivateMessage', { name }),
      deleteTitle: t('sku:sku.confirm.deleteTitle'),
      deleteMessage: (name: string) => t('sku:sku.confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({ path: SKU_PATH, idOf, nameOf, calls: skusApi, texts });

  return (
    <div data-testid="sku-list">
      <PageHeader
        title={t('routes:sku')}
        description={t('sku:sku.description')}
        actions={
          can('SKU', 'edit') && (
            <Link
              to={`${SKU_PATH}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="sku-create"
            >
              <Icon name="plus" />
              {t('sku:sku.create')}
            </Link>
          )
        }
      />
      <DataTable
        source={skusApi.list}
        columns={columns}
        rowKey={idOf}
        permissionKey="SKU"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(sku) => `${SKU_PATH}/view?id=${encodeURIComponent(sku.sku_id)}`}
        extraFields={['category_id', 'sub_category_id', 'default_supplier_id', 'created_by', 'last_updated_by']}
        searchPlaceholder={t('sku:sku.searchPlaceholder')}
        exportFileName={t('sku:sku.exportFileName')}
        toolbar={
          <ImportButton
            entity="skus"
            permissionKey="SKU"
            name={t('sku:sku.exportFileName')}
            refresh={skusApi.keys.all}
          />
        }
        emptyMessage={t('sku:sku.empty')}
      />
      {confirmDialog}
    </div>
  );
}
