import { configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type Persistor,
} from 'redux-persist';
import createWebStorage from 'redux-persist/lib/storage/createWebStorage';
import type { TSessionUser } from '@/types/user';
import { dynamicMiddleware, rootReducer, type RootState } from './root';
import { sessionSync } from './session-sync';

/** docs/product.md "Constants and limits": the persisted state lives in local storage under `persist:root`. */
export const PERSIST_KEY = 'root';

export type { RootState };

/** Local storage in the browser; a no-op on the server so server renders never persist. */
function storage() {
  if (typeof window !== 'undefined') return createWebStorage('local');
  return {
    getItem: async () => null,
    setItem: async (_key: string, value: unknown) => value,
    removeItem: async () => undefined,
  };
}

/** The tab's app store, once made (never set on the server). */
let browserApp: ReturnType<typeof makeStore> | undefined;

/**
 * The store of this tab, for code that starts a screen's reads before the screen renders
 * (store/session-preload.ts); undefined on the server and before the app has made it.
 */
export const currentStore = () => browserApp?.store;

/**
 * What the server read for a signed-in page it rendered (page-state/signed-in-page.ts), in its props: the
 * session's user, the cache's answers and the company choice of the request (lib/company-choice.ts
 * ServerCompanyChoice), so that the browser's first render is the server's.
 */
export type TServerSession = { user: TSessionUser; api: unknown; company?: number | null };

/** The props of a signed-in page (page-state/signed-in-page.ts); pages/_app.tsx reads them first. */
export type TSignedInProps = { serverSession: TServerSession | null };

/**
 * The app's store (pages/_app.tsx): a new one for each server render, and one per tab in the
 * browser, however often React calls the initialiser that asks for it (twice in development).
 * It starts from the page's server session when there is one (the first page of a visit).
 */
export function appStore(server?: TServerSession | null): ReturnType<typeof makeStore> {
  const preloaded = server
    ? ({ auth: { isLoggedIn: true, user: server.user }, api: server.api } as Partial<RootState>)
    : undefined;
  if (typeof window === 'undefined') return makeStore(preloaded);
  return (browserApp ??= makeStore(preloaded));
}

/**
 * A new store (tests make one each; the app asks appStore()). `extra` is the thunk argument
 * RTK Query's base query reads (services/api.ts TQueryExtra).
 */
export function makeStore(preloadedState?: Partial<RootState>, extra?: unknown) {
  const persisted = persistReducer(
    { key: PERSIST_KEY, storage: storage(), whitelist: ['auth', 'profile'] },
    rootReducer,
  );
  const store = configureStore({
    reducer: persisted,
    preloadedState: preloadedState as never,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: extra },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(sessionSync)
        .concat(dynamicMiddleware.middleware),
  });
  const persistor: Persistor | null = typeof window !== 'undefined' ? persistStore(store) : null;
  return { store, persistor };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
