import { CommonErrorCode, UPLOAD_MAX_BYTES } from '@scm/contracts';

/**
 * What an upload may be (SPEC: up to 20 MB each; documents pdf, jpeg, jpg, png; product images jpeg, jpg,
 * png). The type is recognised from the content (magic bytes), never from the file name or the declared
 * content type: a renamed executable called `invoice.pdf` is refused, a PNG called `scan.pdf` is a PNG.
 */
export type UploadContentType = 'application/pdf' | 'image/jpeg' | 'image/png';

export interface UploadPolicy {
  /** Largest accepted size in bytes (inclusive). */
  maxBytes: number;
  allowedTypes: readonly UploadContentType[];
  /** The refusal of another type (its message names the allowed ones); FILE_TYPE_NOT_ALLOWED by default. */
  wrongType?: CommonErrorCode.FILE_TYPE_NOT_ALLOWED | CommonErrorCode.IMAGE_TYPE_NOT_ALLOWED;
}

export interface InspectedUpload {
  contentType: UploadContentType;
  /** Lower-case, without the dot: `pdf`, `png`, `jpg` (or `jpeg` when the upload was named so). */
  extension: string;
}

export type UploadRejectionReason =
  CommonErrorCode.FILE_TOO_LARGE | CommonErrorCode.FILE_TYPE_NOT_ALLOWED | CommonErrorCode.IMAGE_TYPE_NOT_ALLOWED;

export class UploadRejectedError extends Error {
  constructor(
    readonly reason: UploadRejectionReason,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejectedError';
  }
}

/** 20 MB, counted in binary megabytes (20 × 1024 × 1024 bytes). */
export const MAX_UPLOAD_BYTES = UPLOAD_MAX_BYTES;

/** Attachments: supplier invoices, delivery orders, sales uploads... */
export const DOCUMENT_UPLOAD_POLICY: UploadPolicy = Object.freeze({
  maxBytes: MAX_UPLOAD_BYTES,
  allowedTypes: Object.freeze(['application/pdf', 'image/jpeg', 'image/png'] as const),
});

/** Product images: a PDF is refused with the images' own message ("only jpeg, jpg and png images"). */
export const IMAGE_UPLOAD_POLICY: UploadPolicy = Object.freeze({
  maxBytes: MAX_UPLOAD_BYTES,
  allowedTypes: Object.freeze(['image/jpeg', 'image/png'] as const),
  wrongType: CommonErrorCode.IMAGE_TYPE_NOT_ALLOWED,
});

const EXTENSIONS: Record<UploadContentType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
};

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type named by the file's first bytes, or undefined for anything else. */
export function detectContentType(body: Buffer): UploadContentType | undefined {
  const startsWith = (signature: Buffer): boolean =>
    body.length >= signature.length && body.subarray(0, signature.length).equals(signature);
  if (startsWith(PDF_SIGNATURE)) return 'application/pdf';
  if (startsWith(PNG_SIGNATURE)) return 'image/png';
  if (startsWith(JPEG_SIGNATURE)) return 'image/jpeg';
  return undefined;
}

/** Accepts the upload under `policy` and says what it is, or throws UploadRejectedError. */
export function inspectUpload(body: Buffer, originalName: string, policy: UploadPolicy): InspectedUpload {
  if (body.length > policy.maxBytes) {
    throw new UploadRejectedError(
      CommonErrorCode.FILE_TOO_LARGE,
      `"${originalName}" is ${body.length} bytes; the limit is ${policy.maxBytes} bytes`,
    );
  }
  const contentType = detectContentType(body);
  if (contentType === undefined || !policy.allowedTypes.includes(contentType)) {
    throw new UploadRejectedError(
      policy.wrongType ?? CommonErrorCode.FILE_TYPE_NOT_ALLOWED,
      `"${originalName}" is ${contentType ?? 'not a recognised file type'}; allowed: ${policy.allowedTypes.join(', ')}`,
    );
  }
  const named = extensionOf(originalName);
  const extensions = EXTENSIONS[contentType];
  return { contentType, extension: extensions.includes(named) ? named : extensions[0] };
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}
