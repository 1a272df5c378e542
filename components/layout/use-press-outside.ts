import { useEffect, type RefObject } from 'react';

/**
 * While `open`, a press anywhere outside `root` calls `onOutside` (a menu or a panel of the
 * header closes; focus stays where the press put it).
 */
export function usePressOutside(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  onOutside: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const press = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) onOutside();
    };
    document.addEventListener('mousedown', press);
    return () => document.removeEventListener('mousedown', press);
  }, [open, root, onOutside]);
}
