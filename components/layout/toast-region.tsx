import { useTranslation } from 'next-i18next/pages';
import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@/lib/toast';

/** docs/product.md "Error catalogue": toasts top right, 2 seconds, paused on hover; the region is named in the active language. */
export default function ToastRegion() {
  const { t } = useTranslation('common');
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_MS}
      pauseOnHover
      newestOnTop
      aria-label={t('layout.toasts')}
    />
  );
}
