import NProgress from 'nprogress';
import Router from 'next/router';

/** Seed §2: the teal top progress bar during navigation (colour in styles/globals.css). */
export function startProgressBar(): () => void {
  NProgress.configure({ showSpinner: false, trickleSpeed: 120 });
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
