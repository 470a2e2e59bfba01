import { COUNTRIES } from '@scm/contracts';
import type { LocationView } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { locationCategoriesApi, locationsApi, regionsApi } from '../../../api/locations';
import { DataTable } from '../../../components/data-table';
import { ImportButton } from '../../../components/import';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCan, useHoldsAllLocations } from '../../../lib/permissions';
import { LOCATION_PATH } from '../paths';
import { useMasterRowActions } from '../use-master-row-actions';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (location: LocationView) => location.location_id;
const nameOf = (location: LocationView) => `${location.location_id} ${location.location_name}`;

/** /location/list (SPEC.md §2, key LOCATION): locations with filters by status, category, region, country. */
export default function LocationListPage() {
  const { t } = useTranslation();
  const can = useCan();
  // A new location is held by nobody yet: only a user of every location creates or imports them.
  const allLocations = useHoldsAllLocations();
  const { data: categories } = locationCategoriesApi.useOptions('category_name');
  const { data: regions } = regionsApi.useOptions('region_name');

  const columns = useMemo<Column<LocationView>[]>(
    () => [
      { id: 'location_id', header: t('locations:location.fields.location_id'), sortable: true, hideable: false },
      { id: 'location_name', header: t('locations:location.fields.location_name'), sortable: true },
      { id: 'is_operating', header: t('locations:location.fields.is_operating'), kind: 'boolean', sortable: true },
      { id: 'category_name', header: t('locations:location.fields.category'), sortable: true },
      { id: 'sub_category_name', header: t('locations:location.fields.sub_category'), sortable: true },
      { id: 'region_name', header: t('locations:location.fields.region'), sortable: true },
      {
        id: 'country',
        header: t('locations:location.fields.country'),
        sortable: true,
        cell: (location) => t(`locations:countries.${location.country}`),
        exportValue: (location) => t(`locations:countries.${location.country}`),
      },
      { id: 'address', header: t('locations:location.fields.address'), sortable: true, defaultHidden: true },
      { id: 'postal_code', header: t('locations:location.fields.postal_code'), sortable: true, defaultHidden: true },
      { id: 'status', header: t('locations:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('locations:fields.in_use'), kind: 'boolean', defaultHidden: true },
      { id: 'last_updated_time', header: t('locations:fields.last_updated_time'), kind: 'datetime', sortable: true },
    ],
    [t],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'status', id: 'status' },
      {
        kind: 'select',
        id: 'category_id',
        label: t('locations:location.fields.category'),
        options: (categories ?? []).map((row) => ({ value: row.category_id, label: row.category_name })),
      },
      {
        kind: 'select',
        id: 'region_id',
        label: t('locations:location.fields.region'),
        options: (regions ?? []).map((row) => ({ value: row.region_id, label: row.region_name })),
      },
      {
        kind: 'select',
        id: 'country',
        label: t('locations:location.fields.country'),
        options: COUNTRIES.map((country) => ({ value: country, label: t(`locations:countries.${country}`) })),
      },
      {
        kind: 'select',
        id: 'is_operating',
        label: t('locations:location.fields.is_operating'),
        options: [
          { value: 'true', label: t('locations:location.operating.yes') },
          { value: 'false', label: t('locations:location.operating.no') },
        ],
      },
    ],
    [t, categories, regions],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t('locations:location.confirm.archiveTitle'),
      archiveMessage: (name: string) => t('locations:location.confirm.archiveMessage', { name }),
      reactivateTitle: t('locations:location.confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('locations:location.confirm.reactivateMessage', { name }),
      deleteTitle: t('locations:location.confirm.deleteTitle'),
      deleteMessage: (name: string) => t('locations:location.confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({
    path: LOCATION_PATH,
    idOf,
    nameOf,
    calls: locationsApi,
    texts,
  });

  return (
    <div data-testid="location-list">
      <PageHeader
        title={t('routes:location')}
        description={t('locations:location.description')}
        actions={
          can('LOCATION', 'edit') &&
          allLocations && (
            <Link
              to={`${LOCATION_PATH}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="location-create"
            >
              <Icon name="plus" />
              {t('locations:location.create')}
            </Link>
          )
        }
      />
      <DataTable
        source={locationsApi.list}
        columns={columns}
        rowKey={idOf}
        permissionKey="LOCATION"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(location) => `${LOCATION_PATH}/view?id=${encodeURIComponent(location.location_id)}`}
        extraFields={['category_id', 'sub_category_id', 'region_id', 'created_by', 'last_updated_by']}
        searchPlaceholder={t('locations:location.searchPlaceholder')}
        exportFileName={t('locations:location.exportFileName')}
        toolbar={
          allLocations && (
            <ImportButton
              entity="locations"
              permissionKey="LOCATION"
              name={t('locations:location.exportFileName')}
              refresh={locationsApi.keys.all}
            />
          )
        }
        emptyMessage={t('locations:location.empty')}
      />
      {confirmDialog}
    </div>
  );
}
