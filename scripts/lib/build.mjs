// Builds the app when there is no build yet or a source file is newer than the last one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'pages',
  'components',
  'lib',
  'store',
  'services',
  'page-state',
  'server',
  'db',
  'public',
  'styles',
  'types',
  'next.config.js',
  'next-i18next.config.js',
  'package.json',
  'tsconfig.json',
  'instrumentation.ts',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, entry)));
  return max;
}

/**
 * Where a build lives: `.next` for what `npm start` serves; the browser journeys build their own
 * (NEXT_DIST_DIR=.next-e2e, with the test wallet signer and loopback chains), never served by it.
 */
export const distDir = (env = process.env) => env.NEXT_DIST_DIR || '.next';

export function needsBuild(root = process.cwd(), env = process.env) {
  const stamp = path.join(root, distDir(env), 'BUILD_ID');
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

/**
 * Makes the PGlite template of new data directories when it is missing (db/pglite.ts), so that
 * the first start on an empty data directory is as quick as the next ones (docs/architecture.md
 * "Start-up"). Not for PostgreSQL. A failure only costs that start its speed: PGlite then
 * initialises the directory itself.
 */
export function preparePgliteTemplate(root = process.cwd(), env = process.env) {
  if (env.DATABASE_URL) return;
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/pglite-template.ts')],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env },
  );
  if (res.status !== 0) console.warn('The PGlite template was not made; starting without it.');
}

/** Builds the app when needed (see needsBuild), then makes sure of the PGlite template. */
export function buildIfNeeded(root = process.cwd(), env = process.env) {
  if (needsBuild(root, env)) build(root, env);
  preparePgliteTemplate(root, env);
}

function build(root, env) {
  console.log(`Building the app into ${distDir(env)} (first start or sources changed)...`);
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'build', '--webpack'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, NEXT_TELEMETRY_DISABLED: '1' },
    },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}

/**
 * The production server (scripts/serve.mjs: Next's handler with the security headers built once),
 * as arguments for `node`. Callers spawn it in its own process group, stoppable as a whole.
 */
export function nextStartArgs({ port, host }) {
  return [path.join(process.cwd(), 'scripts/serve.mjs'), '-p', String(port), '-H', host];
}
