import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { AdminLayout } from '@/components/admin/admin-layout';
import { operatorPage } from '@/page-state/operator-page';
import { preloadForSession } from '@/store/session-preload';

// The screen reads server data: it comes in a second chunk, with the cache (first-load budget).
const VerificationQueue = dynamic(() => import('@/components/admin/verification-queue'), {
  loading: () => <Loading />,
});

preloadForSession(['/admin/verifications'], () => import('@/components/admin/verification-queue'));

function Loading() {
  const { t } = useTranslation('admin');
  return <p role="status">{t('loading')}</p>;
}

/**
 * /admin/verifications (docs/product.md "Operators"): the queue of experiences and study centres waiting for a verification, oldest first, with Approve and Refuse (with a reason). Operators only: the server answers
 * anyone else the 404 page.
 */
export default function AdminVerificationsPage() {
  return (
    <AdminLayout current="verifications">
      <VerificationQueue />
    </AdminLayout>
  );
}

export const getServerSideProps = operatorPage(
  () => import('@/components/admin/verification-queue'),
);
