// `npm run lighthouse -- [path ...]`: Lighthouse's mobile preset (its default) in Debian's
// Chromium against a running app (LH_BASE_URL, default http://127.0.0.1:3000), each path LH_RUNS
// times (default 3), reporting the median of each category, low under 95 for performance and
// under 100 for the others, with the audits at fault (docs/performance.md "Budgets"). With
// LH_EMAIL and LH_PASSWORD the pages are measured signed in: the session is stored in the
// browser's local storage once, which Lighthouse's storage reset leaves alone.
// `npm run check:lighthouse` measures every page, starting its own server.
import {
  FIGURE_HEADER,
  figureCells,
  launchChrome,
  logIn,
  measure,
  storeSession,
  table,
} from './lib/lighthouse-run.mjs';

const BASE = (process.env.LH_BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
const RUNS = Number(process.env.LH_RUNS || 3);
const PERFORMANCE_MIN = Number(process.env.LH_PERFORMANCE_MIN || 95);
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];

const chrome = await launchChrome();
let failed = false;
try {
  const signedIn = Boolean(process.env.LH_EMAIL);
  const session = signedIn
    ? await logIn(BASE, process.env.LH_EMAIL, process.env.LH_PASSWORD ?? '')
    : null;
  await storeSession(chrome, BASE, session);
  console.log(`Lighthouse (mobile), median of ${RUNS}, ${BASE}${signedIn ? ' signed in' : ''}`);
  const rows = [];
  for (const path of paths) {
    const m = await measure(chrome, `${BASE}${path}`, { runs: RUNS });
    if (m.errors.length) console.log(`  (${path}: ${m.errors.length} run(s) failed: ${m.errors})`);
    const below = m.runs ? Object.entries(m.failing).filter(([id]) => m.scores[id] < 100) : [];
    const ok = m.runs > 0 && m.scores.performance >= PERFORMANCE_MIN && !below.length;
    failed ||= !ok;
    rows.push([ok ? 'ok' : 'LOW', path, ...figureCells(m)]);
    console.log(`  ${ok ? 'ok ' : 'LOW'} ${path}: ${figureCells(m).join(', ')}`);
    for (const [id, audits] of below)
      console.log(`      ${id} ${m.scores[id]}: ${audits.join(', ')}`);
    for (const note of m.notes) console.log(`      note: ${note}`);
  }
  console.log(`\n${table(['', 'path', ...FIGURE_HEADER], rows)}`);
} finally {
  await chrome.kill();
}
if (failed) process.exit(1);
