// Fails on a key missing in one language, an empty value, or a key no source file uses.
// A key counts as used when its full dotted name appears in a source file as a string, or when
// a template literal in the source names its prefix (t(`home.talents.${point}`)).
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const LOCALES = ['en', 'es'];
const SOURCE_DIRS = ['pages', 'components', 'lib', 'services', 'store', 'server', 'types'];
const localesDir = path.join(root, 'public', 'locales');

function flatten(obj, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out[key] = v;
  }
  return out;
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

const problems = [];
const namespaces = fs.readdirSync(path.join(localesDir, 'en')).filter((f) => f.endsWith('.json'));
const source = SOURCE_DIRS.flatMap((d) => walk(path.join(root, d)))
  .map((f) => fs.readFileSync(f, 'utf8'))
  .join('\n');
const prefixes = [...source.matchAll(/`([a-z0-9_.]+\.)\$\{/g)].map((m) => m[1]);
let total = 0;

for (const ns of namespaces) {
  const catalogs = Object.fromEntries(
    LOCALES.map((l) => {
      const file = path.join(localesDir, l, ns);
      if (!fs.existsSync(file)) {
        problems.push(`${l}/${ns} is missing`);
        return [l, {}];
      }
      return [l, flatten(JSON.parse(fs.readFileSync(file, 'utf8')))];
    }),
  );
  const allKeys = new Set(LOCALES.flatMap((l) => Object.keys(catalogs[l])));
  total += allKeys.size;
  for (const key of allKeys) {
    for (const l of LOCALES) {
      const value = catalogs[l][key];
      if (value === undefined) problems.push(`${l}/${ns}: missing "${key}"`);
      else if (typeof value !== 'string' || value.trim() === '')
        problems.push(`${l}/${ns}: empty "${key}"`);
    }
    const bare = key.replace(/_(one|other|zero|few|many)$/, '');
    const used =
      source.includes(`'${bare}'`) ||
      source.includes(`"${bare}"`) ||
      source.includes(`\`${bare}\``) ||
      prefixes.some((p) => bare.startsWith(p));
    if (!used) problems.push(`${ns}: unused "${key}"`);
  }
}

if (problems.length) {
  console.error(`Translation check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Translation check passed: ${total} keys in ${namespaces.length} namespace(s), ${LOCALES.join(' and ')} complete.`,
);
