import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table';
import type { Column, FilterDef, SortState } from '../../components/data-table';
import { Icon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/PageHeader';
import { useCan } from '../../lib/permissions';
import { useMasterRowActions } from '../location/use-master-row-actions';
import { CATEGORY_TREE_PAGES } from './category-tree-kinds';
import type { CategoryTreeKind, CategoryTreeListRow } from './category-tree-kinds';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (category: CategoryTreeListRow) => category.category_id;
const nameOf = (category: CategoryTreeListRow) => category.category_name;

/**
 * The list of one kind's categories and their sub-categories: /location/category (key LOCATION) and
 * /PLUSKU/sku/category (key SKU). A page module renders it with its kind, e.g. `<CategoryTreeListPage kind="sku" />`.
 */
export function CategoryTreeListPage({ kind }: { kind: CategoryTreeKind }) {
  const { t } = useTranslation();
  const can = useCan();
  const { path, routeId, permissionKey, ns, testId, calls } = CATEGORY_TREE_PAGES[kind];

  const columns = useMemo<Column<CategoryTreeListRow>[]>(
    () => [
      {
        id: 'category_name',
        header: t(`${ns}:category.fields.category_name`),
        sortable: true,
        hideable: false,
      },
      { id: 'sub_category_names', header: t(`${ns}:category.fields.sub_categories`) },
      { id: 'status', header: t(`${ns}:fields.status`), kind: 'status', sortable: true },
      { id: 'in_use', header: t(`${ns}:fields.in_use`), kind: 'boolean' },
      { id: 'last_updated_time', header: t(`${ns}:fields.last_updated_time`), kind: 'datetime', sortable: true },
      {
        id: 'created_time',
        header: t(`${ns}:fields.created_time`),
        kind: 'datetime',
        sortable: true,
        defaultHidden: true,
      },
    ],
    [t, ns],
  );

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'status', id: 'status' },
      { kind: 'dateRange', id: 'last_updated_time', label: t(`${ns}:fields.last_updated_time`) },
    ],
    [t, ns],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t(`${ns}:category.confirm.archiveTitle`),
      archiveMessage: (name: string) => t(`${ns}:category.confirm.archiveMessage`, { name }),
      reactivateTitle: t(`${ns}:category.confirm.reactivateTitle`),
      reactivateMessage: (name: string) => t(`${ns}:category.confirm.reactivateMessage`, { name }),
      deleteTitle: t(`${ns}:category.confirm.deleteTitle`),
      deleteMessage: (name: string) => t(`${ns}:category.confirm.deleteMessage`, { name }),
    }),
    [t, ns],
  );
  const [actions, confirmDialog] = useMasterRowActions({ path, idOf, nameOf, calls, texts });

  return (
    <div data-testid={`${testId}-list`}>
      <PageHeader
        title={t(`routes:${routeId}`)}
        description={t(`${ns}:category.description`)}
        actions={
          can(permissionKey, 'edit') && (
            <Link
              to={`${path}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid={`${testId}-create`}
            >
              <Icon name="plus" />
              {t(`${ns}:category.create`)}
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
        rowLink={(category) => `${path}/view?id=${category.category_id}`}
        extraFields={['category_id', 'created_by', 'last_updated_by']}
        searchPlaceholder={t(`${ns}:category.searchPlaceholder`)}
        exportFileName={t(`${ns}:category.exportFileName`)}
        emptyMessage={t(`${ns}:category.empty`)}
      />
      {confirmDialog}
    </div>
  );
}
