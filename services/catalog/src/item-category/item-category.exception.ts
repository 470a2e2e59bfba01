import { CatalogErrorCode } from '@scm/contracts';
import { AppException } from '@scm/platform';

export class ItemCategoryException extends AppException {
  static notFound(): ItemCategoryException {
    return new ItemCategoryException(CatalogErrorCode.ITEM_CATEGORY_NOT_FOUND);
  }

  static duplicate(): ItemCategoryException {
    return new ItemCategoryException(CatalogErrorCode.ITEM_CATEGORY_DUPLICATE, {}, [
      { field: 'category_name', rule: `errors.${CatalogErrorCode.ITEM_CATEGORY_DUPLICATE}` },
    ]);
  }

  static inUse(): ItemCategoryException {
    return new ItemCategoryException(CatalogErrorCode.ITEM_CATEGORY_IN_USE);
  }

  static archived(): ItemCategoryException {
    return new ItemCategoryException(CatalogErrorCode.ITEM_CATEGORY_ARCHIVED);
  }
}
