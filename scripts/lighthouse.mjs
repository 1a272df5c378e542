// `npm run lighthouse -- [path ...]`: Lighthouse's mobile preset (its default) in Debian's
// Chromium against a running app (LH_BASE_URL, default http://127.0.0.1:3000), each path three
// times, reporting the median performance and the other categories (docs/architecture.md
// "Budgets"). With LH_EMAIL and LH_PASSWORD the pages are measured signed in: the session is
// stored in the browser once, and Lighthouse is told not to clear it.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const BASE = (process.env.LH_BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
const RUNS = Number(process.env.LH_RUNS || 3);
const PERFORMANCE_MIN = Number(process.env.LH_PERFORMANCE_MIN || 95);
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

/** Signs in through the API and stores the session where the app reads it (seed §9 keys). */
async function signIn(email, password) {
  const res = await fetch(`${BASE}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const json = await res.json();
  if (!json.status) throw new Error(`Sign-in failed: ${res.status} ${JSON.stringify(json)}`);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${BASE}/404`);
  await page.evaluate(
    /* global window */
    ({ token, user }) => {
      window.localStorage.setItem('access_token', token);
      const auth = JSON.stringify({ isLoggedIn: true, user });
      window.localStorage.setItem(
        'persist:root',
        JSON.stringify({ auth, _persist: '{"version":-1,"rehydrated":true}' }),
      );
    },
    { token: json.access_token, user: json.data },
  );
  await page.close();
  await browser.disconnect();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let failed = false;
try {
  if (process.env.LH_EMAIL) await signIn(process.env.LH_EMAIL, process.env.LH_PASSWORD ?? '');
  console.log(
    `Lighthouse (mobile), median of ${RUNS}, ${BASE}${process.env.LH_EMAIL ? ' signed in' : ''}`,
  );
  for (const path of paths) {
    const scores = [];
    let last;
    for (let i = 0; i < RUNS; i += 1) {
      const result = await lighthouse(`${BASE}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: Boolean(process.env.LH_EMAIL),
      });
      if (result.lhr.runtimeError) {
        // A run Lighthouse itself could not complete (a protocol timeout on a busy machine) is
        // reported and left out of the median rather than counted as 0.
        console.log(`  (run ${i + 1} of ${path} failed: ${result.lhr.runtimeError.code})`);
        continue;
      }
      last = result.lhr;
      scores.push(Math.round(last.categories.performance.score * 100));
    }
    if (!last) {
      failed = true;
      console.log(`  FAIL ${path}: no run completed`);
      continue;
    }
    const perf = median(scores);
    const cat = (k) => Math.round((last.categories[k]?.score ?? 0) * 100);
    const cls = last.audits['cumulative-layout-shift']?.numericValue ?? 0;
    const lcp = last.audits['largest-contentful-paint']?.numericValue ?? 0;
    const tbt = last.audits['total-blocking-time']?.numericValue ?? 0;
    const ok = perf >= PERFORMANCE_MIN;
    failed ||= !ok;
    console.log(
      `  ${ok ? 'ok  ' : 'LOW '} ${path}: performance ${perf} (${scores.join(', ')}), accessibility ${cat('accessibility')}, best practices ${cat('best-practices')}, SEO ${cat('seo')}; LCP ${Math.round(lcp)} ms, TBT ${Math.round(tbt)} ms, CLS ${cls.toFixed(3)}`,
    );
  }
} finally {
  await chrome.kill();
}
if (failed) process.exit(1);
