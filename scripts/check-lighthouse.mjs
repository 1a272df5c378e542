// `npm run check:lighthouse`: Lighthouse's mobile preset (simulated slow 4G, 4× slower CPU) in
// Debian's Chromium over every page, signed out and signed in, in both languages (docs/
// performance.md "Lighthouse"). Builds when needed (into .next-lh unless NEXT_DIST_DIR says
// otherwise; CI passes .next to reuse its build), serves it as `npm start` does over a fresh data
// directory (the server seeds the demo data), and fails a page whose median performance of
// LH_RUNS runs (default 5) is under LH_PERFORMANCE_MIN (default 95, the goal), or whose
// accessibility, best practices or SEO is under 100, or whose layout shifts more than
// LH_CLS_MAX (0.02).
//
// LH_ONLY=<text>[,<text>...]: only the pages whose URL (`/es/jobs/3`) or page file (`jobs/[id]`)
// holds one of them.
// LH_COMPACT=1 (CI): the same verdicts in less time: one full run of each page, deciding alone
// when it is LH_DECISIVE_MARGIN (5) or more above the floor, else performance-only runs until a
// majority of the LH_RUNS falls on one side of the floor (2 runs that agree decide a median of 3);
// the figure shown is then the median of the runs made.
// LH_PERFORMANCE_MIN=<score>: the performance floor that fails the check. CI sets it under the
// goal, where the spread of an unchanged build on this machine never reaches (docs/performance.md
// "What CI gates"); pages under LH_GOAL (default 95) but over the floor are listed, not failed.
// A page whose median falls under the floor is measured again, once, performance only, and fails
// when that median is under it too: one slow stretch of a shared machine can drag a page's runs
// down together. LH_SECOND_LOOK=0: no second measurement.
// LH_REPORT_DIR=<dir>: keeps each page's median Lighthouse report (JSON) there, and a screenshot
// of each signed-in page as the check saw it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './lib/app-process.mjs';
import { buildIfNeeded, distDir, nextStartArgs } from './lib/build.mjs';
import {
  FIGURE_HEADER,
  figureCells,
  launchChrome,
  logIn,
  measure,
  storeSession,
  table,
  withTab,
} from './lib/lighthouse-run.mjs';

const started = Date.now();
const root = process.cwd();
const RUNS = Number(process.env.LH_RUNS || 5);
const GOAL = Number(process.env.LH_GOAL ?? 95);
const PERFORMANCE_MIN = Number(process.env.LH_PERFORMANCE_MIN ?? GOAL);
const CLS_MAX = Number(process.env.LH_CLS_MAX ?? 0.02);
const ONLY = (process.env.LH_ONLY || '').split(',').filter(Boolean);
const COMPACT = process.env.LH_COMPACT === '1';
const SECOND_LOOK = process.env.LH_SECOND_LOOK !== '0';
const REPORT_DIR = process.env.LH_REPORT_DIR ? path.resolve(process.env.LH_REPORT_DIR) : null;

/** The demo accounts (db/seed-data.ts DEMO_ACCOUNTS). */
const ACCOUNTS = {
  talent: 'ana.talent@demo.talentchain.dev',
  business: 'maria.business@demo.talentchain.dev',
  operator: 'olga.operator@demo.talentchain.dev',
};
const DEMO_PASSWORD = 'Demo-pass-2026';

// An error page answers 404 or 500: Lighthouse is told to measure it anyway, and what that status
// alone brings is left out of its scores: SEO's "http-status-code" audit, and best practices'
// "errors-in-console" when the console's only errors are the page's own answer (Chromium logs it)
// and its own data file in either language (`/_next/data/<build>/<lang>/500.json`, which
// answers the same status should anything fetch it: the language switch's link did when it was
// prefetched).
const ERROR_PAGE = {
  ignoreStatusCode: true,
  excused: (lhr) => {
    const errors = lhr.audits['errors-in-console']?.details?.items ?? [];
    const page = new URL(lhr.finalDisplayedUrl).pathname.replace(/^\/es(?=\/|$)/, '') || '/';
    const own = (url = '') =>
      url === lhr.finalDisplayedUrl ||
      /\/_next\/data\/[^/]+\/(?:en|es)(\/[^?]*)\.json$/.exec(url)?.[1] === page;
    const ownStatusOnly = errors.every((e) => e.source === 'network' && own(e.sourceLocation?.url));
    return ownStatusOnly ? ['http-status-code', 'errors-in-console'] : ['http-status-code'];
  },
};

