/**
 * Stable error codes. Each context has its own enum; `ErrorCode` is their union. The platform's one error
 * filter maps a code to its HTTP status with an exhaustive switch (`httpStatusOf`) and to the message
 * `errors.<CODE>` in libs/i18n.
 */
export enum CommonErrorCode {
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  NOT_FOUND = 'NOT_FOUND',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  SESSION_EXPIRED = 'SESSION_EXPIRED',
  FORBIDDEN = 'FORBIDDEN',
  CSRF_FAILED = 'CSRF_FAILED',
  LOCATION_FORBIDDEN = 'LOCATION_FORBIDDEN',
  IN_USE = 'IN_USE',
  CONFLICT = 'CONFLICT',
  DUPLICATE = 'DUPLICATE',
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS',
  FILE_TOO_LARGE = 'FILE_TOO_LARGE',
  FILE_TYPE_NOT_ALLOWED = 'FILE_TYPE_NOT_ALLOWED',
  /** An image upload (product images) that is not jpeg, jpg or png. */
  IMAGE_TYPE_NOT_ALLOWED = 'IMAGE_TYPE_NOT_ALLOWED',
  /** An owner already holds (or the upload would bring it past) its maximum number of attachments. */
  ATTACHMENT_MAX_COUNT = 'ATTACHMENT_MAX_COUNT',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  /** An Excel import upload that is not an .xlsx workbook. */
  SPREADSHEET_TYPE_NOT_ALLOWED = 'SPREADSHEET_TYPE_NOT_ALLOWED',
  RATE_LIMITED = 'RATE_LIMITED',
  /** The director replayed a parked event and its handler failed again (the error is in the message). */
  EVENT_REPLAY_FAILED = 'EVENT_REPLAY_FAILED',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  INTERNAL = 'INTERNAL',
}
