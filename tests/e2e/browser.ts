import { randomInt } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

/** Debian's Chromium, flags of docs/architecture.md; the journeys reach 127.0.0.1 only. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser profile. Each one presents its own client address (a random /64 of the IPv6
 * documentation range, through the X-Forwarded-For that the server, started with
 * TRUST_PROXY=1, trusts as a proxy's), so journeys do not share per-address rate limits.
 */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const group = () => randomInt(65536).toString(16);
  const ip = `2001:db8:${group()}:${group()}::1`;
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': ip },
  });
  await context.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    return host === '127.0.0.1' || host === 'localhost' ? route.continue() : route.abort();
  });
  const inFlight = new Set<Request>();
  inFlightOf.set(context, inFlight);
  context.on('request', (r) => {
    if (!LONG_LIVED.test(r.url())) inFlight.add(r);
  });
  context.on('requestfinished', (r) => inFlight.delete(r));
  context.on('requestfailed', (r) => inFlight.delete(r));
  return context;
}

/** The file's Chromium, launched and closed by `setUpBrowser()`'s hooks (a live binding: read it in tests and hooks). */
export let browser: Browser;
/** With `setUpBrowser({ pagePerTest: true })`: each test's own fresh profile (`newContext`) and page. */
export let context: BrowserContext;
export let page: Page;

/**
 * The one browser setup of a journey file: Chromium launched before its first test and closed
 * after its last; with `pagePerTest`, a fresh profile and page before each test, closed after it.
 * The file imports `browser` (and `context`, `page`) from here.
 */
export function setUpBrowser(opts: { pagePerTest?: boolean } = {}) {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());
  if (!opts.pagePerTest) return;
  beforeEach(async () => {
    context = await newContext(browser);
    page = await context.newPage();
  });
  afterEach(async () => context?.close());
}

/** Requests that stay open while a page lives: the notification stream of a signed-in page. */
const LONG_LIVED = /\/api\/notifications\/stream(\?|$)/;
const inFlightOf = new WeakMap<BrowserContext, Set<Request>>();

/**
 * Waits for the page to load and its context to have no request in flight for `quietMs`, the
 * notification stream aside. Playwright's 'networkidle' never comes on a signed-in page, which
 * keeps that stream open.
 */
export async function waitForQuiet(page: Page, quietMs = 500, timeoutMs = 30_000) {
  await page.waitForLoadState('load');
  const inFlight = inFlightOf.get(page.context());
  if (!inFlight) throw new Error('waitForQuiet needs a context made by newContext()');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline)
      throw new Error(`still loading: ${[...inFlight].map((r) => r.url())}`);
    await page.waitForTimeout(50);
    if (inFlight.size > 0) quietSince = Date.now();
  }
}

/**
 * Waits until React has hydrated the page Next rendered on the server: Next measures
 * "Next.js-hydration" in the commit that ends it, after which React has reported any mismatch
 * (a recoverable error, logged to the console) in that same commit.
 */
export async function waitForHydration(page: Page, timeout = 30_000) {
  await page.waitForFunction(
    () => performance.getEntriesByName('Next.js-hydration', 'measure').length > 0,
    undefined,
    { timeout },
  );
}

/** The serious and critical accessibility violations axe-core finds on the page. */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Local storage of the page, as a plain object. */
export function storageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...window.localStorage }));
}

/** A unique e-mail for one journey. */
export const uniqueEmail = (who: string) =>
  `${who}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@e2e.talentchain.test`;
