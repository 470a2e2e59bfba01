import { api } from '../api/client';
import { signOutListeners } from '../api/session';
import { storage } from './storage';

/**
 * Form drafts kept in browser storage, encrypted (SPEC.md §9) with AES-GCM under the signed-in user's key
 * from `GET /api/encryption_public_key` (SPEC.md §7). The key is held in memory only, so after sign-out a
 * draft left in storage cannot be read, and one user's drafts are useless to another.
 */
interface StoredDraft {
  iv: string;
  data: string;
  savedAt: string;
}

export interface Draft<T> {
  values: T;
  savedAt: string;
}

let key: Promise<CryptoKey> | undefined;
signOutListeners.subscribe(() => {
  key = undefined;
});

function draftKey(): Promise<CryptoKey> {
  key ??= api
    .get<{ key: string }>('/api/encryption_public_key', { silent: true })
    .then((response) =>
      crypto.subtle.importKey('raw', fromBase64Url(response.data.key), 'AES-GCM', false, ['encrypt', 'decrypt']),
    )
    .catch((error: unknown) => {
      key = undefined;
      throw error;
    });
  return key;
}

const storageKey = (id: string) => `draft.${id}`;

export async function saveDraft(id: string, values: unknown): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(values));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await draftKey(), plain));
  storage.setJson(storageKey(id), { iv: toBase64Url(iv), data: toBase64Url(data), savedAt: new Date().toISOString() });
}

/** The draft, or undefined when there is none or it cannot be read (another user's, a stale key). */
export async function loadDraft<T>(id: string): Promise<Draft<T> | undefined> {
  const stored = storage.getJson<StoredDraft>(storageKey(id));
  if (!stored) return undefined;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(stored.iv) },
      await draftKey(),
      fromBase64Url(stored.data),
    );
    return { values: JSON.parse(new TextDecoder().decode(plain)) as T, savedAt: stored.savedAt };
  } catch {
    return undefined;
  }
}

export function hasDraft(id: string): boolean {
  return storage.get(storageKey(id)) !== null;
}

export function discardDraft(id: string): void {
  storage.remove(storageKey(id));
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
