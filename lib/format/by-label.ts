/** What a label sorts by: no accents, no case; in Spanish ñ is a letter of its own after n. */
function sortKey(label: string, lang: string): string {
  const text = lang === 'es' ? label.replace(/ñ/gi, 'n\uffff') : label;
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * `options` sorted by label as a reader of `lang` expects, the order Intl.Collator gives the
 * country, language and currency names the app lists (tests/unit/by-label.test.ts compares them
 * all), without building a collator: the first one a page builds costs 12-26 ms here (ICU loads
 * its collation data), four times that on the phone Lighthouse emulates, and these lists are
 * sorted as their form first renders (docs/architecture.md "How pages paint early").
 */
export function sortByLabel<T extends { label: string }>(options: readonly T[], lang: string): T[] {
  return options
    .map((option) => ({ option, key: sortKey(option.label, lang) }))
    .sort((a, b) =>
      a.key !== b.key
        ? a.key < b.key
          ? -1
          : 1
        : a.option.label < b.option.label
          ? -1
          : a.option.label > b.option.label
            ? 1
            : 0,
    )
    .map(({ option }) => option);
}
