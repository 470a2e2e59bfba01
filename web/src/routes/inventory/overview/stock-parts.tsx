import { STOCK_ITEM_TYPES } from '@scm/contracts';
import type { StockItemType } from '@scm/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { itemCategoriesApi } from '../../../api/item-categories';
import { locationsApi, regionsApi } from '../../../api/locations';
import { useSession } from '../../../api/session';
import { skuCategoriesApi } from '../../../api/skus';
import type { SelectOption } from '../../../components/ui/Select';
import { Badge } from '../../../components/ui/Badge';
import { useCan } from '../../../lib/permissions';

export const OVERVIEW_PATH = '/inventory/overview';

/** The item view of one SKU or product. */
export function itemViewPath(itemType: StockItemType, itemId: string): string {
  return `${OVERVIEW_PATH}/view?${new URLSearchParams({ item_type: itemType, item_id: itemId }).toString()}`;
}

export function isStockItemType(value: string | null): value is StockItemType {
  return (STOCK_ITEM_TYPES as readonly string[]).includes(value ?? '');
}

/** Pages a movement's document opens (the others are shown as text until their pages exist). */
const DOCUMENT_PAGES: Record<string, string> = {
  SA: '/inventory/stock-adjustment/view',
  ST: '/inventory/stock-take/view',
};

/** A movement's or layer's document: its number, a link to the document when its page exists. */
export function DocumentLink({ type, id, no }: { type: string; id: string; no: string }) {
  const page = DOCUMENT_PAGES[type];
  const text = no || id;
  return (
    <span className="inline-flex items-center gap-1.5">
      <Badge tone="slate">{type}</Badge>
      {page ? (
        <Link
          to={`${page}?id=${encodeURIComponent(id)}`}
          className="font-medium text-blue-700 hover:underline"
          data-testid="document-link"
        >
          {text}
        </Link>
      ) : (
        <span>{text}</span>
      )}
    </span>
  );
}

/** "Below threshold" in red, otherwise "OK" in green. */
export function LevelBadge({ below }: { below: boolean }) {
  const { t } = useTranslation();
  return below ? (
    <Badge tone="red" dot>
      {t('inventory:flag.below')}
    </Badge>
  ) : (
    <Badge tone="green" dot>
      {t('inventory:flag.ok')}
    </Badge>
  );
}

/**
 * Choices of the ledger's filters, each only from lists the user may read (a refused catalog call would send them to
 * the login page): locations by name for a user of the location pages, otherwise the ids of the user's own
 * locations; regions for a user of the location pages; SKU and product categories for users of those pages.
 */
export function useStockFilterOptions() {
  const can = useCan();
  const { user } = useSession();
  const canLocations = can('LOCATION');
  const canSkus = can('SKU');
  const canProducts = can(['PRODUCT', 'RJ_PRODUCT']);
  const { t } = useTranslation();
  const { data: locations } = locationsApi.useOptions('location_name', canLocations);
  const { data: regions } = regionsApi.useOptions('region_name', canLocations);
  const { data: skuCategories } = skuCategoriesApi.useOptions('category_name', canSkus);
  const { data: productCategories } = itemCategoriesApi('product').useOptions('category_name', canProducts);

  return useMemo(() => {
    const own = (user?.locations ?? []).filter((id) => id !== '*');
    const locationOptions: SelectOption<string>[] = canLocations
      ? (locations ?? []).map((row) => ({ value: row.location_id, label: `${row.location_id} · ${row.location_name}` }))
      : own.map((id) => ({ value: id, label: id }));
    const regionOptions: SelectOption<string>[] = (regions ?? []).map((row) => ({
      value: row.region_id,
      label: row.region_name,
    }));
    const categoryOptions: SelectOption<string>[] = [
      ...(skuCategories ?? []).map((row) => ({
        value: row.category_id,
        label: `${t('inventory:itemTypes.sku')} · ${row.category_name}`,
      })),
      ...(productCategories ?? []).map((row) => ({
        value: row.category_id,
        label: `${t('inventory:itemTypes.product')} · ${row.category_name}`,
      })),
    ];
    const itemTypeOptions: SelectOption<string>[] = STOCK_ITEM_TYPES.map((type) => ({
      value: type,
      label: t(`inventory:itemTypes.${type}`),
    }));
    return { locationOptions, regionOptions, categoryOptions, itemTypeOptions };
  }, [canLocations, locations, regions, skuCategories, productCategories, user, t]);
}
