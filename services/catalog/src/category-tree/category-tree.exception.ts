import { AppException } from '@scm/platform';
import type { MasterRecordErrors } from '../master/master-record-store.js';
import type { CategoryTreeKind } from './category-tree.kinds.js';

export class CategoryTreeException extends AppException {}

/** The translated errors of one kind of category with sub-categories (its own error codes). */
export class CategoryTreeErrors implements MasterRecordErrors {
  constructor(private readonly kind: CategoryTreeKind) {}

  notFound(): CategoryTreeException {
    return new CategoryTreeException(this.kind.errors.notFound);
  }

  duplicate(): CategoryTreeException {
    const code = this.kind.errors.duplicate;
    return new CategoryTreeException(code, {}, [{ field: 'category_name', rule: `errors.${code}` }]);
  }

  inUse(): CategoryTreeException {
    return new CategoryTreeException(this.kind.errors.inUse);
  }

  archived(): CategoryTreeException {
    return new CategoryTreeException(this.kind.errors.archived);
  }

  /** A sub-category a record uses was left out of the list. */
  subCategoryInUse(name: string): CategoryTreeException {
    return new CategoryTreeException(this.kind.errors.subCategoryInUse, { name });
  }

  /** A `sub_category_id` that is not one of this category's. */
  unknownSubCategory(index: number): CategoryTreeException {
    return new CategoryTreeException(this.kind.errors.notFound, {}, [
      { field: `sub_categories.${index}.sub_category_id`, rule: 'validation.invalid' },
    ]);
  }
}
