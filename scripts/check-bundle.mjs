// First-load JavaScript per page (gzip), from the build's build-manifest.json (docs/performance.md "Budgets"):
// .next, or NEXT_DIST_DIR's.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { distDir } from './lib/build.mjs';
import compileHints from '../lib/compile-hints-plugin.js';

const BUDGET_KB = Number(process.env.FIRST_LOAD_BUDGET_KB || 175);
const root = process.cwd();
const dist = distDir();
const manifestPath = path.join(root, dist, 'build-manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const polyfills = new Set(manifest.polyfillFiles ?? []);
const sizeCache = new Map();
const gz = (file) => {
  if (!sizeCache.has(file)) {
    const buf = fs.readFileSync(path.join(root, dist, file));
    sizeCache.set(file, zlib.gzipSync(buf, { level: 9 }).length);
  }
  return sizeCache.get(file);
};
const js = (files) => (files ?? []).filter((f) => f.endsWith('.js') && !polyfills.has(f));

const shared = [...new Set([...js(manifest.rootMainFiles), ...js(manifest.pages['/_app'])])];
const rows = [];
for (const [route, files] of Object.entries(manifest.pages)) {
  if (route === '/_app' || route === '/_error' || route === '/_document') continue;
  const all = new Set([...shared, ...js(files)]);
  const bytes = [...all].reduce((sum, f) => sum + gz(f), 0);
  rows.push({ route, kb: bytes / 1024 });
}
rows.sort((a, b) => a.route.localeCompare(b.route));
const sharedKb = shared.reduce((s, f) => s + gz(f), 0) / 1024;
console.log(
  `First-load JS (gzip), budget ${BUDGET_KB} KB; shared by all pages: ${sharedKb.toFixed(1)} KB`,
);
for (const r of rows)
  console.log(
    `  ${r.kb > BUDGET_KB ? 'OVER' : 'ok  '}  ${r.kb.toFixed(1).padStart(6)} KB  ${r.route}`,
  );
const over = rows.filter((r) => r.kb > BUDGET_KB);
if (over.length) {
  console.error(`${over.length} page(s) over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}

// The wallet libraries load on demand: no first load may carry them (docs/architecture.md
// "Wallets"). Each is recognised by a string only its code holds.
const WALLET_MARKERS = {
  algosdk: 'suggestedParams',
  'near-api-js': 'Failed to redirect to sign transaction',
  '@perawallet/connect': 'PeraWalletConnect',
};
const firstLoadFiles = new Set([
  ...shared,
  ...Object.values(manifest.pages).flatMap((files) => js(files)),
]);
const carried = [];
for (const file of firstLoadFiles) {
  const text = fs.readFileSync(path.join(root, dist, file), 'utf8');
  for (const [lib, marker] of Object.entries(WALLET_MARKERS)) {
    if (text.includes(marker)) carried.push(`${lib} in ${file}`);
  }
}
if (carried.length) {
  console.error(`Wallet code in a first load: ${carried.join('; ')}`);
  process.exit(1);
}
console.log('Wallet libraries: in no first load.');

// Every file a page loads at start carries V8's compile hint, and none of the wallet libraries'
// files (loaded on demand) does (lib/compile-hints-plugin.js): the hint has V8 compile a whole
// file, which pays off for code that runs as the page loads, not for large libraries most of
// whose functions never run.
const staticJs = fs
  .readdirSync(path.join(root, dist, 'static', 'chunks'), { recursive: true })
  .map((f) => `static/chunks/${String(f)}`)
  .filter((f) => f.endsWith('.js') && !polyfills.has(f));
const texts = new Map();
const textOf = (file) => {
  if (!texts.has(file)) texts.set(file, fs.readFileSync(path.join(root, dist, file), 'utf8'));
  return texts.get(file);
};
const hinted = (file) => textOf(file).startsWith(compileHints.HINT);
const walletFiles = staticJs.filter((f) =>
  Object.values(WALLET_MARKERS).some((marker) => textOf(f).includes(marker)),
);
const unhinted = [...firstLoadFiles].filter((f) => !hinted(f));
const walletHinted = walletFiles.filter(hinted);
if (!walletFiles.length) {
  console.error('No wallet library found in the build: WALLET_MARKERS needs updating.');
  process.exit(1);
}
if (unhinted.length || walletHinted.length) {
  if (unhinted.length) console.error(`First-load files without the compile hint: ${unhinted}`);
  if (walletHinted.length) console.error(`Wallet files with the compile hint: ${walletHinted}`);
  process.exit(1);
}
console.log(
  `Compile hint: on all ${firstLoadFiles.size} first-load files, on none of the ${walletFiles.length} wallet files.`,
);

// The test wallet signer exists only in the journeys' build (scripts/e2e.mjs), never here.
const TEST_SIGNER_MARKER = 'tc-test-algorand-account';
const staticDir = path.join(root, dist, 'static');
const withSigner = fs
  .readdirSync(staticDir, { recursive: true })
  .filter((f) => String(f).endsWith('.js'))
  .filter((f) =>
    fs.readFileSync(path.join(staticDir, String(f)), 'utf8').includes(TEST_SIGNER_MARKER),
  );
if (withSigner.length) {
  console.error(`The test wallet signer is in this build: ${withSigner.join(', ')}`);
  process.exit(1);
}
console.log('Test wallet signer: absent.');
