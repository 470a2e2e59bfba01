import { CURRENCIES, STOCK_TYPES } from '@scm/contracts';
import type { ProductListRow } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { itemCategoriesApi } from '../../api/item-categories';
import { productImageUrl, productsApi } from '../../api/products';
import { useSession } from '../../api/session';
import { DataTable } from '../../components/data-table';
import { ImportButton } from '../../components/import';
import type { Column, FilterDef, SortState } from '../../components/data-table';
import { Icon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/PageHeader';
import { useCan } from '../../lib/permissions';
import { useMasterRowActions } from '../location/use-master-row-actions';
import { pageKeys } from './product-pages';
import type { ProductPage } from './product-pages';

const DEFAULT_SORT: SortState = { column: 'last_updated_time', direction: 'DESC' };
const idOf = (product: ProductListRow) => product.product_code;
const nameOf = (product: ProductListRow) => `${product.product_code} ${product.display_name}`;

/** The cover as a small thumbnail (the list's first column). */
function CoverThumbnail({ product }: { product: ProductListRow }) {
  const { t } = useTranslation('products');
  if (!product.cover_image_id) {
    return (
      <span
        className="flex h-10 w-10 items-center justify-center rounded bg-slate-100 text-[10px] text-slate-400"
        data-testid="product-cover-thumbnail"
        data-empty="true"
      >
        {t('images.noCover')}
      </span>
    );
  }
  return (
    <img
      src={productImageUrl(product.product_id, product.cover_image_id)}
      alt={t('images.thumbnailOf', { name: product.display_name })}
      loading="lazy"
      className="h-10 w-10 rounded bg-slate-50 object-cover ring-1 ring-slate-200"
      data-testid="product-cover-thumbnail"
    />
  );
}

/**
 * The product list of one route (SPEC.md §2 /PLUSKU/product-management, /product/overview): cover thumbnail,
 * search over code, names, brand and hashtags, filters by status, category, stock type, GMS and currency; the
 * cost columns only for roles that can see cost.
 */
export function ProductList({ page }: { page: ProductPage }) {
  const { t } = useTranslation();
  const can = useCan();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;
  const keys = pageKeys(page);
  const { data: categories } = itemCategoriesApi('product').useOptions('category_name');

  const columns = useMemo<Column<ProductListRow>[]>(() => {
    const yesNo = (value: boolean) => t(`products:yesNo.${String(value)}`);
    const all: (Column<ProductListRow> | false)[] = [
      { id: 'product_code', header: t('products:product.fields.product_code'), sortable: true, hideable: false },
      {
        id: 'cover',
        header: t('products:product.fields.cover'),
        field: null,
        cell: (product) => <CoverThumbnail product={product} />,
        exportValue: (product) => product.image_count,
        className: 'w-14',
      },
      { id: 'product_name', header: t('products:product.fields.product_name'), sortable: true },
      { id: 'alt_name', header: t('products:product.fields.alt_name'), sortable: true, defaultHidden: true },
      { id: 'brand', header: t('products:product.fields.brand'), sortable: true },
      { id: 'category_name', header: t('products:product.fields.category'), sortable: true },
      {
        id: 'stock_type',
        header: t('products:product.fields.stock_type'),
        sortable: true,
        cell: (product) => t(`products:stockTypes.${product.stock_type}`),
        exportValue: (product) => t(`products:stockTypes.${product.stock_type}`),
      },
      {
        id: 'retail_price_native',
        header: t('products:product.fields.retail_price_native'),
        kind: 'currency',
        currency: (product) => product.native_currency,
        sortable: true,
      },
      seesCost && {
        id: 'default_cost',
        header: t('products:product.fields.default_cost'),
        kind: 'currency',
        currency: (product) => product.native_currency,
        sortable: true,
        defaultHidden: true,
      },
      seesCost && {
        id: 'mark_up',
        header: t('products:product.fields.mark_up'),
        kind: 'percent',
        sortable: true,
        defaultHidden: true,
      },
      {
        id: 'retail_price_usd',
        header: t('products:product.fields.retail_price_usd'),
        kind: 'currency',
        currency: 'USD',
        sortable: true,
      },
      { id: 'discount', header: t('products:product.fields.discount'), kind: 'percent', defaultHidden: true },
      { id: 'tax', header: t('products:product.fields.tax'), kind: 'percent', defaultHidden: true },
      {
        id: 'retail_with_tax_usd',
        header: t('products:product.fields.retail_with_tax_usd'),
        kind: 'currency',
        currency: 'USD',
        sortable: true,
        defaultHidden: true,
      },
      {
        id: 'gross_margin_scheme',
        header: t('products:product.fields.gross_margin_scheme'),
        sortable: true,
        cell: (product) => yesNo(product.gross_margin_scheme),
        exportValue: (product) => yesNo(product.gross_margin_scheme),
      },
      { id: 'permit_no', header: t('products:product.fields.permit_no'), sortable: true, defaultHidden: true },
      {
        id: 'declaration_type',
        header: t('products:product.fields.declaration_type'),
        sortable: true,
        defaultHidden: true,
      },
      {
        id: 'shipping_method',
        header: t('products:product.fields.shipping_method'),
        sortable: true,
        defaultHidden: true,
      },
      {
        id: 'arrival_date',
        header: t('products:product.fields.arrival_date'),
        kind: 'date',
        sortable: true,
        defaultHidden: true,
      },
      {
        id: 'hashtag_list',
        header: t('products:product.fields.hashtag_list'),
        cell: (product) => product.hashtag_list.join(', '),
        exportValue: (product) => product.hashtag_list.join(', '),
        defaultHidden: true,
      },
      {
        id: 'image_count',
        header: t('products:product.fields.image_count'),
        kind: 'number',
        decimals: 0,
        defaultHidden: true,
      },
      { id: 'status', header: t('products:fields.status'), kind: 'status', sortable: true },
      { id: 'in_use', header: t('products:fields.in_use'), kind: 'boolean', defaultHidden: true },
      { id: 'last_updated_time', header: t('products:fields.last_updated_time'), kind: 'datetime', sortable: true },
    ];
    return all.filter((column): column is Column<ProductListRow> => column !== false);
  }, [t, seesCost]);

  const filters = useMemo<FilterDef[]>(
    () => [
      { kind: 'status', id: 'status' },
      {
        kind: 'select',
        id: 'category_id',
        label: t('products:product.fields.category'),
        options: (categories ?? []).map((row) => ({ value: row.category_id, label: row.category_name })),
      },
      {
        kind: 'select',
        id: 'stock_type',
        label: t('products:product.fields.stock_type'),
        options: STOCK_TYPES.map((type) => ({ value: type, label: t(`products:stockTypes.${type}`) })),
      },
      {
        kind: 'select',
        id: 'gross_margin_scheme',
        label: t('products:product.fields.gross_margin_scheme'),
        options: [
          { value: 'true', label: t('products:yesNo.true') },
          { value: 'false', label: t('products:yesNo.false') },
        ],
      },
      {
        kind: 'select',
        id: 'native_currency',
        label: t('products:product.fields.native_currency'),
        options: CURRENCIES.map((currency) => ({ value: currency, label: currency })),
      },
    ],
    [t, categories],
  );

  const texts = useMemo(
    () => ({
      archiveTitle: t('products:product.confirm.archiveTitle'),
      archiveMessage: (name: string) => t('products:product.confirm.archiveMessage', { name }),
      reactivateTitle: t('products:product.confirm.reactivateTitle'),
      reactivateMessage: (name: string) => t('products:product.confirm.reactivateMessage', { name }),
      deleteTitle: t('products:product.confirm.deleteTitle'),
      deleteMessage: (name: string) => t('products:product.confirm.deleteMessage', { name }),
    }),
    [t],
  );
  const [actions, confirmDialog] = useMasterRowActions({
    path: page.path,
    idOf,
    nameOf,
    calls: productsApi,
    texts,
  });

  return (
    <div data-testid="product-list">
      <PageHeader
        title={t(`routes:${page.routeId}`)}
        description={t(`products:product.descriptions.${page.routeId}`)}
        actions={
          can(keys, 'edit') && (
            <Link
              to={`${page.path}/new`}
              className="inline-flex items-center gap-1.5 rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-800"
              data-testid="product-create"
            >
              <Icon name="plus" />
              {t('products:product.create')}
            </Link>
          )
        }
      />
      <DataTable
        source={productsApi.list}
        columns={columns}
        rowKey={idOf}
        permissionKey={keys}
        filters={filters}
        defaultSort={DEFAULT_SORT}
        rowActions={actions}
        rowLink={(product) => `${page.path}/view?id=${encodeURIComponent(product.product_code)}`}
        extraFields={['product_id', 'cover_image_id', 'display_name', 'native_currency', 'image_count']}
        searchPlaceholder={t('products:product.searchPlaceholder')}
        exportFileName={t('products:product.exportFileName')}
        toolbar={
          // One import for both pages: the server takes edit on PRODUCT or RJ_PRODUCT, the button this page's key.
          <ImportButton
            entity="products"
            permissionKey={keys}
            name={t('products:product.exportFileName')}
            refresh={productsApi.keys.all}
          />
        }
        emptyMessage={t('products:product.empty')}
      />
      {confirmDialog}
    </div>
  );
}
