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

/** The browser's store, once made (never set on the server). */
let browserStore: ReturnType<typeof makeStore>['store'] | undefined;

/**
 * The store of this tab, for code that starts a screen's reads before the screen renders
 * (lib/session-preload.ts); undefined on the server and before the app has made it.
 */
export const currentStore = () => browserStore;

/** One store per app instance (never a module singleton shared across server renders). */
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
  if (typeof window !== 'undefined') browserStore = store;
  return { store, persistor };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
