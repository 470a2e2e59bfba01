import type { ConsoleMessage, Page, Request, Response } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { DIRECTOR } from './fixtures/users.ts';

/** The part of web/src/routes/route-tree.ts this walk reads. */
interface RouteNode {
  path?: string;
  page?: unknown;
  form?: unknown;
  children?: RouteNode[];
  hiddenRoutes?: RouteNode[];
}

// The route tree is the web app's own module, compiled by the web project (bundler resolution, DOM types); a
// computed specifier keeps the repository's type-check (node resolution) from compiling the whole app through it.
const ROUTE_TREE_MODULE = '../../web/src/routes/route-tree.ts';
const { ROUTE_TREE } = (await import(ROUTE_TREE_MODULE)) as { ROUTE_TREE: RouteNode[] };

/** Every page of the route tree the director may see: each list (or page) and each new-record form. */
function pagesOf(nodes: readonly RouteNode[]): string[] {
  return nodes.flatMap((node) => [
    ...(node.path && node.page ? [node.path] : []),
    ...(node.path && node.form ? [`${node.path}/new`] : []),
    ...pagesOf(node.children ?? []),
    ...pagesOf(node.hiddenRoutes ?? []),
  ]);
}

const PAGES = pagesOf(ROUTE_TREE);

/** What went wrong while a page loaded: console errors, failed requests and API answers of 4xx / 5xx. */
function watch(page: Page) {
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  };
  const onPageError = (error: Error) => problems.push(`uncaught: ${error.message}`);
  const onFailed = (request: Request) => {
    // A navigation away cancels what the previous page still had in flight: not a failure of that page.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') {
      problems.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`);
    }
  };
  const onResponse = (response: Response) => {
    if (response.status() >= 400)
      problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  return problems;
}

/**
 * The page's requests in flight, but the notification streams (EventSource requests stay open by design): the
 * page has settled when none is left. (Playwright's `networkidle` waits a further fixed half second on every page.)
 */
function inFlight(page: Page): Set<Request> {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') open.add(request);
  });
  const done = (request: Request) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return open;
}

/** No request in flight, twice a moment apart (a page may start its next call as the previous one ends). */
async function settled(open: Set<Request>, page: Page): Promise<void> {
  await expect(async () => {
    expect(open.size).toBe(0);
    await page.waitForTimeout(150);
    expect(open.size).toBe(0);
  }).toPass({ timeout: 30_000 });
}

/**
 * Issue 10: no page logs a console error or makes a failing call (the bell's GET /api/notification/get did, on
 * every page). Walks every built page of the route tree as the director, in the project's language, and fails
 * naming each page and what went wrong on it.
 */
test.describe('every page loads without console errors or failed requests', () => {
  test('the director walks every list and new-record page', async ({ page, signInAs, t }) => {
    // Every built page one after another, more with each issue, on a busy 2-core machine: a timeout, not a speed test.
    test.setTimeout(480_000);
    expect(PAGES.length).toBeGreaterThan(40);
    await signInAs(DIRECTOR);
    const problems = watch(page);
    const open = inFlight(page);
    const found: string[] = [];
    for (const path of PAGES) {
      problems.length = 0;
      await page.goto(path);
      // The page rendered (its heading) and settled (no call in flight).
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settled(open, page);
      await expect(page, `${path} stays where it is`).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}(\\?|$)`));
      found.push(...problems.map((problem) => `${path}: ${problem}`));
    }
    // The bell opens its dropdown from the notifications service (what it lists depends on what other flows of the
    // run did, so only the dropdown itself is checked) without a failing call.
    await page.getByTestId('notification-bell').getByRole('button').first().click();
    await expect(page.getByRole('link', { name: t('layout:notifications.viewAll') })).toBeVisible();
    await settled(open, page);
    found.push(...problems.map((problem) => `bell: ${problem}`));
    expect(found).toEqual([]);
  });
});
