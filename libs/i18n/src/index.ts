import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The message catalogs shared by services and the web app: `locales/<language>/<namespace>.json`.
 * Services translate error codes, validation rules and success messages through `translate`.
 */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const NAMESPACES = ['errors', 'validation', 'messages', 'mail'] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Catalog = Record<string, unknown>;

export const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

const catalogs = new Map<Language, Catalog>();

function catalog(language: Language): Catalog {
  let loaded = catalogs.get(language);
  if (!loaded) {
    loaded = {};
    for (const namespace of NAMESPACES) {
      const file = path.join(LOCALES_DIR, language, `${namespace}.json`);
      loaded[namespace] = JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog;
    }
    catalogs.set(language, loaded);
  }
  return loaded;
}

function lookup(language: Language, key: string): string | undefined {
  let node: unknown = catalog(language);
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Catalog)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Picks `en` or `zh-CN` from a user preference, else an Accept-Language header, else English. */
export function resolveLanguage(preferred: string | null | undefined, acceptLanguage?: string): Language {
  for (const candidate of [preferred, ...(acceptLanguage ?? '').split(',')]) {
    const tag = candidate?.split(';')[0]?.trim().toLowerCase();
    if (!tag) continue;
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/**
 * `key` is `<namespace>.<path>` (e.g. `errors.INTERNAL`, `validation.max`); `{{name}}` placeholders are
 * filled from `params`. A key missing in the language falls back to English, then to the key itself.
 */
export function translate(language: Language, key: string, params?: Record<string, string | number>): string {
  const template = lookup(language, key) ?? lookup(DEFAULT_LANGUAGE, key) ?? key;
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    params[name] === undefined ? match : String(params[name]),
  );
}

export function hasTranslation(language: Language, key: string): boolean {
  return lookup(language, key) !== undefined;
}
