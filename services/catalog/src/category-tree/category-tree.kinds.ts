import { CatalogErrorCode, CatalogSubjects, locationCategoryInputSchema, skuCategoryInputSchema } from '@scm/contracts';
import type { PermissionKey } from '@scm/contracts';
import {
  LocationCategoryEntity,
  LocationSubCategoryEntity,
  SkuCategoryEntity,
  SkuSubCategoryEntity,
} from './category-tree.entity.js';
import type { CategoryTreeEntity, SubCategoryEntity } from './category-tree.entity.js';

/**
 * What differs between two kinds of category with sub-categories (location categories, SKU categories); the
 * module's repository, service and controller are written once against it.
 */
export interface CategoryTreeKind {
  /** Names the kind's controller class and its API tag (`catalog: <label> category`). */
  label: string;
  /** Under `/api/`, e.g. `catalog/location-categories`. */
  apiPath: string;
  /** The key of its pages and API (SPEC.md §2). */
  permission: PermissionKey;
  /** The tables; a migration of the owning feature creates them. */
  table: string;
  subTable: string;
  category: new () => CategoryTreeEntity;
  subCategory: new () => SubCategoryEntity;
  /** What a record using the category / one of its sub-categories writes as `record_usage.target_type`. */
  usageType: string;
  subUsageType: string;
  /** Both kinds' input schemas are the same shape (names, sub-category rows with an optional id). */
  inputSchema: typeof locationCategoryInputSchema;
  errors: {
    notFound: CatalogErrorCode;
    duplicate: CatalogErrorCode;
    inUse: CatalogErrorCode;
    archived: CatalogErrorCode;
    subCategoryInUse: CatalogErrorCode;
  };
  subjects: {
    upserted: typeof CatalogSubjects.LocationCategoryUpserted | typeof CatalogSubjects.SkuCategoryUpserted;
    deleted: typeof CatalogSubjects.LocationCategoryDeleted | typeof CatalogSubjects.SkuCategoryDeleted;
  };
}

/** The record_usage target types a location writes for its category and sub-category. */
export const LOCATION_CATEGORY = 'location_category';
export const LOCATION_SUB_CATEGORY = 'location_sub_category';

/** The record_usage target types a SKU writes for its category and sub-category. */
export const SKU_CATEGORY = 'sku_category';
export const SKU_SUB_CATEGORY = 'sku_sub_category';

/** Location categories (SPEC.md §2 /location/category, key LOCATION): a location uses one and a sub-category. */
export const LOCATION_CATEGORY_TREE: CategoryTreeKind = {
  label: 'location',
  apiPath: 'catalog/location-categories',
  permission: 'LOCATION',
  table: 'location_category',
  subTable: 'location_sub_category',
  category: LocationCategoryEntity,
  subCategory: LocationSubCategoryEntity,
  usageType: LOCATION_CATEGORY,
  subUsageType: LOCATION_SUB_CATEGORY,
  inputSchema: locationCategoryInputSchema,
  errors: {
    notFound: CatalogErrorCode.LOCATION_CATEGORY_NOT_FOUND,
    duplicate: CatalogErrorCode.LOCATION_CATEGORY_DUPLICATE,
    inUse: CatalogErrorCode.LOCATION_CATEGORY_IN_USE,
    archived: CatalogErrorCode.LOCATION_CATEGORY_ARCHIVED,
    subCategoryInUse: CatalogErrorCode.LOCATION_SUB_CATEGORY_IN_USE,
  },
  subjects: {
    upserted: CatalogSubjects.LocationCategoryUpserted,
    deleted: CatalogSubjects.LocationCategoryDeleted,
  },
};

/** SKU categories (SPEC.md §2 /PLUSKU/sku/category, key SKU): a SKU uses one and a sub-category. */
export const SKU_CATEGORY_TREE: CategoryTreeKind = {
  label: 'SKU',
  apiPath: 'catalog/sku-categories',
  permission: 'SKU',
  table: 'sku_category',
  subTable: 'sku_sub_category',
  category: SkuCategoryEntity,
  subCategory: SkuSubCategoryEntity,
  usageType: SKU_CATEGORY,
  subUsageType: SKU_SUB_CATEGORY,
  inputSchema: skuCategoryInputSchema,
  errors: {
    notFound: CatalogErrorCode.SKU_CATEGORY_NOT_FOUND,
    duplicate: CatalogErrorCode.SKU_CATEGORY_DUPLICATE,
    inUse: CatalogErrorCode.SKU_CATEGORY_IN_USE,
    archived: CatalogErrorCode.SKU_CATEGORY_ARCHIVED,
    subCategoryInUse: CatalogErrorCode.SKU_SUB_CATEGORY_IN_USE,
  },
  subjects: {
    upserted: CatalogSubjects.SkuCategoryUpserted,
    deleted: CatalogSubjects.SkuCategoryDeleted,
  },
};

export const CATEGORY_TREE_KINDS = [LOCATION_CATEGORY_TREE, SKU_CATEGORY_TREE] as const;
