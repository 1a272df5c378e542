import '@/styles/globals.css';
import 'react-toastify/dist/ReactToastify.css';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import { appWithTranslation } from 'next-i18next/pages';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { SessionWatcher } from '@/components/auth/session-watcher';
import { Toasts } from '@/components/layout/toasts';
import { startAnalytics } from '@/lib/analytics';
import { startProgressBar } from '@/lib/progress';
import { appStore, type TServerSession } from '@/store';
import { userRefreshed } from '@/store/auth-slice';
import { SessionProvider } from '@/store/session';
import nextI18NextConfig from '../next-i18next.config.js';

// An address the server refused (server/ssr/page.ts) renders this instead of its page: a chunk
// of its own, React's lazy rather than next/dynamic, whose loader would be on every first load.
const AddressRefused = lazy(() => import('@/components/layout/address-refused'));

const noSubscription = () => () => {};

/**
 * Whether stored state is back (redux-persist's `bootstrapped`): false on the server and in the
 * render that takes the server's page over, as redux-persist's own PersistGate, whose class
 * weighed about 1 KB gzipped on every first load (docs/performance.md "Budgets").
 */
function useRehydrated(persistor: Persistor | null): boolean {
  return useSyncExternalStore(
    persistor ? persistor.subscribe : noSubscription,
    () => Boolean(persistor?.getState().bootstrapped),
    () => false,
  );
}

type TAppPageProps = { serverSession?: TServerSession | null; addressRefused?: true };

/** docs/product.md "Screens and routes", the app shell: store, persistence, progress bar, toasts, analytics, favicon. */
function App({ Component, pageProps }: AppProps<TAppPageProps>) {
  // A signed-in page the server rendered with its session (page-state/signed-in-page.ts) starts the store
  // from what it read, and counts as rehydrated for its first render: the same markup as the
  // server's. Stored state then comes back over it, as on every page.
  const [{ store, persistor }] = useState(() => appStore(pageProps.serverSession));
  const serverSignedIn = Boolean(pageProps.serverSession);

  // The server read the user for this page after the stored copy was written: once stored state
  // is back, the server's copy is the newer one (an operator verified an entry meanwhile, say;
  // docs/product.md "Operators"). Unsaved edits of the profile stay (store/profile-slice.ts).
  useEffect(() => {
    const user = pageProps.serverSession?.user;
    if (!user || !persistor) return;
    const refresh = () => store.dispatch(userRefreshed(user));
    if (persistor.getState().bootstrapped) return void refresh();
    const stop = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      stop();
      refresh();
    });
    return stop;
    // The first page's server session only: later pages come from the tab's store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => startProgressBar(), []);
  useEffect(() => startAnalytics(), []);

  // The same markup on the server and before rehydration.
  const rehydrated = useRehydrated(persistor);
  const persisted = (children: ReactNode) => (
    <SessionProvider persistor={persistor} rehydrated={rehydrated || serverSignedIn}>
      {children}
    </SessionProvider>
  );

  return (
    <Provider store={store}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </Head>
      {persisted(
        <>
          <SessionWatcher />
          {pageProps.addressRefused ? (
            <Suspense fallback={null}>
              <AddressRefused />
            </Suspense>
          ) : (
            <Component {...pageProps} />
          )}
        </>,
      )}
      <Toasts />
    </Provider>
  );
}

export default appWithTranslation(App, nextI18NextConfig);
