import type { RegionView } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { regionsApi } from '../../../api/locations';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCan } from '../../../lib/permissions';
import { REGION_PATH } from '../paths';
import { useMasterRowActions } from '../use-master-row-actions';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (region: RegionView) => region.region_id;
const nameOf = (region: RegionView) => region.region_name;

/** /location/region (SPEC.md §2, key LOCATION): regions with view, edit, clone, archive/reactivate, delete. */
export default function RegionListPage() {
  const { t } = useTranslation();
  const can = useCan();

  const columns = useMemo<Column<RegionView>[]>(
    () => [
      { id: 'region_name', header: t('locations:region.fields.region_name'), sortable: true, hideable: false },
      { id: 'remark', header: t('locations:region.fields.remark') },
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
      archiveTitle: t('locations:region.confirm.archiveTitle'),
      archiveMessage: (name: string) => t('locations:region.confirm.archiveMessage', { name }),
      reactivateTitle: t('locations:region.confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('locations:region.confirm.reactivateMessage', { name }),
      deleteTitle: t('locations:region.confirm.deleteTitle'),
      deleteMessage: (name: string) => t('locations:region.confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({
    path: REGION_PATH,
    idOf,
    nameOf,
    calls: regionsApi,
    texts,
  });

  return (
    <div data-testid="region-list">
      <PageHeader
        title={t('routes:region')}
        description={t('locations:region.description')}
        actions={
          can('LOCATION', 'edit') && (
            <Link
              to={`${REGION_PATH}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="region-create"
            >
              <Icon name="plus" />
              {t('locations:region.create')}
            </Link>
          )
        }
      />
      <DataTable
        source={regionsApi.list}
        columns={columns}
        rowKey={idOf}
        permissionKey="LOCATION"
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(region) => `${REGION_PATH}/view?id=${region.region_id}`}
        extraFields={['region_id', 'created_by', 'last_updated_by']}
        searchPlaceholder={t('locations:region.searchPlaceholder')}
        exportFileName={t('locations:region.exportFileName')}
        emptyMessage={t('locations:region.empty')}
      />
      {confirmDialog}
    </div>
  );
}
