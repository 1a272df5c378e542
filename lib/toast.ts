import { i18n } from 'next-i18next/pages';
import type { ToastOptions } from 'react-toastify';

/** docs/product.md "Error catalogue", "Constants and limits": a toast lasts 2 seconds. */
export const TOAST_MS = 2000;

// react-toastify (about 35 KB of script) is not part of the code every page runs at start
// (docs/performance.md "How pages paint early"): it loads with the first toast, or once the page
// has loaded (components/layout/toasts.tsx). A toast shown before its region is there waits in
// the library's queue and shows when the region mounts.

const wanted = new Set<() => void>();

/** Calls `listener` when a toast is about to show (the region mounts then); returns the undo. */
export function onToastWanted(listener: () => void): () => void {
  wanted.add(listener);
  return () => wanted.delete(listener);
}

type TKind = 'success' | 'error' | 'info';

function show(kind: TKind, message: string, options?: ToastOptions): void {
  for (const listener of wanted) listener();
  import('react-toastify')
    .then(({ toast }) => toast[kind](message, options))
    // The chunk did not load (offline): the page stays as it is, with no toast.
    .catch(() => {});
}

/** docs/product.md "Error catalogue": every save ends in a toast; the default success text is "Changes saved successfully!". */
export function toastSuccess(message?: string): void {
  show('success', message || (i18n?.t('toast.saved') ?? 'Changes saved successfully!'));
}

export function toastError(message: string): void {
  show('error', message);
}

/** A neutral notice; one `id` shows once however often it is asked for. */
export function toastInfo(message: string, id?: string): void {
  show('info', message, id ? { toastId: id } : undefined);
}
