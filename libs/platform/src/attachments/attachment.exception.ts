import { CommonErrorCode, V } from '@scm/contracts';
import { AppException } from '../http/app-exception.js';

export class AttachmentException extends AppException {
  /** The attachment, its owner type or its owner is not there (or not exposed by this service). */
  static notFound(): AttachmentException {
    return new AttachmentException(CommonErrorCode.NOT_FOUND);
  }

  /** "Files exceed max count" (SPEC.md §8). */
  static maxCount(max: number): AttachmentException {
    return new AttachmentException(CommonErrorCode.ATTACHMENT_MAX_COUNT, { max });
  }

  /** An upload without a single file. */
  static noFiles(): AttachmentException {
    return new AttachmentException(CommonErrorCode.VALIDATION_FAILED, {}, [{ field: 'files', rule: V.required }]);
  }
}
