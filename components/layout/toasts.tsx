import { lazy, Suspense, useEffect, useState } from 'react';
import { afterPageLoad } from '@/lib/after-load';
import { onToastWanted } from '@/lib/toast';

// React's lazy: next/dynamic's loader would weigh on every first load (docs/performance.md "Budgets").
const ToastRegion = lazy(() => import('./toast-region'));

/**
 * The toasts' region (components/layout/toast-region.tsx), mounted with the first toast or a while
 * after the page has loaded, whichever comes first: its library stays out of the code every page
 * runs at start (lib/toast.ts).
 */
export function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    let live = true;
    const mount = () => {
      if (live) setMounted(true);
    };
    const undo = onToastWanted(mount);
    void afterPageLoad().then(mount);
    return () => {
      live = false;
      undo();
    };
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
