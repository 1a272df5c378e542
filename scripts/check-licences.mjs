// @ts-check
// `npm run check:licences`: every package in package-lock.json (the app's and the tools', as npm
// installs them) must be under a licence the project's own, AGPL-3.0-or-later, may combine with;
// and docs/licences.md must be the list this script writes. `-- --write` writes it.
//
// A package's licence is its installed package.json's `license` (an SPDX expression), or the
// older `licenses: [{type}]` form; for a platform's optional package that this machine did not
// install (another system's esbuild or sharp), the licence npm recorded in the lockfile. A
// package that declares none, or declares something its files contradict, is in EXCEPTIONS
// below, by name and version, with what its files say and where; a new version must be looked
// at again. The list depends only on package-lock.json, so the same on every machine.
//
// checkLicences() and the expression parser are the core (tested in
// tests/unit/check-licences.test.ts); the rest reads the disk.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's own licence (LICENSE, package.json). */
export const PROJECT_LICENSE = 'AGPL-3.0-or-later';

/**
 * SPDX identifiers whose code may be combined into an AGPL-3.0-or-later work (the FSF's list of
 * GPLv3-compatible licences): permissive licences, public-domain dedications, weak copyleft
 * (MPL-2.0 through its section 3.3, the LGPL), the GPL version 3 family, and CC-BY-4.0, which
 * only data uses here (caniuse-lite). GPL-2.0-only, SSPL, the Commons Clause, "UNLICENSED" and
 * anything not listed fail.
 */
export const COMPATIBLE = new Set([
  '0BSD',
  'AGPL-3.0-only',
  'AGPL-3.0-or-later',
  'Apache-2.0',
  'Artistic-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'CC0-1.0',
  'GPL-2.0-or-later',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'ISC',
  'LGPL-2.1-only',
  'LGPL-2.1-or-later',
  'LGPL-3.0-only',
  'LGPL-3.0-or-later',
  'MIT',
  'MIT-0',
  'MPL-2.0',
  'Python-2.0',
  'Unlicense',
  'WTFPL',
  'Zlib',
]);

/**
 * Packages whose declared licence is missing or wrong, by `name@version`: the licence their own
 * files state, and where. Reviewed by hand; keep it short.
 */
export const EXCEPTIONS = {
  'tweetnacl-ts@1.0.3': {
    license: 'Unlicense',
    reason: 'package.json says "UNLICENSED", but its LICENSE file is the Unlicense (public domain)',
  },
  'humanize-number@0.0.2': {
    license: 'MIT',
    reason: 'no licence field; its Readme.md says "License: MIT"',
  },
  'only@0.0.2': {
    license: 'MIT',
    reason: 'no licence field; its Readme.md carries the MIT License text',
  },
  'parse-cache-control@1.0.1': {
    license: 'BSD-3-Clause',
    reason: 'package.json says "BSD"; its LICENSE file is the three-clause BSD licence',
  },
};

/** Deprecated SPDX identifiers, as the current ones (a plain "GPL-2.0" is GPL-2.0-only). */
const DEPRECATED = {
  'GPL-2.0': 'GPL-2.0-only',
  'GPL-2.0+': 'GPL-2.0-or-later',
  'GPL-3.0': 'GPL-3.0-only',
  'GPL-3.0+': 'GPL-3.0-or-later',
  'LGPL-2.1': 'LGPL-2.1-only',
  'LGPL-2.1+': 'LGPL-2.1-or-later',
  'LGPL-3.0': 'LGPL-3.0-only',
  'LGPL-3.0+': 'LGPL-3.0-or-later',
  'AGPL-3.0': 'AGPL-3.0-only',
};

/**
 * @typedef {{ id: string } | { op: 'AND' | 'OR', left: TExpr, right: TExpr }} TExpr
 */

/**
 * Parses an SPDX licence expression ("MIT", "(MIT OR Apache-2.0)", "Apache-2.0 AND
 * LGPL-3.0-or-later", "GPL-2.0-or-later WITH Classpath-exception-2.0"). AND binds tighter than
 * OR; a `WITH` exception is kept on its licence's id ("X WITH e": the exception only adds
 * permissions, so X decides). Throws on anything else.
 * @param {string} text
 * @returns {TExpr}
 */
