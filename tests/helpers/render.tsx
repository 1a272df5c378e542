import { render } from '@testing-library/react';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { vi } from 'vitest';
import { makeStore } from '@/store';
import type { TUser } from '@/types/user';
import { loggedIn } from '@/store/auth-slice';
import { makeI18n } from './i18n';

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

const livePersistors = new Set<Persistor>();

/**
 * Stops the stores rendered so far from writing to local storage, once their pending writes are
 * done, so that a test's store never writes its state over the next test's cleared storage (an
 * answer arriving after the test ended would otherwise be persisted then).
 */
export async function stopPersisting(): Promise<void> {
  for (const persistor of livePersistors) {
    await persistor.flush();
    persistor.pause();
  }
  livePersistors.clear();
}

/**
 * Renders with the real store and the real catalogs ('common' and 'profile') in the given
 * language; with `session`, signed in as that user (its token is where the HTTP client reads it).
 */
export async function renderWithApp(
  ui: ReactElement,
  {
    locale = 'en',
    router = {},
    session,
  }: {
    locale?: 'en' | 'es';
    router?: Partial<NextRouter>;
    session?: { user: TUser; accessToken: string };
  } = {},
) {
  const i18n = await makeI18n(locale, [initReactI18next]);
  const { store, persistor } = makeStore();
  if (persistor) livePersistors.add(persistor);
  if (session) store.dispatch(loggedIn(session));
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
