import type { SupplierCategoryInput, SupplierCategoryView, SupplierInput, SupplierView } from '@scm/contracts';
import { masterDataApi } from './master-data';

/** Supplier categories (SPEC.md §2 /supplier/category; `catalog/supplier-categories` API). */
export const supplierCategoriesApi = masterDataApi<SupplierCategoryView, SupplierCategoryView, SupplierCategoryInput>(
  'supplier-categories',
  '/api/catalog/supplier-categories',
  (category) => category.category_id,
);

/** Suppliers (SPEC.md §2 /supplier/list; `catalog/suppliers` API); the id is the supplier code. */
export const suppliersApi = masterDataApi<SupplierView, SupplierView, SupplierInput>(
  'suppliers',
  '/api/catalog/suppliers',
  (supplier) => supplier.supplier_id,
);
