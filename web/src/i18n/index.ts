import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../lib/storage';

/**
 * Every catalog of libs/i18n (`locales/<language>/<namespace>.json`), the same files the services
 * translate their messages from. `web` holds the shell and kit; each area has its own namespace.
 */
const files = import.meta.glob<Record<string, unknown>>('../../../libs/i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, catalog] of Object.entries(files)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (!language || !namespace) continue;
  (resources[language] ??= {})[namespace] = catalog;
}

/** Browser language first (SPEC.md §1), default English; a choice made in the language menu is remembered. */
export function initialLanguage(): Language {
  const stored = storage.get('language');
  if (stored === 'en' || stored === 'zh-CN') return stored;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  ns: Object.keys(resources.en ?? {}),
  defaultNS: 'web',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function currentLanguage(): Language {
  return i18next.language === 'zh-CN' ? 'zh-CN' : 'en';
}

export async function changeLanguage(language: Language): Promise<void> {
  storage.set('language', language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

document.documentElement.lang = currentLanguage();

export { i18next };
