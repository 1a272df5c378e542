import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { toast } from 'react-toastify';

/** A click that would follow a link to another page of this site (not a new tab, not a hash). */
function leavingLink(e: MouseEvent): boolean {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return false;
  const link = (e.target as Element | null)?.closest?.('a[href]');
  if (
    !(link instanceof HTMLAnchorElement) ||
    link.target === '_blank' ||
    link.hasAttribute('download')
  )
    return false;
  const to = new URL(link.href, window.location.href);
  const here = window.location;
  return to.origin === here.origin && (to.pathname !== here.pathname || to.search !== here.search);
}

/**
 * While `active` (a save is running), leaving the page is blocked: closing or reloading the tab
 * asks the browser's own question; a click on a link is cancelled before Next's Link sees it
 * (it skips default-prevented clicks); any other navigation (back button, code) is cancelled in
 * `routeChangeStart`, which the pages router allows only by throwing.
 */
export function useLeaveGuard(active: boolean, message: string) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const notify = () => toast.info(message, { toastId: 'leave-guard' });
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    const onClick = (e: MouseEvent) => {
      if (!leavingLink(e)) return;
      e.preventDefault();
      notify();
    };
    const onRouteChangeStart = () => {
      notify();
      router.events.emit('routeChangeError'); // stops the progress bar that just started
      throw new Error('Navigation cancelled: a save is running.');
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    router.events.on('routeChangeStart', onRouteChangeStart);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      router.events.off('routeChangeStart', onRouteChangeStart);
    };
  }, [active, message, router]);
}
