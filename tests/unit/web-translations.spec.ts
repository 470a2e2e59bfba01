import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES_DIR } from '@scm/i18n';
import ts from 'typescript';

/**
 * docs/architecture.md, "Web app": no user-visible literal in components, every string an i18next key present in
 * the catalogs.
 * The web sources are parsed with the TypeScript compiler API (no build needed); findings are `file:line`.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB_SRC = path.join(ROOT, 'web/src');
const DEFAULT_NAMESPACE = 'web';

/** Attributes whose value a user reads or hears. */
const VISIBLE_ATTRIBUTES = new Set(['title', 'placeholder', 'aria-label', 'alt', 'label']);
const LETTER = /\p{L}/u;

function sourceFiles(dir: string, extensions: string[]): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const location = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(location, extensions);
    return extensions.some((extension) => entry.name.endsWith(extension)) && !entry.name.endsWith('.d.ts')
      ? [location]
      : [];
  });
}

function parse(file: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
}

function where(source: ts.SourceFile, node: ts.Node): string {
  // JSX text starts right after the previous tag: report the line of its first visible character.
  const offset = ts.isJsxText(node) ? node.getText(source).search(/\S/) : 0;
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source) + Math.max(0, offset));
  return `${path.relative(ROOT, source.fileName)}:${line + 1}`;
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

const isStringLike = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** Literal text inside an attribute's expression that is not an argument of a call (so `t('key')` passes). */
function literalTexts(expression: ts.Node): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) return;
    if (isStringLike(node) && LETTER.test(node.text)) found.push(node);
    else if (ts.isTemplateExpression(node)) {
      const parts = [node.head, ...node.templateSpans.map((span) => span.literal)];
      if (parts.some((part) => LETTER.test(part.text))) found.push(node);
      node.templateSpans.forEach((span) => visit(span.expression));
    } else node.forEachChild(visit);
  };
  visit(expression);
  return found;
}

/** Untranslated text in one component file: JSX text with letters, literal values of visible attributes. */
export function untranslatedLiterals(file: string): string[] {
  const source = parse(file);
  const findings: string[] = [];
  walk(source, (node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (LETTER.test(text)) findings.push(`${where(source, node)}: text "${text}"`);
    } else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isJsxElement(node.parent) &&
      isStringLike(node.expression)
    ) {
      if (LETTER.test(node.expression.text)) findings.push(`${where(source, node)}: text {"${node.expression.text}"}`);
    } else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      for (const literal of value ? literalTexts(value) : []) {
        findings.push(`${where(source, literal)}: ${node.name.getText(source)}=${literal.getText(source)}`);
      }
    }
  });
  return findings;
}

/** `t('ns:key')` / `i18next.t('key')` / `<Trans i18nKey="...">` calls with a literal key, with where they are. */
export function literalKeys(file: string): { key: string; namespaces: string[]; at: string }[] {
  const source = parse(file);
  // `useTranslation('layout')` makes `layout` the default namespace of that file's un-prefixed keys.
  const fileNamespaces = new Set<string>([DEFAULT_NAMESPACE]);
  const keys: { node: ts.Node; key: string }[] = [];
  walk(source, (node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const [first] = node.arguments;
      if (name === 'useTranslation' && first && isStringLike(first)) fileNamespaces.add(first.text);
      if (name === 't' && first && isStringLike(first)) keys.push({ node: first, key: first.text });
    } else if (ts.isJsxAttribute(node) && node.name.getText(source) === 'i18nKey' && node.initializer) {
      if (ts.isStringLiteral(node.initializer)) keys.push({ node: node.initializer, key: node.initializer.text });
    }
  });
  return keys.map(({ node, key }) => ({ key, namespaces: [...fileNamespaces], at: where(source, node) }));
}

function englishCatalog(): Record<string, unknown> {
  const dir = path.join(LOCALES_DIR, 'en');
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.slice(0, -5), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown]),
  );
}

function lookup(catalog: Record<string, unknown>, namespace: string, dotted: string): unknown {
  let node: unknown = catalog[namespace];
  for (const part of dotted.split('.')) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/** i18next resolves a key to a message, or to its plural forms (`key_one`, `key_other`). */
function resolves(catalog: Record<string, unknown>, key: string, namespaces: string[]): boolean {
  const [namespace, dotted] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [undefined, key];
  return (namespace ? [namespace] : namespaces).some(
    (candidate) =>
      typeof lookup(catalog, candidate, dotted) === 'string' ||
      typeof lookup(catalog, candidate, `${dotted}_other`) === 'string',
  );
}

describe('web translations', () => {
  it('finds the web sources', () => {
    expect(sourceFiles(WEB_SRC, ['.tsx']).length).toBeGreaterThan(0);
  });

  it('has no untranslated text or visible attribute literal in any component', () => {
    const findings = sourceFiles(WEB_SRC, ['.tsx']).flatMap(untranslatedLiterals);
    expect(findings).toEqual([]);
  });

  it('has every literal t() key of web/src in the English catalog', () => {
    const catalog = englishCatalog();
    const missing = sourceFiles(WEB_SRC, ['.ts', '.tsx'])
      .flatMap(literalKeys)
      .filter(({ key, namespaces }) => !resolves(catalog, key, namespaces))
      .map(({ key, at }) => `${at}: ${key}`);
    expect(missing).toEqual([]);
  });

  describe('the checks themselves', () => {
    let dir: string;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scm-web-i18n-'));
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const sample = (name: string, text: string): string => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return file;
    };

    it('reports JSX text and visible attribute literals with file and line, and lets keys and punctuation pass', () => {
      const file = sample(
        'Sample.tsx',
        [
          'export const A = () => (',
          '  <div title={t("web:app.title")} className="p-4">',
          '    <span aria-label="Close">×</span>',
          '    {t("web:login.title")} — {count}',
          '    Save changes',
          '    <input placeholder={open ? t("a") : "Search"} />',
          '    <img alt={`Logo of ${name}`} />',
          '    <b>{"Hello"}</b>',
          '  </div>',
          ');',
        ].join('\n'),
      );
      const findings = untranslatedLiterals(file).map((finding) => finding.replace(/^.*Sample\.tsx/, 'Sample.tsx'));
      expect(findings).toEqual([
        'Sample.tsx:3: aria-label="Close"',
        'Sample.tsx:5: text "Save changes"',
        'Sample.tsx:6: placeholder="Search"',
        'Sample.tsx:7: alt=`Logo of ${name}`',
        'Sample.tsx:8: text {"Hello"}',
      ]);
    });

    it('reads literal keys with their namespace and skips computed ones', () => {
      const file = sample(
        'keys.ts',
        [
          "const { t } = useTranslation('layout');",
          "t('search.label'); i18next.t('web:errors.generic'); t(`routes:${id}`); t(key);",
        ].join('\n'),
      );
      const found = literalKeys(file).map(({ key, namespaces }) => ({ key, namespaces }));
      expect(found).toEqual([
        { key: 'search.label', namespaces: ['web', 'layout'] },
        { key: 'web:errors.generic', namespaces: ['web', 'layout'] },
      ]);
    });
  });
});
