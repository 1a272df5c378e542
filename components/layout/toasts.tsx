import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { afterPageLoad } from '@/lib/after-load';
import { onToastWanted } from '@/lib/toast';

const ToastRegion = dynamic(() => import('./toast-region'), { ssr: false });

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
  return mounted ? <ToastRegion /> : null;
}
