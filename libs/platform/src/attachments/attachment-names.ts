import { assertValidFileKey } from '../storage/file-storage.js';

/** Owner ids become a storage-key segment: plain ids only (uuids, document numbers). */
const OWNER_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function isValidOwnerId(ownerId: string): boolean {
  return OWNER_ID.test(ownerId);
}

/** `<service>/<owner type>/<owner id>/<attachment id>.<extension>`: chosen by us, never by the file name. */
export function attachmentStorageKey(
  service: string,
  ownerType: string,
  ownerId: string,
  attachmentId: string,
  extension: string,
): string {
  const key = `${service}/${ownerType}/${ownerId}/${attachmentId}.${extension}`;
  assertValidFileKey(key);
  return key;
}

const MAX_NAME_LENGTH = 200;
// eslint-disable-next-line no-control-regex -- removing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The name to keep and offer on download: the last path segment, without control characters, whitespace
 * collapsed, at most 200 characters (keeping its extension); `file.<extension>` when nothing is left.
 */
export function cleanFileName(name: string | undefined, extension: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(CONTROL_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) return `file.${extension}`;
  const characters = Array.from(cleaned);
  if (characters.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const suffix = dot > 0 && cleaned.length - dot <= 10 ? Array.from(cleaned.slice(dot)) : [];
  return characters.slice(0, MAX_NAME_LENGTH - suffix.length).join('') + suffix.join('');
}

/**
 * `Content-Disposition` offering `name` (RFC 6266): an ASCII fallback in `filename` and the exact name,
 * percent-encoded UTF-8, in `filename*`, so 发票.pdf downloads as 发票.pdf and no name can break the header.
 */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
