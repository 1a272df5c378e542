import { render } from '@testing-library/react';
import i18next from 'i18next';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import en from '@/public/locales/en/common.json';
import es from '@/public/locales/es/common.json';
import { makeStore } from '@/store';

/** A router for component tests: the page's path and locale, navigation recorded. */
export function makeRouter(overrides: Partial<NextRouter> = {}): NextRouter {
  return {
    route: '/',
    pathname: '/',
    query: {},
    asPath: '/',
    basePath: '',
    locale: 'en',
    locales: ['en', 'es'],
    defaultLocale: 'en',
    isLocaleDomain: false,
    isReady: true,
    isPreview: false,
    isFallback: false,
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
    reload: vi.fn(),
    back: vi.fn(),
    forward: vi.fn(),
    prefetch: vi.fn(async () => undefined),
    beforePopState: vi.fn(),
    events: { on: vi.fn(), off: vi.fn(), emit: vi.fn() },
    ...overrides,
  };
}

/** Renders with the real store and the real catalogs in the given language. */
export async function renderWithApp(
  ui: ReactElement,
  { locale = 'en', router = {} }: { locale?: 'en' | 'es'; router?: Partial<NextRouter> } = {},
) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    defaultNS: 'common',
    resources: { en: { common: en }, es: { common: es } },
    interpolation: { escapeValue: false },
  });
  const { store } = makeStore();
  const nextRouter = makeRouter({ locale, ...router });
  const result = render(
    <RouterContext.Provider value={nextRouter}>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
      </Provider>
    </RouterContext.Provider>,
  );
  return { ...result, store, router: nextRouter, i18n };
}
