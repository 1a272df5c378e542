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
import { dynamicMiddleware, rootReducer, type RootState } from './root';
import { sessionSync } from './session-sync';

/** Seed §9: the persisted state lives in local storage under `persist:root`. */
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
 * (lib/session-preload.ts); undefined on the server and before the app has made it.
 */
export const currentStore = () => browserApp?.store;

/**
 * The app's store (pages/_app.tsx): a new one for each server render, and one per tab in the
 * browser, however often React calls the initialiser that asks for it (twice in development).
 */
export function appStore(): ReturnType<typeof makeStore> {
  if (typeof window === 'undefined') return makeStore();
  return (browserApp ??= makeStore());
}

/** A new store (tests make one each; the app asks appStore()). */
export function makeStore(preloadedState?: Partial<RootState>) {
  const persisted = persistReducer(
    { key: PERSIST_KEY, storage: storage(), whitelist: ['auth', 'profile'] },
    rootReducer,
  );
  const store = configureStore({
    reducer: persisted,
    preloadedState: preloadedState as never,
    middleware: (getDefault) =>
      getDefault({
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
