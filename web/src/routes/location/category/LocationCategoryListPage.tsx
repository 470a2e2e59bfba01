import type { LocationCategoryListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { locationCategoriesApi } from '../../../api/locations';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCan } from '../../../lib/permissions';
import { LOCATION_CATEGORY_PATH } from '../paths';
import { useMasterRowActions } from '../use-master-row-actions';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (category: LocationCategoryListRow) => category.category_id;
const nameOf = (category: LocationCategoryListRow) => category.category_name;

/** /location/category (SPEC.md §2, key LOCATION): location categories and their sub-categories. */
export default function LocationCategoryListPage() {
  const { t } = useTranslation();
  const can = useCan();

  const columns = useMemo<Column<LocationCategoryListRow>[]>(
    () => [
      {
        id: 'category_name',
        header: t('locations:category.fields.category_name'),
        sortable: true,
        hideable: false,
      },
      { id: 'sub_category_names', header: t('locations:category.fields.sub_categories') },
      { id: 'status', header: t('locations:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('locations:fields.in_use'), kind: 'boolean' },
      { id: 'last_updated_time', header: t('locations:fields.last_updated_time'), kind: 'datetime', sortable: true },
      {
        id: 'created_time',
        header: t('locations:fields.created_time'),
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
      { kind: 'dateRange', id: 'last_updated_time', label: t('locations:fields.last_updated_time') },
    ],
    [t],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t('locations:category.confirm.archiveTitle'),
      archiveMessage: (name: string) => t('locations:category.confirm.archiveMessage', { name }),
      reactivateTitle: t('locations:category.confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('locations:category.confirm.reactivateMessage', { name }),
      deleteTitle: t('locations:category.confirm.deleteTitle'),
      deleteMessage: (name: string) => t('locations:category.confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({
    path: LOCATION_CATEGORY_PATH,
    idOf,
    nameOf,
    calls: locationCategoriesApi,
    texts,
  });

  return (
    <div data-testid="location-category-list">
      <PageHeader
        title={t('routes:locationCategory')}
        description={t('locations:category.description')}
        actions={
          can('LOCATION', 'edit') && (
            <Link
              to={`${LOCATION_CATEGORY_PATH}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="location-category-create"
            >
              <Icon name="plus" />
              {t('locations:category.create')}
            </Link>
          )
        }
      />
      <DataTable
        source={locationCategoriesApi.list}
        columns={columns}
        rowKey={idOf}
        permissionKey="LOCATION"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(category) => `${LOCATION_CATEGORY_PATH}/view?id=${category.category_id}`}
        extraFields={['category_id', 'created_by', 'last_updated_by']}
        searchPlaceholder={t('locations:category.searchPlaceholder')}
        exportFileName={t('locations:category.exportFileName')}
        emptyMessage={t('locations:category.empty')}
      />
      {confirmDialog}
    </div>
  );
}
