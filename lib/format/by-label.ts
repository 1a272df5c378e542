/** What a label sorts by: no accents, no case; in Spanish ñ is a letter of its own after n. */
function sortKey(label: string, lang: string): string {
  const text = lang === 'es' ? label.replace(/ñ/gi, 'n\uffff') : label;
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `options` sorted by label as a reader of `lang` expects, the order Intl.Collator gives the
 * country, language and currency names the app lists (tests/unit/by-label.test.ts compares them
 * all), without building a collator: the first one a page builds costs 12-26 ms here (ICU loads
 * its collation data), four times that on the phone Lighthouse emulates, and these lists are
 * sorted as their form first renders (docs/performance.md "How pages paint early").
 */
export function sortByLabel<T extends { label: string }>(options: readonly T[], lang: string): T[] {
  return options
    .map((option) => ({ option, key: sortKey(option.label, lang) }))
    .sort((a, b) => order(a.key, b.key) || order(a.option.label, b.option.label))
    .map(({ option }) => option);
}
