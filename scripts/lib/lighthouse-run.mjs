// What `npm run lighthouse` and `npm run check:lighthouse` share: Debian's Chromium driven by
// Lighthouse's mobile preset (its default: a Moto G Power-sized screen, simulated slow 4G and a
// 4× slower CPU), the session stored in the browser, runs and their medians, the table.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** One headless Chromium, reused by every run (Lighthouse opens a fresh tab for each). */
export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
}

/** A puppeteer tab in `chrome`, closed (and the browser let go) after `fn`. */
export async function withTab(chrome, fn) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  try {
    return await fn(page);
  } finally {
    await page.close().catch(() => {});
    await browser.disconnect();
  }
}

/** Signs in through the API; the answer's `data` is the user, `access_token` the session. */
export async function logIn(base, email, password) {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const json = await res.json();
  if (!json.status)
    throw new Error(`Sign-in of ${email} failed: ${res.status} ${JSON.stringify(json)}`);
  return { token: json.access_token, user: json.data };
}

/**
 * Puts `session` (from logIn) where the app reads it, as signing in in the browser would (docs/product.md "Constants and limits"
 * keys: `access_token` and redux-persist's `persist:root`; the session cookie); null signs out. Everything else the
 * origin kept in local storage goes first, so one role's state never leaks into another's runs.
 */
export async function storeSession(chrome, base, session) {
  await withTab(chrome, async (page) => {
    // A document of the origin that is no page of the app: an app page's own store would write
    // its (signed-out) state over this one's once it has loaded.
    await page.goto(`${base}/api/health`);
    await page.evaluate(
      /* global window, document */
      (s) => {
        window.localStorage.clear();
        // The session cookie the app writes beside the storage key (lib/session-cookie.ts).
        document.cookie = `tc_session=${s ? s.token : ''}; Path=/; Max-Age=${s ? 3600 : 0}; SameSite=Strict`;
        if (!s) return;
        window.localStorage.setItem('access_token', s.token);
        const auth = JSON.stringify({ isLoggedIn: true, user: s.user });
        window.localStorage.setItem(
          'persist:root',
          JSON.stringify({ auth, _persist: '{"version":-1,"rehydrated":true}' }),
        );
      },
      session,
    );
    const stored = await page.evaluate(() => window.localStorage.getItem('access_token'));
    if (stored !== (session?.token ?? null)) throw new Error('The session was not stored');
  });
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * A category's score out of 100, leaving out the audits in `excluded` (the same weighted mean
 * Lighthouse computes; its not-applicable and informative audits already weigh 0).
 */
export function categoryScore(lhr, id, excluded = []) {
  const cat = lhr.categories[id];
  if (!cat) return 0;
  if (!excluded.length) return Math.round((cat.score ?? 0) * 100);
  let sum = 0;
  let weights = 0;
  for (const ref of cat.auditRefs) {
    if (!ref.weight || excluded.includes(ref.id)) continue;
    sum += ref.weight * (lhr.audits[ref.id]?.score ?? 0);
    weights += ref.weight;
  }
  return weights ? Math.round((sum / weights) * 100) : 100;
}

/** The weighed audits of a category that did not fully pass, as `id (score)`. */
export function failingAudits(lhr, id, excluded = []) {
  return (lhr.categories[id]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && !excluded.includes(ref.id))
    .filter((ref) => (lhr.audits[ref.id]?.score ?? 0) < 1)
    .map((ref) => {
      const score = lhr.audits[ref.id]?.score;
      return score === null || score === undefined ? ref.id : `${ref.id} (${score})`;
    });
}

/**
 * How long a run waits for the page to settle (network and CPU quiet) before measuring what it
 * has. Lighthouse's default is 45 s, for slow sites across the internet; a page of a local server
 * settles within a few seconds, and one that never does (a request that never ends) is reported
 * by measure() rather than waited for three times as long.
 */
export const MAX_WAIT_FOR_LOAD_MS = Number(process.env.LH_MAX_WAIT_MS || 15_000);

/**
 * One Lighthouse run of `url` in `chrome`. Storage is reset as Lighthouse does by default: the
 * HTTP cache, service workers and Cache Storage go (every run is a first visit), local storage
 * stays (`clearStorageTypes` leaves it), so a session stored by storeSession() survives. A run
 * Lighthouse itself could not complete (a protocol timeout on a busy machine) is tried once more.
 */
export async function runOnce(chrome, url, { ignoreStatusCode = false, onlyCategories } = {}) {
  let lhr;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      ignoreStatusCode,
      onlyCategories,
      maxWaitForLoad: MAX_WAIT_FOR_LOAD_MS,
      // Only the report's element thumbnails use it; no score does. Saves a few seconds a run.
      disableFullPageScreenshot: true,
    });
    lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
  }
  return lhr;
}

