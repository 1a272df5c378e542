import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { AdminLayout } from '@/components/admin/admin-layout';
import { operatorPage } from '@/page-state/operator-page';
import { preloadForSession } from '@/store/session-preload';

// The screen reads server data: it comes in a second chunk, with the cache (first-load budget).
const ReportsQueue = dynamic(() => import('@/components/admin/reports-queue'), {
  loading: () => <Loading />,
});

preloadForSession(['/admin/reports'], () => import('@/components/admin/reports-queue'));

function Loading() {
  const { t } = useTranslation('admin');
  return <p role="status">{t('loading')}</p>;
}

/**
 * /admin/reports (docs/product.md "Operators"): the reports people made, Open and Resolved, with Dismiss, Hide and Suspend (and Lift suspension). Operators only: the server answers
 * anyone else the 404 page.
 */
export default function AdminReportsPage() {
  return (
    <AdminLayout current="reports">
      <ReportsQueue />
    </AdminLayout>
  );
}

export const getServerSideProps = operatorPage(() => import('@/components/admin/reports-queue'));
