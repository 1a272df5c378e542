// `npm run check:i18n`: fails on
// - a key missing in one language, or empty;
// - a key no source file uses. A key counts as used when its full dotted name appears in a source
//   file as a string (a t() call or a key passed around), when t('ns:key') names it, or when a
//   template literal names its prefix (t(`home.talents.${point}`) uses every key under
//   "home.talents.");
// - a key the code uses but no catalog has: t('key'), t("key"), t(`key`), i18n.t('key'),
//   i18nKey="key", in the namespace of the file's useTranslation('ns') (useTranslation() and
//   i18n.t: 'common'), of an `{ ns: 'profile' }` option or of an `ns:key` prefix. A `t` the file
//   does not bind (a parameter, as in lib/format) has no known namespace: any namespace will do.
//   Keys built at run time (t(`errors.${x}`)) cannot be checked and are skipped here.
// checkI18n() is the core (pure, tested in tests/unit/check-i18n.test.ts); the rest reads the disk.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOCALES = ['en', 'es'];
export const DEFAULT_NS = 'common';
/** Where a key counts as used (the unused check). */
export const USAGE_DIRS = ['pages', 'components', 'lib', 'services', 'store', 'server', 'types'];
/** Where t() calls are read (the missing check): the code that renders text. */
export const CALL_DIRS = ['components', 'pages', 'lib', 'store', 'services'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The plural forms `locale` uses (CLDR, as i18next reads them through Intl.PluralRules). */
export const pluralForms = (locale) =>
  new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

/** {a: {b: 'x'}} → {'a.b': 'x'} */
export function flatten(obj, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out[key] = v;
  }
  return out;
}

const lineAt = (text, index) => text.slice(0, index).split('\n').length;

/** Blanks comment lines (keeping line numbers), so t('x') in a doc comment is not a use. */
const withoutCommentLines = (text) =>
  text
    .split('\n')
    .map((line) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? '' : line))
    .join('\n');

/**
 * The translation functions a file binds: `const { t } = useTranslation('profile')` binds `t`
 * to 'profile', `const { t: tc } = useTranslation('common')` binds `tc`. In source order.
 */
