import { describe, expect, it } from 'vitest';
import { langOf } from '@/lib/i18n/lang';

describe('langOf', () => {
  it('reads Spanish from the es locale and English from anything else', () => {
    expect(langOf('es')).toBe('es');
    expect(langOf('en')).toBe('en');
    expect(langOf(undefined)).toBe('en');
    expect(langOf(null)).toBe('en');
    expect(langOf('fr')).toBe('en');
    expect(langOf('es-MX')).toBe('en'); // the app's locales are exactly en and es
  });
});