// A page that says `robots: noindex` on purpose: one opened from a link that carries a secret
// (docs/security.md "Links that carry a secret") and the operators' console (docs/security.md
// "Operators"). SEO's "is-crawlable" audit is left out of its score, and only that one.
const NOINDEX = { excused: () => ['is-crawlable'] };

/**
 * Every page file under pages/ (without its extension) and what to measure for it: its path
 * (a function of the ids read from the API) and who is signed in (`role`, none when absent).
 * A page file missing here fails the check, so a new page is never left unmeasured.
 */
const PAGES = {
  index: [{ path: '/' }],
  opportunities: [{ path: '/opportunities' }],
  'auth/login': [{ path: '/auth/login' }],
  'auth/register': [{ path: '/auth/register' }],
  'auth/create-account': [{ path: '/auth/create-account' }],
  'auth/recovery': [{ path: '/auth/recovery' }],
  // Ana's profile, and Diego's, whose finished audit has both demo reviews (docs/product.md "Reviews").
  'talents/[id]': [
    { path: (ids) => `/talents/${ids.talent}` },
    { path: (ids) => `/talents/${ids.reviewedTalent}` },
  ],
  'projects/[id]': [{ path: (ids) => `/projects/${ids.project}` }],
  'jobs/[id]': [{ path: (ids) => `/jobs/${ids.job}` }],
  // María's demo company (server's demo seed): the public page with its open postings.
  // John's company (Northwind): its page with the demo reviews.
  'companies/[slug]': [{ path: '/companies/andes-labs' }, { path: '/companies/northwind' }],
  // An id no application stores: the page answers 200 with the "not found" verdict, from the
  // database alone (no chain is asked).
  'verify/[network]/[txId]': [{ path: `/verify/algorand/${'A'.repeat(52)}` }],
  404: [{ path: '/no-such-page', ...ERROR_PAGE }],
  500: [{ path: '/500', ...ERROR_PAGE }],
  'profile/my-profile': [{ path: '/profile/my-profile', role: 'talent' }],
  'profile/edit': [{ path: '/profile/edit', role: 'talent' }],
  'profile/settings': [{ path: '/profile/settings', role: 'talent' }],
  applications: [{ path: '/applications', role: 'talent' }],
  notifications: [{ path: '/notifications', role: 'talent' }],
  'messages/index': [{ path: '/messages', role: 'talent' }],
  'messages/[id]': [{ path: (ids) => `/messages/${ids.conversation}`, role: 'talent' }],
  'business/postings': [{ path: '/business/postings', role: 'business' }],
  'account/tokens': [{ path: '/account/tokens', role: 'talent' }],
  'business/team': [{ path: '/business/team', role: 'business' }],
  'business/webhooks': [{ path: '/business/webhooks', role: 'business' }],
  // A token no invitation has: the page answers 200 and says the link is no longer valid.
  'invitations/[token]': [{ path: '/invitations/no-such-invitation', ...NOINDEX }],
  // A token that is not one: the page answers 200 and says the link is not valid.
  unsubscribe: [{ path: '/unsubscribe?token=no-such-token', ...NOINDEX }],
  // Any token: the page asks before it acts, and says so only once its button is pressed.
  'account/confirm-email': [{ path: '/account/confirm-email?token=no-such-token', ...NOINDEX }],
  'business/projects/new': [{ path: '/business/projects/new', role: 'business' }],
  'business/jobs/new': [{ path: '/business/jobs/new', role: 'business' }],
  'business/company': [{ path: '/business/company', role: 'business' }],
  'business/projects/[id]/edit': [
    { path: (ids) => `/business/projects/${ids.ownProject}/edit`, role: 'business' },
  ],
  'business/jobs/[id]/edit': [
    { path: (ids) => `/business/jobs/${ids.ownJob}/edit`, role: 'business' },
  ],
  'business/projects/[id]/applicants': [
    { path: (ids) => `/business/projects/${ids.ownProject}/applicants`, role: 'business' },
  ],
  'business/jobs/[id]/applicants': [
    { path: (ids) => `/business/jobs/${ids.ownJob}/applicants`, role: 'business' },
  ],
  // The operators' console, as Olga (the demo operator) sees it. /admin only redirects, on the
  // server, to its first tab: that tab is what it shows.
  'admin/index': [{ path: '/admin/verifications', role: 'operator', ...NOINDEX }],
  'admin/verifications': [{ path: '/admin/verifications', role: 'operator', ...NOINDEX }],
  'admin/reports': [{ path: '/admin/reports', role: 'operator', ...NOINDEX }],
  'admin/audit': [{ path: '/admin/audit', role: 'operator', ...NOINDEX }],
};
const LANGS = ['en', 'es'];

