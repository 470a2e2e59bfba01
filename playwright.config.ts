import os from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Browser tier (docs/architecture.md, "Tests"): Playwright Test driving Debian's Chromium against the embedded product
 * started from the build by tests/browser/global-setup.ts. Every test runs twice, once per language, with the
 * browser locale choosing it (SPEC.md §1). `npm test` runs this after jest; alone:
 *   npm run build && npx playwright test [--project=en] [file]
 */

/**
 * A test that needs a feature carries the feature's tag (`@layout`, `@uom-pages`, ...). While a feature is being
 * built its tag is listed here and its tests stay out of the run; delete the tag from the list when the feature
 * lands. SCM_BROWSER_PENDING=1 runs them anyway (to see how far a feature is); SCM_BROWSER_PENDING=only runs
 * nothing but them (scripts/test.mjs lists them this way).
 */
export const PENDING_FEATURES: string[] = [];

const pendingMode = process.env.SCM_BROWSER_PENDING;
const pending = new RegExp(PENDING_FEATURES.length > 0 ? PENDING_FEATURES.join('|') : '$^');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.browser-spec.ts',
  globalSetup: './tests/browser/global-setup.ts',
  // Under the gitignored screenshots folder, so failure traces never land in a commit.
  outputDir: 'tests/browser/screenshots/.results',
  ...(pendingMode === 'only' && { grep: pending }),
  ...(!pendingMode && PENDING_FEATURES.length > 0 && { grepInvert: pending }),
  // A 2-core machine runs the product, its PostgreSQL and the browsers.
  workers: Math.min(2, Math.max(1, os.availableParallelism())),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous: the jest tier shares the two cores, and a flow that seeds through the API and clicks through three
  // pages takes about a minute even when the machine is calm (a timeout, never an assertion on speed).
  timeout: 150_000,
  expect: { timeout: 10_000 },
  reporter: process.env.SCM_PLAYWRIGHT_JSON
    ? [['list'], ['json', { outputFile: process.env.SCM_PLAYWRIGHT_JSON }]]
    : [['list']],
  use: {
    // Set by the global set-up before the workers start.
    baseURL: process.env.SCM_BROWSER_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    // A trace records every action's page snapshot, for every test, to keep the failed ones' (a good part of the
    // tier's CPU). CI's clone is thrown away with its traces, so there it records none: the failure's message, page
    // snapshot (error-context.md) and screenshot are in the output.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'en', use: { locale: 'en-US' } },
    { name: 'zh', use: { locale: 'zh-CN' } },
  ],
});