export function parseExpression(text) {
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  /** @param {string} what @returns {never} */
  const fail = (what) => {
    throw new Error(`not an SPDX expression (${what}): "${text}"`);
  };
  /** @returns {TExpr} */
  const primary = () => {
    const t = tokens[at++];
    if (t === undefined) return fail('ends too early');
    if (t === '(') {
      const inner = orExpr();
      if (tokens[at++] !== ')') fail('a "(" is not closed');
      return inner;
    }
    if (t === ')' || /^(AND|OR|WITH)$/i.test(t)) fail(`"${t}" where a licence was expected`);
    let id = /** @type {Record<string, string>} */ (DEPRECATED)[t] ?? t;
    if (/^with$/i.test(peek() ?? '')) {
      at++;
      const exception = tokens[at++];
      if (!exception || exception === '(' || exception === ')') fail('WITH names no exception');
      id = `${id} WITH ${exception}`;
    }
    return { id };
  };
  /** @returns {TExpr} */
  const andExpr = () => {
    let left = primary();
    while (/^and$/i.test(peek() ?? '')) {
      at++;
      left = { op: 'AND', left, right: primary() };
    }
    return left;
  };
  /** @returns {TExpr} */
  const orExpr = () => {
    let left = andExpr();
    while (/^or$/i.test(peek() ?? '')) {
      at++;
      left = { op: 'OR', left, right: andExpr() };
    }
    return left;
  };
  if (tokens.length === 0) fail('empty');
  const expr = orExpr();
  if (at !== tokens.length) fail(`"${tokens[at]}" after the end`);
  return expr;
}

/**
 * Whether code under `expression` may be part of an AGPL-3.0-or-later work: one side of an OR
 * is enough (we choose it), every part of an AND must be.
 * @param {string} expression
 */
export function isCompatible(expression) {
  /** @param {TExpr} e @returns {boolean} */
  const ok = (e) => {
    if ('id' in e) return COMPATIBLE.has(e.id.split(' WITH ')[0] ?? '');
    return e.op === 'OR' ? ok(e.left) || ok(e.right) : ok(e.left) && ok(e.right);
  };
  try {
    return ok(parseExpression(expression));
  } catch {
    return false;
  }
}

/**
 * The licence a package.json declares: `license` (a string, or the old `{type}`), else the old
 * `licenses: [{type}]` (more than one: all of them apply, an AND). Undefined when none.
 * @param {Record<string, unknown>} pkg
 * @returns {string | undefined}
 */
export function declaredLicense(pkg) {
  const typeOf = (/** @type {unknown} */ l) =>
    typeof l === 'string' ? l : (/** @type {{type?: unknown}} */ (l ?? {}).type ?? undefined);
  const single = typeOf(pkg.license);
  if (typeof single === 'string' && single.trim()) return single.trim();
  if (Array.isArray(pkg.licenses) && pkg.licenses.length > 0) {
    const types = pkg.licenses.map(typeOf).filter((t) => typeof t === 'string' && t.trim());
    if (types.length === 1) return String(types[0]);
    if (types.length > 1) return `(${types.join(' AND ')})`;
  }
  return undefined;
}

/**
 * @typedef {object} TPackage
 * @property {string} name
 * @property {string} version
 * @property {string | undefined} declared what its package.json (or the lockfile) says
 * @property {'app' | 'dev' | 'optional' | 'dev, optional'} use
 */

/**
 * @typedef {object} TRow
 * @property {string} name
 * @property {string} version
 * @property {string} license the licence that applies (an exception's, else the declared one)
 * @property {string} use
 * @property {string} [note] why an exception applies
 */

/**
 * The verdict on `packages`: each one's licence, and those that are missing or incompatible.
 * @param {TPackage[]} packages
 * @param {Record<string, {license: string, reason: string}>} [exceptions]
 */