/** The page files under pages/, as PAGES names them (Next's own files and the API left out). */
function pageFiles(dir = path.join(root, 'pages'), prefix = '') {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (rel !== 'api') out.push(...pageFiles(path.join(dir, entry.name), rel));
      continue;
    }
    const m = /^(.*)\.(tsx|ts|jsx|js|mdx)$/.exec(rel);
    if (m && !/^_(app|document|error)$/.test(m[1])) out.push(m[1]);
  }
  return out;
}

const files = pageFiles();
const unmeasured = files.filter((f) => !(f in PAGES));
const stale = Object.keys(PAGES).filter((f) => !files.includes(f));
if (unmeasured.length || stale.length) {
  for (const f of unmeasured) console.error(`pages/${f}: no URL to measure (add it to PAGES)`);
  for (const f of stale) console.error(`PAGES names ${f}, which is no page file any more`);
  process.exit(1);
}

const buildEnv = { ...process.env, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next-lh' };
delete buildEnv.DATABASE_URL;
buildIfNeeded(root, buildEnv);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-lighthouse-'));
const logPath = path.join(work, 'server.log');
const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, nextStartArgs({ port, host: '127.0.0.1' }), {
  env: {
    ...buildEnv,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: path.join(work, 'data'),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // No page of the check asks a chain; were one to, it fails at once rather than waiting.
    ALGORAND_INDEXER_URL: 'http://127.0.0.1:9',
    NEAR_RPC_URL: 'http://127.0.0.1:9',
  },
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
});
const serverLog = fs.createWriteStream(logPath);
server.stdout.pipe(serverLog);
server.stderr.pipe(serverLog);

let chrome;
const cleanUp = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // gone
  }
  try {
    if (chrome?.pid) process.kill(chrome.pid, 'SIGKILL');
  } catch {
    // gone
  }
  fs.rmSync(work, { recursive: true, force: true });
};
process.on('exit', cleanUp);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

async function waitForHealth() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  console.error(fs.readFileSync(logPath, 'utf8'));
  throw new Error('The server did not become healthy');
}

