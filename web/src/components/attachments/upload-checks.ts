import { ATTACHMENT_EXTENSIONS, UPLOAD_MAX_BYTES } from '@scm/contracts';

/** The `accept` of the file picker: `.pdf,.jpeg,.jpg,.png` (SPEC.md §9). */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Why a selection cannot be uploaded, checked before sending (the server checks again, by content). */
export type UploadProblem = 'tooLarge' | 'wrongType' | 'maxCount';

/**
 * The first problem of uploading `files` to a record that already holds `existingCount` of at most
 * `maxCount`: a file over 20 MB, a name without an allowed extension, or one file too many.
 */
export function uploadProblem(
  files: readonly { name: string; size: number }[],
  existingCount: number,
  maxCount: number,
): UploadProblem | undefined {
  if (files.some((file) => file.size > UPLOAD_MAX_BYTES)) return 'tooLarge';
  const allowed: readonly string[] = ATTACHMENT_EXTENSIONS;
  if (files.some((file) => !allowed.includes(file.name.split('.').pop()?.toLowerCase() ?? ''))) return 'wrongType';
  if (existingCount + files.length > maxCount) return 'maxCount';
  return undefined;
}

export type SizeUnit = 'bytes' | 'kb' | 'mb';

/** `532` → 532 bytes, `15_360` → 15 KB, `1_572_864` → 1.5 MB (binary units, as the 20 MB limit). */
export function fileSize(bytes: number): { value: string; unit: SizeUnit } {
  if (bytes < 1024) return { value: String(bytes), unit: 'bytes' };
  if (bytes < 1024 * 1024) return { value: roundTo(bytes / 1024), unit: 'kb' };
  return { value: roundTo(bytes / (1024 * 1024)), unit: 'mb' };
}

function roundTo(value: number): string {
  return value >= 100 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
}
