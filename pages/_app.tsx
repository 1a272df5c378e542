import '@/styles/globals.css';
import 'react-toastify/dist/ReactToastify.css';
import type { AppProps } from 'next/app';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { appWithTranslation } from 'next-i18next/pages';
import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { SessionWatcher } from '@/components/auth/session-watcher';
import { Toasts } from '@/components/layout/toasts';
import { startAnalytics } from '@/lib/analytics';
import { startProgressBar } from '@/lib/progress';
import { appStore, type TServerSession } from '@/store';
import { userRefreshed } from '@/store/auth-slice';
import { SessionProvider } from '@/store/session';
import nextI18NextConfig from '../next-i18next.config.js';

// An address the server refused (server/ssr/page.ts) renders this instead of its page.
const AddressRefused = dynamic(() => import('@/components/layout/address-refused'));

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

  // A function child renders the same markup on the server and before rehydration.
  const persisted = (children: ReactNode) =>
    persistor ? (
      <PersistGate persistor={persistor}>
        {(rehydrated) => (
          <SessionProvider persistor={persistor} rehydrated={rehydrated || serverSignedIn}>
            {children}
          </SessionProvider>
        )}
      </PersistGate>
    ) : (
      <SessionProvider persistor={null} rehydrated={serverSignedIn}>
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
          {pageProps.addressRefused ? <AddressRefused /> : <Component {...pageProps} />}
        </>,
      )}
      <Toasts />
    </Provider>
  );
}

export default appWithTranslation(App, nextI18NextConfig);
