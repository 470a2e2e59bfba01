import type { SupplierCategoryView } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { supplierCategoriesApi } from '../../../api/suppliers';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCan } from '../../../lib/permissions';
import { useMasterRowActions } from '../../location/use-master-row-actions';
import { SUPPLIER_CATEGORY_PATH } from '../paths';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (category: SupplierCategoryView) => category.category_id;
const nameOf = (category: SupplierCategoryView) => category.category_name;

/** /supplier/category (SPEC.md §2, key SUPPLIER): the categories suppliers are grouped in. */
export default function SupplierCategoryListPage() {
  const { t } = useTranslation();
  const can = useCan();

  const columns = useMemo<Column<SupplierCategoryView>[]>(
    () => [
      {
        id: 'category_name',
        header: t('suppliers:category.fields.category_name'),
        sortable: true,
        hideable: false,
      },
      { id: 'status', header: t('suppliers:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('suppliers:fields.in_use'), kind: 'boolean' },
      { id: 'last_updated_time', header: t('suppliers:fields.last_updated_time'), kind: 'datetime', sortable: true },
      {
        id: 'created_time',
        header: t('suppliers:fields.created_time'),
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
      { kind: 'dateRange', id: 'last_updated_time', label: t('suppliers:fields.last_updated_time') },
    ],
    [t],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t('suppliers:category.confirm.archiveTitle'),
      archiveMessage: (name: string) => t('suppliers:category.confirm.archiveMessage', { name }),
      reactivateTitle: t('suppliers:category.confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('suppliers:category.confirm.reactivateMessage', { name }),
      deleteTitle: t('suppliers:category.confirm.deleteTitle'),
      deleteMessage: (name: string) => t('suppliers:category.confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({
    path: SUPPLIER_CATEGORY_PATH,
    idOf,
    nameOf,
    calls: supplierCategoriesApi,
    texts,
  });

  return (
    <div data-testid="supplier-category-list">
      <PageHeader
        title={t('routes:supplierCategory')}
        description={t('suppliers:category.description')}
        actions={
          can('SUPPLIER', 'edit') && (
            <Link
              to={`${SUPPLIER_CATEGORY_PATH}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="supplier-category-create"
            >
              <Icon name="plus" />
              {t('suppliers:category.create')}
            </Link>
          )
        }
      />
      <DataTable
        source={supplierCategoriesApi.list}
        columns={columns}
        rowKey={idOf}
        permissionKey="SUPPLIER"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(category) => `${SUPPLIER_CATEGORY_PATH}/view?id=${category.category_id}`}
        extraFields={['category_id', 'created_by', 'last_updated_by']}
        searchPlaceholder={t('suppliers:category.searchPlaceholder')}
        exportFileName={t('suppliers:category.exportFileName')}
        emptyMessage={t('suppliers:category.empty')}
      />
      {confirmDialog}
    </div>
  );
}
