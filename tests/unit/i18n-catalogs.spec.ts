import fs from 'node:fs';
import path from 'node:path';
import { CatalogErrorCode, CommonErrorCode, IdentityErrorCode, V } from '@scm/contracts';
import { LANGUAGES, LOCALES_DIR, hasTranslation } from '@scm/i18n';

const flatten = (value: unknown, prefix = ''): string[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => flatten(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

const catalogFiles = (language: string): string[] =>
  fs
    .readdirSync(path.join(LOCALES_DIR, language))
    .filter((file) => file.endsWith('.json'))
    .sort();

/** Every namespace file of either language: the services' ones and the web app's (web, routes, layout, ...). */
const ALL_FILES = [...new Set(LANGUAGES.flatMap(catalogFiles))].sort();

describe('i18n catalogs', () => {
  it('has the same namespace files in English and Chinese', () => {
    const [en, zh] = LANGUAGES.map(catalogFiles);
    expect(zh).toEqual(en);
  });

  it.each(ALL_FILES)('%s has the same keys in English and Chinese', (file) => {
    const [en, zh] = LANGUAGES.map((language) => {
      const location = path.join(LOCALES_DIR, language, file);
      return fs.existsSync(location) ? flatten(JSON.parse(fs.readFileSync(location, 'utf8'))).sort() : [];
    });
    const missingInChinese = en.filter((key) => !zh.includes(key));
    const missingInEnglish = zh.filter((key) => !en.includes(key));
    expect({ missingInChinese, missingInEnglish }).toEqual({ missingInChinese: [], missingInEnglish: [] });
  });

  it.each(ALL_FILES)('%s has no empty message in either language', (file) => {
    const empty = LANGUAGES.flatMap((language) => {
      const location = path.join(LOCALES_DIR, language, file);
      if (!fs.existsSync(location)) return [];
      const walk = (value: unknown, prefix: string): string[] =>
        value !== null && typeof value === 'object'
          ? Object.entries(value).flatMap(([key, child]) => walk(child, `${prefix}${key}.`))
          : typeof value === 'string' && value.trim() !== ''
            ? []
            : [`${language}: ${prefix.slice(0, -1)}`];
      return walk(JSON.parse(fs.readFileSync(location, 'utf8')), '');
    });
    expect(empty).toEqual([]);
  });

  it('has a message in both languages for every error code', () => {
    const codes = [
      ...Object.values(CommonErrorCode),
      ...Object.values(CatalogErrorCode),
      ...Object.values(IdentityErrorCode),
    ];
    const missing = codes.flatMap((code) =>
      LANGUAGES.filter((language) => !hasTranslation(language, `errors.${code}`)).map(
        (language) => `${language}: ${code}`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('has a message in both languages for every validation rule', () => {
    const missing = Object.values(V).flatMap((key) =>
      LANGUAGES.filter((language) => !hasTranslation(language, key)).map((language) => `${language}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
