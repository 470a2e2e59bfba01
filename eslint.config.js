// One flat config for the repository (the web app gets its own later). TypeScript is linted with type
// information from the root tsconfig.json, which maps @scm/* to the libraries' sources, so linting needs no
// build first. `npm run lint` runs it with --max-warnings 0.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const unusedVars = {
  argsIgnorePattern: '^_',
  varsIgnorePattern: '^_',
  ignoreRestSiblings: true,
  caughtErrorsIgnorePattern: '^_',
  destructuredArrayIgnorePattern: '^_',
};

/** Every folder under services/, read at load time, so a new service is covered without editing this file. */
const services = readdirSync(new URL('./services/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The composition root of the embedded mode (`npm start` runs services/gateway/dist/embedded.js; embedded-app.ts
 * assembles it) hosts every service's module in one process, so it is the one place allowed to import other
 * services.
 */
const compositionRoots = ['services/gateway/src/embedded*.ts', 'services/gateway/src/embedded/**'];

/** Deepest folder nesting below services/<name>/ that the boundary rule covers (src/a/b/c/... counts). */
const MAX_DEPTH = 12;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Module boundaries (docs/architecture.md, "Services and what they own"): code of services/<a>/ imports neither
 * `@scm/<b>` nor a relative path into services/<b>/ for any other service b; shared code belongs in libs/. `no-restricted-imports` matches
 * the import text, not the resolved file, so one config per folder depth knows how many `../` lead back to
 * services/ — that keeps a service's own folder named like another service (say inventory/src/catalog/)
 * allowed.
 */
function serviceBoundaries() {
  return services.flatMap((service) => {
    const others = services.filter((other) => other !== service).map(escape);
    if (others.length === 0) return [];
    const names = `(${others.join('|')})`;
    const message = `services never import each other (docs/architecture.md): share code through libs/, data through events.`;
    return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => {
      const upToServices = depth + 1;
      return {
        name: `scm/boundaries/${service}/depth-${depth}`,
        files: [`services/${service}/${'*/'.repeat(depth)}*.{ts,js,mjs}`],
        ignores: compositionRoots,
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                { regex: `^@scm/${names}(/|$)`, message },
                { regex: `^(\\./)?(\\.\\./){${upToServices}}${names}(/|$)`, message },
                { regex: `^(\\./)?(\\.\\./){${upToServices + 1},}(.+/)?services/${names}(/|$)`, message },
              ],
            },
          ],
        },
      };
    });
  });
}

/**
 * TypeORM's postgres driver answers `query('UPDATE … RETURNING …')` and `DELETE … RETURNING` as `[rows, count]`, never
 * as the rows: read as rows, `.length` is always 2 and a conditional update looks applied when nothing matched (a
 * revoked POS key was revoked, and announced, again). Such a query's answer goes through the platform's
 * `returnedRows`, or the statement is a SELECT over it (`WITH changed AS (UPDATE … RETURNING …) SELECT …`).
 */
const unwrappedQuery = `CallExpression[callee.property.name='query']:not(CallExpression[callee.name='returnedRows'] > AwaitExpression > CallExpression)`;
const returnedRowsMessage =
  'TypeORM answers UPDATE/DELETE … RETURNING as [rows, count]: read it with returnedRows(await manager.query(…)) from @scm/platform.';
const returnedRowsOnly = [
  // A quoted statement, or a template whose text starts with the write and has RETURNING in any part.
  {
    selector: String.raw`${unwrappedQuery} > Literal[value=/^\s*(UPDATE|DELETE)\s[\s\S]*\sRETURNING\s/i]`,
    message: returnedRowsMessage,
  },
  {
    selector: String.raw`${unwrappedQuery} > TemplateLiteral[quasis.0.value.raw=/^\s*(UPDATE|DELETE)\s/i]:has(TemplateElement[value.raw=/\sRETURNING\s/i])`,
    message: returnedRowsMessage,
  },
];

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'data/',
    'coverage/',
    '**/*.tsbuildinfo',
    'tests/browser/screenshots/',
  ]),

  // Config files and scripts: plain JavaScript rules only.
  {
    name: 'scm/javascript',
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: { 'no-unused-vars': ['error', unusedVars] },
  },

  {
    name: 'scm/typescript',
    files: ['**/*.ts'],
    ignores: ['web/**'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', unusedVars],
      'no-restricted-syntax': ['error', ...returnedRowsOnly],
    },
  },

  // The web app: its own tsconfig (DOM, bundler resolution) and the rules of hooks.
  {
    name: 'scm/web',
    files: ['web/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: {
      globals: globals.browser,
      parserOptions: { project: './web/tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', unusedVars],
      // The classic rules of hooks; the React Compiler rules do not apply (the app is not compiled by it).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Tests read response bodies (typed `any` by supertest) and scripts; asserting on them is the point.
  {
    name: 'scm/tests',
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.distributed-spec.ts', 'tests/**/*.ts', 'libs/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  ...serviceBoundaries(),
);
