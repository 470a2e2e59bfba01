import type { SkuCategoryListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { skuCategoriesApi } from '../../../../api/skus';
import { DataTable } from '../../../../components/data-table';
import type { Column, FilterDef, SortState } from '../../../../components/data-table';
import { Icon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { useCan } from '../../../../lib/permissions';
import { SKU_CATEGORY_PATH } from '../paths';
import { useMasterRowActions } from '../../../location/use-master-row-actions';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (category: SkuCategoryListRow) => category.category_id;
const nameOf = (category: SkuCategoryListRow) => category.category_name;

/** /PLUSKU/sku/category (SPEC.md §2, key SKU): SKU categories and their sub-categories. */
export default function SkuCategoryListPage() {
  const { t } = useTranslation();
  const can = useCan();

  const columns = useMemo<Column<SkuCategoryListRow>[]>(
    () => [
      {
        id: 'category_name',
        header: t('sku:category.fields.category_name'),
        sortable: true,
        hideable: false,
      },
      { id: 'sub_category_names', header: t('sku:category.fields.sub_categories') },
      { id: 'status', header: t('sku:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('sku:fields.in_use'), kind: 'boolean' },
      { id: 'last_updated_time', header: t('sku:fields.last_updated_time'), kind: 'datetime', sortable: true },
      {
        id: 'created_time',
        header: t('sku:fields.created_time'),
        kind: 'datetime',
        sortable: true,
        defaultHidden: true,
      },
    ],
    [t],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'status', id: 'status' },
      { kind: 'dateRange', id: 'last_updated_time', label: t('sku:fields.last_updated_time') },
    ],
    [t],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t('sku:category.confirm.archiveTitle'),
      archiveMessage: (name: string) => t('sku:category.confirm.archiveMessage', { name }),
      reactivateTitle: t('sku:category.confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('sku:category.confirm.reactivateMessage', { name }),
      deleteTitle: t('sku:category.confirm.deleteTitle'),
      deleteMessage: (name: string) => t('sku:category.confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({
    path: SKU_CATEGORY_PATH,
    idOf,
    nameOf,
    calls: skuCategoriesApi,
    texts,
  });

  return (
    <div data-testid="sku-category-list">
      <PageHeader
        title={t('routes:skuCategory')}
        description={t('sku:category.description')}
        actions={
          can('SKU', 'edit') && (
            <Link
              to={`${SKU_CATEGORY_PATH}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="sku-category-create"
            >
              <Icon name="plus" />
              {t('sku:category.create')}
            </Link>
          )
        }
      />
      <DataTable
        source={skuCategoriesApi.list}
        columns={columns}
        rowKey={idOf}
        permissionKey="SKU"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(category) => `${SKU_CATEGORY_PATH}/view?id=${category.category_id}`}
        extraFields={['category_id', 'created_by', 'last_updated_by']}
        searchPlaceholder={t('sku:category.searchPlaceholder')}
        exportFileName={t('sku:category.exportFileName')}
        emptyMessage={t('sku:category.empty')}
      />
      {confirmDialog}
    </div>
  );
}