async function getJson(url, token) {
  const res = await fetch(`${BASE}/api${url}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const json = await res.json();
  if (!res.ok || !json.status) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}
async function postJson(url, body, token) {
  const res = await fetch(`${BASE}/api${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok || !json.status)
    throw new Error(`POST ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}
const items = (page) => page.data ?? page.items ?? page;

/**
 * The ids the paths need, from the API: the talent's own id, any public project and job, the
 * business's recruiting (so editable) project and job with the most applicants, and a
 * conversation of the talent's.
 */
async function readIds(sessions) {
  const own = async (type) => {
    const list = items(
      await getJson(`/me/postings?type=${type}&per_page=50`, sessions.business.token),
    );
    const recruiting = list.filter((p) => (p.project_status_id ?? p.job_status_id) === 1);
    recruiting.sort((a, b) => (b.applications_count ?? 0) - (a.applications_count ?? 0));
    if (!recruiting.length) throw new Error(`The demo business has no recruiting ${type}`);
    return recruiting[0].id;
  };
  const first = async (type) => {
    const [posting] = items(await getJson(`/${type}s?per_page=1`));
    if (!posting) throw new Error(`No public ${type}`);
    return posting.id;
  };
  // The demo talent's conversation about one of their applications, with a message in it.
  const conversation = async () => {
    const [application] = items(
      await getJson('/me/applications?type=project&per_page=1', sessions.talent.token),
    );
    if (!application) throw new Error('The demo talent has no application');
    const opened = await postJson(
      '/conversations',
      { kind: 'project', application_id: application.id },
      sessions.talent.token,
    );
    await postJson(
      `/conversations/${opened.id}/messages`,
      { body: 'Hello! When would you like to talk about the project?' },
      sessions.talent.token,
    );
    return opened.id;
  };
  return {
    conversation: await conversation(),
    talent: sessions.talent.user.id,
    // The seed numbers accounts in the order of its data: Diego follows Ana.
    reviewedTalent: sessions.talent.user.id + 1,
    project: await first('project'),
    job: await first('job'),
    ownProject: await own('project'),
    ownJob: await own('job'),
  };
}

/** What the app shows instead of a signed-in page: the session check and role or owner refusals. */
const REFUSALS = (() => {
  const checking = [];
  const all = [];
  for (const lang of LANGS) {
    const read = (ns) =>
      JSON.parse(fs.readFileSync(path.join(root, 'public/locales', lang, `${ns}.json`), 'utf8'));
    const { auth } = read('common');
    const { form } = read('market');
    checking.push(auth.checking_session);
    all.push(auth.checking_session, auth.for_talents, auth.for_businesses);
    all.push(form.not_yours, form.not_editable);
  }
  return { checking, all };
})();

/**
 * Opens a signed-in page once and checks it shows what its role sees: still at its URL (not sent
 * to sign in), a heading, none of the refusals. Lighthouse on a refusal would be a false pass.
 */
async function checkSignedIn(url, slug) {
  return withTab(chrome, async (page) => {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Until the stored session is read the page says it is checking it; then it renders, or
    // sends the visitor to sign in. (Not "network idle": the notification stream stays open.)
    await page
      .waitForFunction(
        (checking) => !checking.some((t) => document.body.innerText.includes(t)),
        { timeout: 30_000, polling: 200 },
        REFUSALS.checking,
      )
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 1000));
    const seen = await page.evaluate(() => ({
      /* global document, location */
      href: location.href,
      text: document.body.innerText,
      headings: document.querySelectorAll('h1').length,
    }));
    if (REPORT_DIR) await page.screenshot({ path: path.join(REPORT_DIR, `${slug}.png`) });
    if (seen.href !== url) return `sent to ${seen.href}`;
    const refusal = REFUSALS.all.find((t) => seen.text.includes(t));
    if (refusal) return `shows "${refusal}"`;
    if (!seen.headings) return 'has no heading';
    return null;
  });
}

await waitForHealth();
console.log(`Serving ${distDir(buildEnv)} at ${BASE} (data in ${work})`);
chrome = await launchChrome();
if (REPORT_DIR) fs.mkdirSync(REPORT_DIR, { recursive: true });

const sessions = {
  talent: await logIn(BASE, ACCOUNTS.talent, DEMO_PASSWORD),
  business: await logIn(BASE, ACCOUNTS.business, DEMO_PASSWORD),
  operator: await logIn(BASE, ACCOUNTS.operator, DEMO_PASSWORD),
};
const ids = await readIds(sessions);

const targets = [];
for (const [file, entries] of Object.entries(PAGES))
  for (const entry of entries)
    for (const lang of LANGS) {
      const p = typeof entry.path === 'function' ? entry.path(ids) : entry.path;
      const urlPath = lang === 'en' ? p : p === '/' ? '/es' : `/es${p}`;
      if (ONLY.length && !ONLY.some((o) => urlPath.includes(o) || file.includes(o))) continue;
      // Two page files may show the same URL (/admin redirects to its first tab): measured once.
      const role = entry.role ?? null;
      if (targets.some((x) => x.urlPath === urlPath && x.role === role)) continue;
      targets.push({ ...entry, file, lang, urlPath, role: entry.role ?? null });
    }
// Signed out first, then each role: the session is stored once per role.
const ROLE_ORDER = [null, 'talent', 'business', 'operator'];
targets.sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role));

const runsWord = `${
  COMPACT ? `median of ${RUNS}, stopping once decided (compact)` : `median of ${RUNS}`
}; fails under ${PERFORMANCE_MIN}${GOAL > PERFORMANCE_MIN ? `, goal ${GOAL}` : ''}`;
console.log(
  `Lighthouse (mobile preset), ${targets.length} pages, ${runsWord}; load: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

const rows = [];
const failures = [];
/** Pages over the floor but under the goal (only when the floor is set under the goal). */
const underGoal = [];
let role;
for (const t of targets) {
  if (t.role !== role) {
    role = t.role;
    await storeSession(chrome, BASE, role ? sessions[role] : null);
  }
  const url = `${BASE}${t.urlPath}`;
  const slug = `${t.urlPath.replace(/^\//, '').replace(/[^a-zA-Z0-9]+/g, '_') || 'index'}`;
  const problems = [];
  if (t.role) {
    const refused = await checkSignedIn(url, slug).catch((err) => `not opened: ${err.message}`);
    if (refused) problems.push(`not the signed-in page: ${refused}`);
  }
  const m = await measure(chrome, url, {
    runs: RUNS,
    excused: t.excused,
    ignoreStatusCode: t.ignoreStatusCode,
    compactAt: COMPACT ? PERFORMANCE_MIN : undefined,
  });
  if (m.errors.length) problems.push(`${m.errors.length} run(s) failed (${m.errors.join(', ')})`);
  if (!m.runs) problems.push('no run completed');
  else {
    const elsewhere = m.finalUrls.filter((u) => u !== url);
    if (elsewhere.length) problems.push(`ended at ${elsewhere.join(', ')}`);
    if (m.scores.performance < PERFORMANCE_MIN && SECOND_LOOK) {
      // Measured again, once (performance only): one slow stretch of a shared machine can drag
      // three runs in a row down; a page slower than the floor is slower again.
      const again = await measure(chrome, url, {
        runs: RUNS,
        ignoreStatusCode: t.ignoreStatusCode,
        compactAt: COMPACT ? PERFORMANCE_MIN : undefined,
        performanceOnly: true,
      });
      if (again.runs) {
        m.scores.performance = Math.max(m.scores.performance, again.scores.performance);
        m.perfRuns = [...m.perfRuns, '|', ...again.perfRuns];
      }
    }
    if (m.scores.performance < PERFORMANCE_MIN)
      problems.push(`performance ${m.scores.performance}`);
    else if (m.scores.performance < GOAL) underGoal.push(`${t.urlPath} ${m.scores.performance}`);
    if (m.cls > CLS_MAX) problems.push(`layout shift ${m.cls.toFixed(3)} (at most ${CLS_MAX})`);
    for (const [id, failing] of Object.entries(m.failing))
      if (m.scores[id] < 100) problems.push(`${id} ${m.scores[id]}: ${failing.join(', ')}`);
    if (REPORT_DIR)
      fs.writeFileSync(path.join(REPORT_DIR, `${slug}.json`), JSON.stringify(m.report));
  }
  // A run that failed is tolerated when others completed, as long as the page passes.
  const failed = problems.some((p) => !/run\(s\) failed/.test(p));
  if (failed) failures.push({ t, problems });
  problems.push(...m.notes.map((n) => `note: ${n}`));
  const row = [failed ? 'FAIL' : 'ok', t.urlPath, t.lang, t.role ?? '—', ...figureCells(m)];
  rows.push(row);
  const elapsed = Math.round((Date.now() - started) / 1000);
  console.log(`  ${row.join('  ')}  [${elapsed} s]`);
  for (const p of problems) console.log(`      ${p}`);
}

console.log(`\n${table(['', 'page', 'lang', 'signed in', ...FIGURE_HEADER], rows)}`);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\n${targets.length} pages in ${minutes} min; load: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await chrome.kill();
if (underGoal.length) {
  console.log(
    `\n${underGoal.length} page(s) under the goal of ${GOAL}, over the floor of ${PERFORMANCE_MIN}:`,
  );
  for (const u of underGoal) console.log(`  ${u}`);
}
if (failures.length) {
  console.error(`\n${failures.length} of ${targets.length} pages fail the Lighthouse budget:`);
  for (const { t, problems } of failures)
    console.error(`  ${t.urlPath} (${t.role ?? 'signed out'}): ${problems.join('; ')}`);
  process.exit(1);
}
console.log('Every page within the Lighthouse budget.');
// The server's piped output keeps the loop alive: exit, which stops it (cleanUp).
process.exit(0);
