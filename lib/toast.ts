import { toast } from 'react-toastify';
import { i18n } from 'next-i18next/pages';

/** How long a toast stays before it closes by itself (ToastContainer's autoClose in pages/_app). */
export const TOAST_MS = 2000;

/** Seed §8: every save ends in a toast; the default success text is "Changes saved successfully!". */
export function toastSuccess(message?: string): void {
  toast.success(message || (i18n?.t('toast.saved') ?? 'Changes saved successfully!'));
}

export function toastError(message: string): void {
  toast.error(message);
}