function bindingsOf(text) {
  const out = [];
  const re = /\{([^{}]*)\}\s*=\s*useTranslation\(\s*(?:\[\s*)?(?:(['"])([\w-]+)\2)?/g;
  for (const m of text.matchAll(re)) {
    const t = /(?:^|[,\s])t\s*(?::\s*([A-Za-z_$][\w$]*))?\s*(?:,|$)/.exec(m[1].trim());
    if (t) out.push({ name: t[1] ?? 't', ns: m[3] ?? DEFAULT_NS, at: m.index });
  }
  return out;
}

/**
 * The namespace of a call of `name` at `at`: the nearest binding before it, else the first after
 * it; null (unknown) when the file does not bind `name` (a `t` received as a parameter).
 */
function nsOfCall(bindings, name, at) {
  const same = bindings.filter((b) => b.name === name);
  const before = same.filter((b) => b.at < at).pop();
  return (before ?? same[0])?.ns ?? null;
}

/** 'profile:menu.settings' → ['profile', 'menu.settings'] when 'profile' is a namespace. */
function splitNs(key, ns, namespaces) {
  const m = /^([\w-]+):(.+)$/.exec(key);
  return m && namespaces.includes(m[1]) ? [m[1], m[2]] : [ns, key];
}

/**
 * Every translation key a file uses: `{ ns, key, line }` for static keys,
 * `{ ns, prefix, line }` for keys built from a template literal; `ns` null when unknown.
 */
export function usesIn(rawText, namespaces = [DEFAULT_NS]) {
  const text = withoutCommentLines(rawText);
  const bindings = bindingsOf(text);
  const names = new Set(['t', ...bindings.map((b) => b.name)]);
  const uses = [];
  const add = (ns, raw, index, dynamic) => {
    const line = lineAt(text, index);
    if (dynamic) {
      const [n, prefix] = splitNs(raw, ns, namespaces);
      uses.push({ ns: n, prefix, line });
    } else if (raw.trim()) {
      const [n, key] = splitNs(raw, ns, namespaces);
      uses.push({ ns: n, key, line });
    }
  };

  // t('key'), tc("key"), t(`key`), t(`prefix.${x}`), i18n.t('key'), i18n?.t('key', { ns: 'p' })
  const call =
    /(?<![\w$.])((?:i18n\??\.)?[A-Za-z_$][\w$]*)\(\s*(?:'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\]*)`)/g;
  for (const m of text.matchAll(call)) {
    const callee = m[1];
    const viaInstance = callee.includes('.');
    if (!viaInstance && !names.has(callee)) continue;
    const after = text.slice(m.index + m[0].length);
    const options = /^\s*,\s*\{([^}]*)\}/.exec(after)?.[1] ?? '';
    const nsOption = /\bns\s*:\s*['"]([\w-]+)['"]/.exec(options)?.[1];
    const ns = nsOption ?? (viaInstance ? DEFAULT_NS : nsOfCall(bindings, callee, m.index));
    const template = m[4];
    if (template !== undefined && template.includes('${'))
      add(ns, template.slice(0, template.indexOf('${')), m.index, true);
    else add(ns, m[2] ?? m[3] ?? template, m.index, false);
  }

  // <Trans i18nKey="key" />, i18nKey={'key'}; the tag's ns="…" wins over the file's.
  const trans = /i18nKey=\{?\s*(?:'([^'\n]*)'|"([^"\n]*)")/g;
  for (const m of text.matchAll(trans)) {
    const tagStart = text.lastIndexOf('<', m.index);
    const tagEnd = text.indexOf('>', m.index);
    const tag = text.slice(tagStart, tagEnd === -1 ? undefined : tagEnd);
    const ns =
      /\bns=\{?\s*['"]([\w-]+)['"]/.exec(tag)?.[1] ??
      bindings.filter((b) => b.at < m.index).pop()?.ns ??
      bindings[0]?.ns ??
      DEFAULT_NS;
    add(ns, m[1] ?? m[2], m.index, false);
  }
  return uses;
}

/**
 * The core check.
 * @param {object} input
 * @param {Record<string, Record<string, unknown>>} input.catalogs  catalogs[locale][ns] = nested JSON
 * @param {{ file: string, text: string }[]} input.usageSources  where a key counts as used
 * @param {{ file: string, text: string }[]} input.callSources  where t() calls are checked
 * @param {string[]} [input.locales]
 */
export function checkI18n({ catalogs, usageSources, callSources, locales = LOCALES }) {
  const problems = { incomplete: [], empty: [], unused: [], unknown: [] };
  const namespaces = [...new Set(locales.flatMap((l) => Object.keys(catalogs[l] ?? {})))].sort();
  const flat = {};
  for (const ns of namespaces) {
    flat[ns] = Object.fromEntries(
      locales.map((l) => {
        if (!catalogs[l]?.[ns]) problems.incomplete.push(`${l}/${ns}.json is missing`);
        return [l, flatten(catalogs[l]?.[ns] ?? {})];
      }),
    );
  }

  const usageText = usageSources.map((s) => s.text).join('\n');
  const uses = callSources.flatMap((s) =>
    usesIn(s.text, namespaces).map((u) => ({ ...u, file: s.file })),
  );
  // Prefixes of keys built at run time: from the t() calls, and from any template literal that
  // starts with a dotted name (a key handed to t() through a variable).
  const prefixes = [
    ...uses.filter((u) => u.prefix).map((u) => u.prefix),
    ...[...usageText.matchAll(/`([a-z0-9_.]+\.)\$\{/g)].map((m) => m[1]),
  ].filter(Boolean);
  // Static keys of the calls, 'ns:key' (or 'key' when the namespace is unknown).
  const called = new Set(uses.filter((u) => u.key).map((u) => (u.ns ? `${u.ns}:${u.key}` : u.key)));

  const forms = Object.fromEntries(locales.map((l) => [l, pluralForms(l)]));
  let total = 0;
  for (const ns of namespaces) {
    const allKeys = new Set(locales.flatMap((l) => Object.keys(flat[ns][l])));
    total += allKeys.size;
    // A plural key (one with an `_other` form) needs the forms its language's plural rules use
    // (en: one, other; es: one, many, other), each language its own: i18next asks es for
    // `_many` at 1,000,000, and no language falls back on another (next-i18next.config.js).
    const plurals = new Set(
      [...allKeys].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length)),
    );
    for (const base of plurals) {
      for (const l of locales) {
        for (const form of forms[l]) allKeys.add(`${base}_${form}`);
      }
    }
    for (const key of [...allKeys].sort()) {
      const form = PLURAL.exec(key)?.[1];
      const base = form && key.slice(0, -form.length - 1);
      for (const l of locales) {
        if (base && plurals.has(base) && !forms[l].includes(form)) continue;
        const value = flat[ns][l][key];
        if (value === undefined) problems.incomplete.push(`${l}/${ns}: "${key}"`);
        else if (typeof value !== 'string' || value.trim() === '')
          problems.empty.push(`${l}/${ns}: "${key}"`);
      }
      const bare = key.replace(PLURAL, '');
      const used =
        usageText.includes(`'${bare}'`) ||
        usageText.includes(`"${bare}"`) ||
        usageText.includes(`\`${bare}\``) ||
        prefixes.some((p) => bare.startsWith(p)) ||
        called.has(`${ns}:${bare}`) ||
        called.has(bare);
      if (!used) problems.unused.push(`${ns}: "${key}"`);
    }
  }

  const seen = new Set();
  for (const use of uses) {
    if (use.key === undefined) continue; // built at run time: cannot be checked
    const candidates = use.ns === null ? namespaces : [use.ns];
    const known = candidates.some((ns) =>
      locales.some((l) =>
        Object.keys(flat[ns]?.[l] ?? {}).some(
          (k) => k === use.key || k.replace(PLURAL, '') === use.key,
        ),
      ),
    );
    const id = use.ns === null ? `(any namespace):${use.key}` : `${use.ns}:${use.key}`;
    const where = `${use.file}:${use.line}`;
    if (known || seen.has(`${id} ${where}`)) continue;
    seen.add(`${id} ${where}`);
    const note = use.ns !== null && !flat[use.ns] ? `: no namespace "${use.ns}"` : '';
    problems.unknown.push(`${id}  (${where}${note})`);
  }

  return { problems, total, namespaces, locales };
}

const SECTIONS = [
  ['unknown', 'Used in code but missing from the catalogs'],
  ['incomplete', 'Missing in one language'],
  ['empty', 'Empty'],
  ['unused', 'Unused (no source file names the key)'],
];

/** The report: a section per kind of problem, one problem a line. */
export function formatReport({ problems, total, namespaces, locales }) {
  const count = Object.values(problems).reduce((n, list) => n + list.length, 0);
  if (count === 0)
    return `Translation check passed: ${total} keys in ${namespaces.length} namespace(s), ${locales.join(' and ')} complete, every key the code uses present.`;
  const lines = [`Translation check failed: ${count} problem(s).`];
  for (const [kind, title] of SECTIONS) {
    if (problems[kind].length === 0) continue;
    lines.push('', `${title} (${problems[kind].length}):`, ...problems[kind].map((p) => `  ${p}`));
  }
  return lines.join('\n');
}

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(tsx?|mjs|js)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Reads the catalogs (public/locales/{locale}/{ns}.json) and the sources under `root`. */
export function loadProject(root) {
  const localesDir = path.join(root, 'public', 'locales');
  const catalogs = {};
  for (const l of LOCALES) {
    catalogs[l] = {};
    const dir = path.join(localesDir, l);
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (f.endsWith('.json'))
        catalogs[l][f.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    }
  }
  const read = (dirs) =>
    dirs
      .flatMap((d) => walk(path.join(root, d)))
      .sort()
      .map((f) => ({ file: path.relative(root, f), text: fs.readFileSync(f, 'utf8') }));
  return { catalogs, usageSources: read(USAGE_DIRS), callSources: read(CALL_DIRS) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = checkI18n(loadProject(process.cwd()));
  const report = formatReport(result);
  const failed = Object.values(result.problems).some((list) => list.length > 0);
  if (failed) {
    console.error(report);
    process.exit(1);
  }
  console.log(report);
}
