import NProgress from 'nprogress';
import Router from 'next/router';

/** How often the bar creeps forward while a navigation is under way. */
export const PROGRESS_TRICKLE_MS = 120;
/** How long each move of the bar takes; when done, it fills, then fades out over this long. */
export const PROGRESS_SPEED_MS = 200;

/** Seed §2: the teal top progress bar during navigation (colour in styles/globals.css). */
export function startProgressBar(): () => void {
  NProgress.configure({
    showSpinner: false,
    trickleSpeed: PROGRESS_TRICKLE_MS,
    speed: PROGRESS_SPEED_MS,
    // nprogress's own template says role="bar", which is no ARIA role (axe: serious). The bar is
    // decoration: the page's own content says when it has loaded. nprogress finds its bar by
    // `barSelector` (role="bar" by default), so that changes with it.
    template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
    barSelector: '.bar',
  });
  const start = (_url: string, opts?: { shallow?: boolean }) => {
    if (!opts?.shallow) NProgress.start();
  };
  const done = () => NProgress.done();
  Router.events.on('routeChangeStart', start);
  Router.events.on('routeChangeComplete', done);
  Router.events.on('routeChangeError', done);
  return () => {
    Router.events.off('routeChangeStart', start);
    Router.events.off('routeChangeComplete', done);
    Router.events.off('routeChangeError', done);
  };
}
