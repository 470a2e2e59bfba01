import type { CatalogErrorCode } from '../catalog/errors.js';
import type { DocumentErrorCode } from '../documents/errors.js';
import type { IdentityErrorCode } from '../identity/errors.js';
import type { InventoryErrorCode } from '../inventory/errors.js';
import type { ProcurementErrorCode } from '../procurement/errors.js';
import type { CommonErrorCode } from './errors.js';

/** Every stable error code of the product. */
export type ErrorCode =
  | CommonErrorCode
  | CatalogErrorCode
  | IdentityErrorCode
  | DocumentErrorCode
  | InventoryErrorCode
  | ProcurementErrorCode;
