import type NProgressType from 'nprogress';
import Router from 'next/router';

/** How often the bar creeps forward while a navigation is under way. */
export const PROGRESS_TRICKLE_MS = 120;
/** How long each move of the bar takes; when done, it fills, then fades out over this long. */
export const PROGRESS_SPEED_MS = 200;

let loading: Promise<typeof NProgressType> | undefined;

/**
 * nprogress, configured: a chunk of its own, asked for when the app starts but not part of the
 * first-load JavaScript every page pays for (docs/performance.md "Budgets").
 */
export function loadProgressBar(): Promise<typeof NProgressType> {
  loading ??= import('nprogress').then(({ default: NProgress }) => {
    NProgress.configure({
      showSpinner: false,
      trickleSpeed: PROGRESS_TRICKLE_MS,
      speed: PROGRESS_SPEED_MS,
      // nprogress's own template says role="bar", which is no ARIA role (axe: serious). The bar
      // is decoration: the page's own content says when it has loaded. nprogress finds its bar
      // by `barSelector` (role="bar" by default), so that changes with it.
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
      barSelector: '.bar',
    });
    return NProgress;
  });
  return loading;
}

/**
 * docs/product.md "Screens and routes": the teal top progress bar during navigation (colour in styles/globals.css). A
 * navigation that starts before the bar's chunk has arrived shows it when it arrives.
 */
export function startProgressBar(): () => void {
  let bar: typeof NProgressType | undefined;
  let underWay = false;
  let stopped = false;
  loadProgressBar()
    .then((NProgress) => {
      if (stopped) return;
      bar = NProgress;
      if (underWay) bar.start();
    })
    // Without its chunk (offline, say) navigation simply shows no bar.
    .catch(() => {});
  const start = (_url: string, opts?: { shallow?: boolean }) => {
    if (opts?.shallow) return;
    underWay = true;
    bar?.start();
  };
  const done = () => {
    underWay = false;
    bar?.done();
  };
  Router.events.on('routeChangeStart', start);
  Router.events.on('routeChangeComplete', done);
  Router.events.on('routeChangeError', done);
  return () => {
    stopped = true;
    Router.events.off('routeChangeStart', start);
    Router.events.off('routeChangeComplete', done);
    Router.events.off('routeChangeError', done);
  };
}
