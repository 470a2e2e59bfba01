import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LOCALES_DIR, hasTranslation, translate } from '@scm/i18n';
import type { Language } from '@scm/i18n';

/**
 * Translation of any catalog key on the server, including the web app's namespaces: `ns:path.to.key`
 * (i18next's form, e.g. `suppliers:supplier.fields.company_name`), so an import template's headers are the
 * words the list and form pages show. Keys without `ns:` go to the services' `translate` (`errors.*`,
 * `validation.*`, ...). A key missing in the language falls back to English, then to the key itself.
 */
const namespaces = new Map<string, Record<string, unknown> | null>();

function namespace(language: Language, name: string): Record<string, unknown> | null {
  const cacheKey = `${language}/${name}`;
  if (!namespaces.has(cacheKey)) {
    const file = path.join(LOCALES_DIR, language, `${name}.json`);
    // Only plain namespace names: never a path out of the catalogs.
    const loaded =
      /^[a-z][a-z0-9-]*$/i.test(name) && fs.existsSync(file)
        ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)
        : null;
    namespaces.set(cacheKey, loaded);
  }
  return namespaces.get(cacheKey) ?? null;
}

function lookup(language: Language, name: string, key: string): string | undefined {
  let node: unknown = namespace(language, name);
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function fill(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    params[name] === undefined ? match : String(params[name]),
  );
}

export function translateLabel(language: Language, key: string, params?: Record<string, string | number>): string {
  const colon = key.indexOf(':');
  if (colon < 0) return translate(language, key, params);
  const name = key.slice(0, colon);
  const rest = key.slice(colon + 1);
  const template = lookup(language, name, rest) ?? lookup(DEFAULT_LANGUAGE, name, rest) ?? key;
  return fill(template, params);
}

/** Whether the key has a message in the language itself (no fallback). */
export function hasLabel(language: Language, key: string): boolean {
  const colon = key.indexOf(':');
  if (colon < 0) return hasTranslation(language, key);
  return lookup(language, key.slice(0, colon), key.slice(colon + 1)) !== undefined;
}
