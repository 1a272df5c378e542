import { describe, expect, it } from 'vitest';
import { countryRows, languageRows } from '@/db/reference-data';
import { CURRENCIES } from '@/lib/currencies';
import { sortByLabel } from '@/lib/format/by-label';
import { currencyOptions } from '@/lib/format/money';

const labels = (options: { label: string }[]) => options.map((o) => o.label);

describe('lists sorted by label without a collator', () => {
  const lists: Record<string, (lang: 'en' | 'es') => string[]> = {
    countries: (lang) => countryRows().map((c) => (lang === 'es' ? c.nameEs : c.nameEn)),
    languages: (lang) => languageRows().map((l) => (lang === 'es' ? l.nameEs : l.nameEn)),
    currencies: (lang) => labels(currencyOptions(CURRENCIES, lang)),
  };
  for (const [name, of] of Object.entries(lists)) {
    for (const lang of ['en', 'es'] as const) {
      it(`orders the ${name} in ${lang} as Intl.Collator does`, () => {
        const options = of(lang).map((label) => ({ label }));
        const collator = new Intl.Collator(lang);
        expect(labels(sortByLabel(options, lang))).toEqual(
          labels([...options].sort((a, b) => collator.compare(a.label, b.label))),
        );
      });
    }
  }

  it('puts ñ after n in Spanish, and with n in English', () => {
    const options = ['Ñu', 'Nube', 'Oso', 'nada'].map((label) => ({ label }));
    expect(labels(sortByLabel(options, 'es'))).toEqual(['nada', 'Nube', 'Ñu', 'Oso']);
    expect(labels(sortByLabel(options, 'en'))).toEqual(['nada', 'Ñu', 'Nube', 'Oso']);
  });
});
