import { z } from 'zod';
import type { PermissionKey } from '../access/permission-keys.js';
import type { MasterStatus } from '../common/list-query.js';
import { requiredText } from '../common/schema.js';

/**
 * The simple categories (a unique name, no sub-categories) of SKU BOMs, PLUs, PLU BOMs and products, kept in one
 * catalog table with a `kind` column (SPEC.md §2 /PLUSKU/skubom/category, /PLUSKU/plu/category,
 * /PLUSKU/plubom/category, /product/category).
 *
 * How a feature uses one kind (the `product` kind for products, say):
 * - API: `/api/catalog/item-categories/<ITEM_CATEGORY_API_PATHS[kind]>` with `POST list`, `GET :id`, `POST`,
 *   `PUT :id`, `POST :id/archive`, `POST :id/reactivate`, `DELETE :id`, guarded by `ITEM_CATEGORY_PERMISSIONS[kind]`
 *   (product: PRODUCT or RJ_PRODUCT, any one of them — `@AnyPermission`, so SPEC.md §5's "PRODUCT with edit is
 *   always allowed" quirk does not open it to everyone, and neither key alone is demanded).
 * - Web: `itemCategoriesApi(kind)` (web/src/api/item-categories.ts) for the select of a form, and the pages
 *   `ItemCategoryListPage` / `ItemCategoryFormPage` (web/src/routes/plusku/item-category/) with `kind` as prop.
 * - Server: the record that picks a category checks it with `ItemCategoryRepository.lockUsable(manager, kind, id)`
 *   and records its use with `usage.add(manager, ITEM_CATEGORY, category_id, '<its type>', <its id>)`, so the
 *   category refuses archive and delete while it is in use (services/catalog/src/item-category/).
 */
export const ITEM_CATEGORY_KINDS = ['sku_bom', 'plu', 'plu_bom', 'product'] as const;
export type ItemCategoryKind = (typeof ITEM_CATEGORY_KINDS)[number];

/** The path segment of each kind under `/api/catalog/item-categories/`. */
export const ITEM_CATEGORY_API_PATHS: Record<ItemCategoryKind, string> = {
  sku_bom: 'sku-bom',
  plu: 'plu',
  plu_bom: 'plu-bom',
  product: 'product',
};

/**
 * The permission keys guarding each kind's categories (the keys of the pages the category belongs to); with
 * several, any one of them that grants the check is enough. Products are managed under PRODUCT
 * (/PLUSKU/product-management) and RJ_PRODUCT (/product/category).
 */
export const ITEM_CATEGORY_PERMISSIONS: Record<ItemCategoryKind, readonly PermissionKey[]> = {
  sku_bom: ['SKU_BOM'],
  plu: ['PLU'],
  plu_bom: ['PLU_BOM'],
  product: ['PRODUCT', 'RJ_PRODUCT'],
};

export const itemCategoryInputSchema = z
  .object({
    category_name: requiredText(100, { noSlash: true }),
  })
  .strict();

export type ItemCategoryInput = z.input<typeof itemCategoryInputSchema>;
export type ValidItemCategoryInput = z.output<typeof itemCategoryInputSchema>;

export interface ItemCategoryView {
  category_id: string;
  kind: ItemCategoryKind;
  category_name: string;
  status: MasterStatus;
  in_use: boolean;
  created_time: string;
  last_updated_time: string;
  created_by: string | null;
  last_updated_by: string | null;
}

export const itemCategorySnapshotSchema = z
  .object({
    category_id: z.uuid(),
    kind: z.enum(ITEM_CATEGORY_KINDS),
    category_name: z.string(),
    status: z.enum(['new', 'active', 'archived']),
    revision: z.number().int().positive(),
    last_updated_time: z.string(),
  })
  .strict();

export const itemCategoryDeletedSchema = z
  .object({ category_id: z.uuid(), kind: z.enum(ITEM_CATEGORY_KINDS), revision: z.number().int().positive() })
  .strict();

export type ItemCategorySnapshot = z.infer<typeof itemCategorySnapshotSchema>;
export type ItemCategoryDeleted = z.infer<typeof itemCategoryDeletedSchema>;
