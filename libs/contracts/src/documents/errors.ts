/** Errors of the document kit, shared by every document type (messages: libs/i18n errors.json). */
export enum DocumentErrorCode {
  /** 404: no such document in the caller's locations. */
  NOT_FOUND = 'DOCUMENT_NOT_FOUND',
  /** 409: the action does not apply to the document's status (the machine of libs/contracts says so). */
  ACTION_NOT_ALLOWED = 'DOCUMENT_ACTION_NOT_ALLOWED',
  /** 409: the edit or action was made on a revision someone else has since changed. */
  STALE_REVISION = 'DOCUMENT_STALE_REVISION',
  /** 409: the document's fields can no longer be edited in its status. */
  NOT_EDITABLE = 'DOCUMENT_NOT_EDITABLE',
  /** 403: the document's value (USD) is above the caller's role approval_limit. */
  APPROVAL_LIMIT_EXCEEDED = 'DOCUMENT_APPROVAL_LIMIT_EXCEEDED',
  /** 403: the person who submitted cannot approve or reject it while another approver exists. */
  SELF_APPROVAL = 'DOCUMENT_SELF_APPROVAL',
  /** 400: the action needs a remark (reject). */
  REMARK_REQUIRED = 'DOCUMENT_REMARK_REQUIRED',
}
