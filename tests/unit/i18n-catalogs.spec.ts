import fs from 'node:fs';
import path from 'node:path';
import { CatalogErrorCode, CommonErrorCode, IdentityErrorCode, V } from '@scm/contracts';
import { LANGUAGES, LOCALES_DIR, NAMESPACES, hasTranslation } from '@scm/i18n';

const flatten = (value: unknown, prefix = ''): string[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => flatten(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

describe('i18n catalogs', () => {
  it.each(NAMESPACES)('%s has the same keys in English and Chinese', (namespace) => {
    const [en, zh] = LANGUAGES.map((language) =>
      flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'))).sort(),
    );
    expect(zh).toEqual(en);
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
