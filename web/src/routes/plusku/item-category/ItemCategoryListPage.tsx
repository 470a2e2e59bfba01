import type { ItemCategoryKind, ItemCategoryView } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { itemCategoriesApi } from '../../../api/item-categories';
import { DataTable } from '../../../components/data-table';
import type { Column, FilterDef, SortState } from '../../../components/data-table';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCan } from '../../../lib/permissions';
import { useMasterRowActions } from '../../location/use-master-row-actions';
import { ITEM_CATEGORY_PAGES } from './item-category-kinds';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (category: ItemCategoryView) => category.category_id;
const nameOf = (category: ItemCategoryView) => category.category_name;

/**
 * The category list of one kind (SKU BOM, PLU, PLU BOM, product): /PLUSKU/skubom/category and its siblings.
 * A page module renders it with its kind, e.g. `<ItemCategoryListPage kind="product" />` for /product/category.
 */
export function ItemCategoryListPage({ kind }: { kind: ItemCategoryKind }) {
  const { t } = useTranslation();
  const can = useCan();
  const { path, routeId, permissionKey } = ITEM_CATEGORY_PAGES[kind];
  const calls = itemCategoriesApi(kind);

  const columns = useMemo<Column<ItemCategoryView>[]>(
    () => [
      {
        id: 'category_name',
        header: t('item-category:fields.category_name'),
        sortable: true,
        hideable: false,
      },
      { id: 'status', header: t('item-category:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('item-category:fields.in_use'), kind: 'boolean' },
      {
        id: 'last_updated_time',
        header: t('item-category:fields.last_updated_time'),
        kind: 'datetime',
        sortable: true,
      },
      {
        id: 'created_time',
        header: t('item-category:fields.created_time'),
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
      { kind: 'dateRange', id: 'last_updated_time', label: t('item-category:fields.last_updated_time') },
    ],
    [t],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t('item-category:confirm.archiveTitle'),
      archiveMessage: (name: string) => t('item-category:confirm.archiveMessage', { name }),
      reactivateTitle: t('item-category:confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('item-category:confirm.reactivateMessage', { name }),
      deleteTitle: t('item-category:confirm.deleteTitle'),
      deleteMessage: (name: string) => t('item-category:confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({ path, idOf, nameOf, calls, texts });

  return (
    <div data-testid={`item-category-list-${kind}`}>
      <PageHeader
        title={t(`routes:${routeId}`)}
        description={t(`item-category:kinds.${kind}.description`)}
        actions={
          can(permissionKey, 'edit') && (
            <Link
              to={`${path}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="item-category-create"
            >
              <Icon name="plus" />
              {t('item-category:create')}
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
        searchPlaceholder={t('item-category:searchPlaceholder')}
        exportFileName={t(`routes:${routeId}`)}
        emptyMessage={t('item-category:empty')}
      />
      {confirmDialog}
    </div>
  );
}
