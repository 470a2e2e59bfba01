import type { CatalogErrorCode } from '../catalog/errors.js';
import type { IdentityErrorCode } from '../identity/errors.js';
import type { CommonErrorCode } from './errors.js';

/** Every stable error code of the product. */
export type ErrorCode = CommonErrorCode | CatalogErrorCode | IdentityErrorCode;
