import Router from 'next/router';
import { publicEnv } from './public-env';

type TGa = { initialize: (id: string) => void; send: (f: Record<string, unknown>) => void };

/**
 * docs/product.md "Screens and routes": a page view on every route or hash change. react-ga4 is imported only when a
 * measurement id is configured, so nothing is loaded otherwise. Returns the unsubscribe.
 */
export function startAnalytics(measurementId = publicEnv.NEXT_PUBLIC_GA_ID): () => void {
  if (!measurementId) return () => {};
  let ga: TGa | null = null;
  let cancelled = false;
  const pageView = (url: string) => ga?.send({ hitType: 'pageview', page: url });
  void import('react-ga4').then((mod) => {
    if (cancelled) return;
    ga = mod.default as unknown as TGa;
    ga.initialize(measurementId);
    pageView(Router.asPath);
  });
  Router.events.on('routeChangeComplete', pageView);
  Router.events.on('hashChangeComplete', pageView);
  return () => {
    cancelled = true;
    Router.events.off('routeChangeComplete', pageView);
    Router.events.off('hashChangeComplete', pageView);
  };
}
