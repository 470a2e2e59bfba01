import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class SkuCategoryException extends AppException {
  static notFound(): SkuCategoryException {
    return new SkuCategoryException(CatalogErrorCode.SKU_CATEGORY_NOT_FOUND);
  }

  static duplicate(): SkuCategoryException {
    return new SkuCategoryException(CatalogErrorCode.SKU_CATEGORY_DUPLICATE, {}, [
      { field: 'category_name', rule: `errors.${CatalogErrorCode.SKU_CATEGORY_DUPLICATE}` },
    ]);
  }

  static inUse(): SkuCategoryException {
    return new SkuCategoryException(CatalogErrorCode.SKU_CATEGORY_IN_USE);
  }

  static archived(): SkuCategoryException {
    return new SkuCategoryException(CatalogErrorCode.SKU_CATEGORY_ARCHIVED);
  }

  /** A sub-category a SKU uses was left out of the list. */
  static subCategoryInUse(name: string): SkuCategoryException {
    return new SkuCategoryException(CatalogErrorCode.SKU_SUB_CATEGORY_IN_USE, { name });
  }

  /** A `sub_category_id` that is not one of this category's. */
  static unknownSubCategory(index: number): SkuCategoryException {
    return new SkuCategoryException(CatalogErrorCode.SKU_CATEGORY_NOT_FOUND, {}, [
      { field: `sub_categories.${index}.sub_category_id`, rule: 'validation.invalid' },
    ]);
  }
}