/** Requests still open when a run ended, as `url (type, priority)`. */
const unfinished = (lhr) =>
  (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((r) => r.finished === false)
    .map((r) => `${r.url.replace(/^https?:\/\/[^/]+/, '')} (${r.resourceType}, ${r.priority})`);

/** How far above the compact form's threshold one run decides a page alone (LH_DECISIVE_MARGIN). */
export const DECISIVE_MARGIN = Number(process.env.LH_DECISIVE_MARGIN || 5);

/**
 * `runs` runs of `url`: the median of each category and metric over the runs that completed,
 * the failing audits of the median run of each category, and that run's report (the one whose
 * performance is the median). `excused(lhr)` names audits of a run left out of its scores (an
 * error page's status code). `notes` are what the runs warned of (a page that never settled).
 *
 * With `compactAt` (a performance threshold), the compact form: the runs after the first measure
 * performance only (accessibility, best practices and SEO do not depend on the machine's speed),
 * and they stop once a majority of the planned runs falls on one side of the threshold, where the
 * median of all of them would fall too (3 runs: 2 that agree decide it), or at once when the
 * first run is `DECISIVE_MARGIN` or more above it: a page whose median would fall under the
 * threshold does not give a single run that high (docs/performance.md "What CI gates").
 */
export async function measure(chrome, url, options = {}) {
  const {
    runs = 3,
    excused = () => [],
    ignoreStatusCode = false,
    compactAt,
    performanceOnly = false,
  } = options;
  const compact = compactAt !== undefined && compactAt !== null;
  const lhrs = [];
  const errors = [];
  const majority = Math.floor(runs / 2) + 1;
  for (let i = 0; i < runs; i += 1) {
    if (compact && lhrs.length === 1) {
      if (categoryScore(lhrs[0], 'performance') >= compactAt + DECISIVE_MARGIN) break;
    }
    if (compact && lhrs.length) {
      const above = lhrs.filter((l) => categoryScore(l, 'performance') >= compactAt).length;
      if (above >= majority || lhrs.length - above >= majority) break;
    }
    const lhr = await runOnce(chrome, url, {
      ignoreStatusCode,
      onlyCategories: performanceOnly || (compact && lhrs.length) ? ['performance'] : undefined,
    });
    if (!lhr || lhr.runtimeError) {
      errors.push(lhr?.runtimeError?.code ?? 'NO_RESULT');
      continue;
    }
    lhrs.push(lhr);
  }
  if (!lhrs.length) return { url, errors, runs: 0, notes: [] };
  const perfRuns = lhrs.map((l) => categoryScore(l, 'performance'));
  const perf = median(perfRuns);
  const report = lhrs[perfRuns.indexOf(perf)];
  const scores = { performance: perf };
  const failing = {};
  for (const id of CATEGORIES.slice(1)) {
    const withCategory = lhrs.filter((l) => l.categories[id]);
    const values = withCategory.map((l) => categoryScore(l, id, excused(l)));
    scores[id] = median(values);
    const medianRun = withCategory[values.indexOf(scores[id])];
    failing[id] = scores[id] < 100 ? failingAudits(medianRun, id, excused(medianRun)) : [];
  }
  const metric = (id) => median(lhrs.map((l) => l.audits[id]?.numericValue ?? 0));
  const notes = [];
  const unsettled = lhrs.filter((l) => l.runWarnings.some((w) => /too slowly/.test(w)));
  if (unsettled.length) {
    const open = [...new Set(unsettled.flatMap(unfinished))];
    notes.push(
      `${unsettled.length} run(s) waited the full ${MAX_WAIT_FOR_LOAD_MS / 1000} s for the page to settle; still open: ${open.join(', ') || 'nothing'}`,
    );
  }
  return {
    url,
    errors,
    notes,
    runs: lhrs.length,
    perfRuns,
    scores,
    failing,
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    // Where each run ended: a page that sends its visitor elsewhere was not the page measured.
    finalUrls: [...new Set(lhrs.map((l) => l.finalDisplayedUrl))],
    report,
  };
}

/** Rows (arrays of cells) as an aligned text table under `header`. */
export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => String(c).padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The measured figures of one page as table cells (after the caller's own leading cells). */
export function figureCells(m) {
  if (!m.runs) return ['—', '—', '—', '—', '—', '—', '—'];
  const s = m.scores;
  return [
    `${s.performance} (${m.perfRuns.join(' ')})`,
    s.accessibility ?? '—',
    s['best-practices'] ?? '—',
    s.seo ?? '—',
    `${Math.round(m.lcp)} ms`,
    `${Math.round(m.tbt)} ms`,
    m.cls.toFixed(3),
  ];
}

export const FIGURE_HEADER = ['perf (runs)', 'a11y', 'bp', 'seo', 'LCP', 'TBT', 'CLS'];
