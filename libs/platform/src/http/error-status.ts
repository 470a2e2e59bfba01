import { CatalogErrorCode, CommonErrorCode, IdentityErrorCode } from '@scm/contracts';
import type { ErrorCode } from '@scm/contracts';

/** The HTTP status of each error code. Exhaustive: a new code that is not mapped fails to compile. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case CommonErrorCode.VALIDATION_FAILED:
    case CatalogErrorCode.LOCATION_ID_CHANGED:
    case CatalogErrorCode.LOCATION_REFERENCE_INVALID:
    case CommonErrorCode.FILE_TYPE_NOT_ALLOWED:
    case IdentityErrorCode.LINK_INVALID:
    case IdentityErrorCode.PASSWORD_TOO_COMMON:
      return 400;
    case CommonErrorCode.UNAUTHENTICATED:
    case CommonErrorCode.SESSION_EXPIRED:
    case IdentityErrorCode.INVALID_CREDENTIALS:
      return 401;
    case CommonErrorCode.FORBIDDEN:
    case CommonErrorCode.LOCATION_FORBIDDEN:
    case IdentityErrorCode.ACCOUNT_INACTIVE:
    case CommonErrorCode.CSRF_FAILED:
    case IdentityErrorCode.APPROVAL_LIMIT_EXCEEDED:
    case IdentityErrorCode.CANNOT_CHANGE_OWN_ACCOUNT:
      return 403;
    case CommonErrorCode.NOT_FOUND:
    case CatalogErrorCode.UOM_NOT_FOUND:
    case CatalogErrorCode.REGION_NOT_FOUND:
    case CatalogErrorCode.LOCATION_CATEGORY_NOT_FOUND:
    case CatalogErrorCode.LOCATION_NOT_FOUND:
    case IdentityErrorCode.USER_NOT_FOUND:
    case IdentityErrorCode.ROLE_NOT_FOUND:
      return 404;
    case CommonErrorCode.IN_USE:
    case CommonErrorCode.CONFLICT:
    case CommonErrorCode.DUPLICATE:
    case CommonErrorCode.IDEMPOTENCY_IN_PROGRESS:
    case CatalogErrorCode.UOM_DUPLICATE:
    case CatalogErrorCode.UOM_IN_USE:
    case CatalogErrorCode.UOM_ARCHIVED:
    case CatalogErrorCode.REGION_DUPLICATE:
    case CatalogErrorCode.REGION_IN_USE:
    case CatalogErrorCode.REGION_ARCHIVED:
    case CatalogErrorCode.LOCATION_CATEGORY_DUPLICATE:
    case CatalogErrorCode.LOCATION_CATEGORY_IN_USE:
    case CatalogErrorCode.LOCATION_CATEGORY_ARCHIVED:
    case CatalogErrorCode.LOCATION_SUB_CATEGORY_IN_USE:
    case CatalogErrorCode.LOCATION_DUPLICATE:
    case CatalogErrorCode.LOCATION_IN_USE:
    case CatalogErrorCode.LOCATION_ARCHIVED:
    case CommonErrorCode.ATTACHMENT_MAX_COUNT:
    case IdentityErrorCode.USER_DUPLICATE_EMAIL:
    case IdentityErrorCode.USER_DUPLICATE_USERNAME:
    case IdentityErrorCode.USER_DUPLICATE_CODE:
    case IdentityErrorCode.USER_IN_USE:
    case IdentityErrorCode.USER_NOT_INVITED:
    case IdentityErrorCode.ROLE_DUPLICATE:
    case IdentityErrorCode.ROLE_IN_USE:
    case IdentityErrorCode.ROLE_DIRECTOR_PROTECTED:
      return 409;
    case CommonErrorCode.FILE_TOO_LARGE:
    case CommonErrorCode.PAYLOAD_TOO_LARGE:
      return 413;
    case CommonErrorCode.IDEMPOTENCY_KEY_REUSED:
      return 422;
    case CommonErrorCode.RATE_LIMITED:
    case IdentityErrorCode.ACCOUNT_LOCKED:
      return 429;
    case CommonErrorCode.INTERNAL:
      return 500;
    case CommonErrorCode.SERVICE_UNAVAILABLE:
      return 503;
  }
}
