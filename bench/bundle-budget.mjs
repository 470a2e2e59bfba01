#!/usr/bin/env node
// `npm run bench`: the web app's bundle against its budget. Builds web/ with vite into a temporary folder with
// a manifest (web/vite.config.ts and web/dist stay untouched), then reads the chunk graph from the manifest:
//   first load  = index.html's entry script + every chunk it imports statically (what the browser fetches
//                 before anything renders; vite modulepreloads exactly these)
//   route chunk = a lazily imported module (a page, the layout) + its static imports not already in the
//                 first load (what one navigation fetches)
// Sizes are gzip (level 9) of the emitted files. Prints figures; exits 0 whatever they are.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const GOALS = { firstLoadKiB: 300, routeKiB: 100 };
const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'web');

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scm-bundle-'));
try {
  const vite = path.join(
    path.dirname(createRequire(path.join(WEB, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const started = performance.now();
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--manifest', 'manifest.json', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: WEB, encoding: 'utf8' },
  );
  if (build.status !== 0) {
    process.stderr.write(build.stdout + build.stderr);
    console.error('vite build failed: no figures');
    process.exitCode = build.status ?? 1;
  } else {
    report(outDir, performance.now() - started);
  }
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}

function report(dir, buildMs) {
  /** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const gzipCache = new Map();
  const gzip = (file) => {
    if (!gzipCache.has(file))
      gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length);
    return gzipCache.get(file);
  };
  const raw = (file) => fs.statSync(path.join(dir, file)).size;
  const kib = (bytes) => (bytes / 1024).toFixed(1).padStart(7);

  /** A chunk and everything it imports statically, as manifest keys. */
  const closure = (key, into = new Set()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, into);
    return into;
  };
  const jsFiles = (keys) => [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const cssFiles = (keys) => [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  const sum = (files, size) => files.reduce((total, file) => total + size(file), 0);

  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry (index.html)');
  const firstLoad = closure(entry);
  const firstLoadJs = jsFiles(firstLoad);
  const firstLoadGzip = sum(firstLoadJs, gzip);

  const routes = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry)
    .map((key) => {
      const own = [...closure(key)].filter((chunk) => !firstLoad.has(chunk));
      const files = jsFiles(own);
      return { name: manifest[key].src ?? key, files, gzip: sum(files, gzip), raw: sum(files, raw) };
    })
    .sort((a, b) => b.gzip - a.gzip);

  const verdict = (bytes, goalKiB) =>
    bytes <= goalKiB * 1024 ? 'within goal' : `OVER goal by ${kib(bytes - goalKiB * 1024).trim()} KiB`;
  console.log(`Bundle budget (vite build in ${(buildMs / 1000).toFixed(1)} s; gzip -9; KiB = 1024 bytes)\n`);
  console.log(
    `First load JS: ${kib(firstLoadGzip).trim()} KiB gzip (${kib(sum(firstLoadJs, raw)).trim()} KiB raw) in ${firstLoadJs.length} file(s) — goal ≤ ${GOALS.firstLoadKiB} KiB: ${verdict(firstLoadGzip, GOALS.firstLoadKiB)}`,
  );
  for (const file of firstLoadJs) console.log(`  ${kib(gzip(file))}  ${file}`);
  const css = cssFiles(firstLoad);
  if (css.length) console.log(`  (plus first-load CSS: ${kib(sum(css, gzip)).trim()} KiB gzip, not counted)`);

  const largest = routes[0];
  console.log(
    largest
      ? `\nLargest route chunk: ${kib(largest.gzip).trim()} KiB gzip — ${largest.name} — goal ≤ ${GOALS.routeKiB} KiB: ${verdict(largest.gzip, GOALS.routeKiB)}`
      : '\nNo lazily loaded route chunks.',
  );
  const layout = routes.find((route) => /components\/layout\/Layout\.tsx$/.test(route.name));
  if (layout) {
    const total = firstLoadGzip + layout.gzip;
    console.log(
      `First load + layout (every signed-in page, before its own route chunk): ${kib(total).trim()} KiB gzip`,
    );
  }
  console.log(`\nRoute chunks (${routes.length}, own code + static imports beyond the first load):`);
  for (const route of routes)
    console.log(`  ${kib(route.gzip)}  ${route.name}${route.gzip > GOALS.routeKiB * 1024 ? '   <-- over goal' : ''}`);
}
