import { describe, expect, it } from 'vitest';
import { checkI18n, formatReport, usesIn } from '@/scripts/check-i18n.mjs';

// A small project: two namespaces in two languages, and the files that use them.
const catalogs = {
  en: {
    common: {
      nav: { home: 'Home', sign_out: 'Sign out' },
      errors: { not_found: { title: 'Not found' }, server: { title: 'Oops' } },
      format: { unit: { year_one: '{{count}} year', year_other: '{{count}} years' } },
    },
    profile: { menu: { settings: 'Settings' }, edit: { title: 'Edit' } },
  },
  es: {
    common: {
      nav: { home: 'Inicio', sign_out: 'Salir' },
      errors: { not_found: { title: 'No encontrado' }, server: { title: 'Uy' } },
      format: {
        unit: {
          year_one: '{{count}} año',
          year_other: '{{count}} años',
          year_many: '{{count}} años',
        },
      },
    },
    profile: { menu: { settings: 'Ajustes' }, edit: { title: 'Editar' } },
  },
};

const menu = `
import { useTranslation } from 'next-i18next/pages';
export function Menu() {
  const { t } = useTranslation('common');
  const { t: tp } = useTranslation('profile');
  return <>{t('nav.home')}{t("nav.sign_out")}{tp('menu.settings')}{t('edit.title', { ns: 'profile' })}</>;
}`;
const errorScreen = `
export function ErrorScreen({ kind }) {
  const { t } = useTranslation();
  return <h1>{t(\`errors.\${kind}.title\`)}</h1>;
}`;
const duration = `export const years = (n, t) => t('format.unit.year', { count: n });`;

const sources = (...texts: string[]) => texts.map((text, i) => ({ file: `file${i}.tsx`, text }));
const run = (...texts: string[]) =>
  checkI18n({ catalogs, usageSources: sources(...texts), callSources: sources(...texts) });

describe('scripts/check-i18n.mjs', () => {
  it('passes a project whose keys are all present and all used', () => {
    const result = run(menu, errorScreen, duration);
    expect(result.problems).toEqual({ incomplete: [], empty: [], unused: [], unknown: [] });
    expect(formatReport(result)).toMatch(/^Translation check passed: 9 keys in 2 namespace\(s\)/);
  });

  it('catches a key the code uses that no catalog has, with the namespace, file and line', () => {
    const broken = menu
      .replace("tp('menu.settings')", "tp('menu.settingz')")
      .replace("t('nav.home')", "t('nav.home')}{t('profile:edit.nope')");
    const { problems } = run(broken, errorScreen, duration, `t('menu.settings')`);
    expect(problems.unknown).toEqual([
      'profile:edit.nope  (file0.tsx:6)',
      'profile:menu.settingz  (file0.tsx:6)',
    ]);
    expect(problems.unused).toEqual([]);
  });

  it('looks keys up in the namespace of the file, not in any namespace', () => {
    const wrongNs = `const { t } = useTranslation('common'); t('menu.settings');`;
    expect(run(menu, errorScreen, duration, wrongNs).problems.unknown).toEqual([
      'common:menu.settings  (file3.tsx:1)',
    ]);
  });

  it('asks each language for the plural forms its rules use, and no more', () => {
    const { year_many: _many, ...esUnit } = catalogs.es.common.format.unit;
    const withoutMany = {
      ...catalogs,
      es: { ...catalogs.es, common: { ...catalogs.es.common, format: { unit: esUnit } } },
    };
    const sourcesUsed = sources(menu, errorScreen, duration);
    const { problems } = checkI18n({
      catalogs: withoutMany,
      usageSources: sourcesUsed,
      callSources: sourcesUsed,
    });
    // Spanish says "1.000.000 años" with the `many` form; English has no such form.
    expect(problems.incomplete).toEqual(['es/common: "format.unit.year_many"']);
  });

  it('catches an unused key', () => {
    const { problems } = run(menu.replace("{t('nav.home')}", ''), errorScreen, duration);
    expect(problems.unused).toEqual(['common: "nav.home"']);
    expect(problems.unknown).toEqual([]);
  });

  it('counts a template literal as a use of every key under its prefix, and does not check it', () => {
    const uses = usesIn(errorScreen, ['common', 'profile']);
    expect(uses).toEqual([{ ns: 'common', prefix: 'errors.', line: 4 }]);
    const { problems } = run(menu, duration, `t(\`errors.\${kind}.title\`)`);
    expect(problems.unused).toEqual([]);
    expect(run(menu, duration).problems.unused).toEqual([
      'common: "errors.not_found.title"',
      'common: "errors.server.title"',
    ]);
  });

  it('reads i18nKey and ignores keys mentioned in comments', () => {
    const trans = `const { t } = useTranslation('profile');
// t('not.a.call') in a comment
export const X = () => <Trans i18nKey="edit.title" t={t} />;`;
    expect(usesIn(trans, ['common', 'profile'])).toEqual([
      { ns: 'profile', key: 'edit.title', line: 3 },
    ]);
  });

  it('reports each kind of problem in its own section', () => {
    const result = checkI18n({
      catalogs: { en: { common: { a: 'A', b: '' } }, es: { common: { a: 'A' } } },
      usageSources: sources(`useTranslation(); t('a'); t('b'); t('c')`),
      callSources: sources(`const { t } = useTranslation(); t('a'); t('b'); t('c')`),
    });
    expect(formatReport(result)).toBe(
      [
        'Translation check failed: 3 problem(s).',
        '',
        'Used in code but missing from the catalogs (1):',
        '  common:c  (file0.tsx:1)',
        '',
        'Missing in one language (1):',
        '  es/common: "b"',
        '',
        'Empty (1):',
        '  en/common: "b"',
      ].join('\n'),
    );
  });
});
