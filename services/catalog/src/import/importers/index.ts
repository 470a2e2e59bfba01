import type { ImporterClass } from '../importer.js';
import { PluBomImporter, SkuBomImporter } from './bom.importer.js';
import { CustomerImporter } from './customer.importer.js';
import { LocationImporter } from './location.importer.js';
import { PluImporter } from './plu.importer.js';
import { ProductImporter } from './product.importer.js';
import { SkuImporter } from './sku.importer.js';
import { SupplierImporter } from './supplier.importer.js';
import { UomImporter } from './uom.importer.js';

/**
 * Every Excel importer of catalog. Adding a class here is all the wiring an entity needs: its routes
 * (`/api/catalog/imports/<entity>/template` and `POST /api/catalog/imports/<entity>`) and its provider follow.
 */
export const IMPORTERS: readonly ImporterClass[] = [
  UomImporter,
  SupplierImporter,
  LocationImporter,
  CustomerImporter,
  SkuImporter,
  ProductImporter,
  SkuBomImporter,
  PluBomImporter,
  PluImporter,
];