export function checkLicences(packages, exceptions = EXCEPTIONS) {
  /** @type {TRow[]} */
  const rows = [];
  /** @type {{name: string, version: string, declared: string}[]} */
  const problems = [];
  const seen = new Set();
  for (const p of packages) {
    const key = `${p.name}@${p.version}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const exception = exceptions[key];
    const license = exception?.license ?? p.declared;
    if (!license || !isCompatible(license)) {
      problems.push({ name: p.name, version: p.version, declared: p.declared ?? '(none)' });
    }
    rows.push({
      name: p.name,
      version: p.version,
      license: license ?? '(none)',
      use: p.use,
      ...(exception ? { note: exception.reason } : {}),
    });
  }
  rows.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.version.localeCompare(b.version));
  /** @type {Record<string, number>} */
  const counts = {};
  for (const r of rows) counts[r.license] = (counts[r.license] ?? 0) + 1;
  return { rows, problems, counts };
}

/**
 * Every package of the lockfile under `root`, with its declared licence.
 * @param {string} root
 * @returns {TPackage[]}
 */
export function lockedPackages(root) {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  /** @type {TPackage[]} */
  const out = [];
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (!where || entry.link) continue; // the project itself; a link's target has its own entry
    const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 13);
    const manifest = path.join(root, where, 'package.json');
    const installed = fs.existsSync(manifest)
      ? JSON.parse(fs.readFileSync(manifest, 'utf8'))
      : undefined;
    const declared =
      installed && installed.version === entry.version
        ? declaredLicense(installed)
        : declaredLicense(entry);
    /** @type {TPackage['use']} */
    const use = entry.dev
      ? 'dev'
      : entry.devOptional
        ? 'dev, optional'
        : entry.optional
          ? 'optional'
          : 'app';
    out.push({ name, version: entry.version, declared, use });
  }
  return out;
}

/**
 * docs/licences.md.
 * @param {ReturnType<typeof checkLicences>} result
 */
export function renderDoc({ rows, counts }) {
  const esc = (/** @type {string} */ s) => s.replace(/\|/g, '\\|');
  const byCount = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const lines = [
    '# Licences of the dependencies',
    '',
    '<!-- Written by `npm run check:licences -- --write` from package-lock.json; do not edit. -->',
    '',
    `TalentChain is licensed under ${PROJECT_LICENSE} ([LICENSE](../LICENSE)). These are the`,
    `licences of the ${rows.length} packages npm installs for it (the app's and the tools'), as`,
    'each package declares it. `npm run check:licences` (run by CI) fails when one is not',
    `compatible with ${PROJECT_LICENSE} or when this file is not the list it would write; the`,
    'compatible licences and the few packages whose declaration is corrected by hand (with the',
    'reason) are in `scripts/check-licences.mjs`. "Use": `app` runs in the product, `dev` only in',
    "development and CI, `optional` is a platform's build that npm installs where it fits.",
    '',
    '## Per licence',
    '',
    '| licence | packages |',
    '| --- | --- |',
    ...byCount.map(([license, n]) => `| ${esc(license)} | ${n} |`),
    '',
    '## Per package',
    '',
    '| package | version | licence | use | note |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${esc(r.name)} | ${esc(r.version)} | ${esc(r.license)} | ${r.use} | ${esc(r.note ?? '')} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

/** The problems, one line each, for the console. @param {ReturnType<typeof checkLicences>} result */
export function formatProblems({ problems }) {
  return [
    `${problems.length} package(s) under a licence not known to be compatible with ${PROJECT_LICENSE}:`,
    ...problems.map((p) => `  ${p.name}@${p.version}: ${p.declared}`),
    'Replace the package, or, if its files show a compatible licence after all, add it to',
    'EXCEPTIONS in scripts/check-licences.mjs with the reason.',
  ].join('\n');
}

/**
 * Prettier's table layout, so that the written file passes `npm run format:check`.
 * @param {string} markdown
 * @param {string} file
 */
async function formatted(markdown, file) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(markdown, { ...options, filepath: file });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const docPath = path.join(root, 'docs', 'licences.md');
  const own = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).license;
  const result = checkLicences(lockedPackages(root));
  let failed = false;
  if (own !== PROJECT_LICENSE) {
    console.error(`package.json's license is "${own}", not ${PROJECT_LICENSE}.`);
    failed = true;
  }
  if (result.problems.length > 0) {
    console.error(formatProblems(result));
    failed = true;
  }
  const doc = await formatted(renderDoc(result), docPath);
  if (process.argv.includes('--write')) {
    fs.writeFileSync(docPath, doc);
    console.log(`Wrote ${path.relative(root, docPath)}.`);
  } else if (!fs.existsSync(docPath) || fs.readFileSync(docPath, 'utf8') !== doc) {
    console.error(
      'docs/licences.md is not the list of the installed packages: run `npm run check:licences -- --write`.',
    );
    failed = true;
  }
  if (failed) process.exit(1);
  const summary = Object.entries(result.counts)
    .sort((a, b) => b[1] - a[1])
    .map(([license, n]) => `${license} ${n}`)
    .join(', ');
  console.log(`${result.rows.length} packages, all compatible with ${PROJECT_LICENSE}: ${summary}`);
}
