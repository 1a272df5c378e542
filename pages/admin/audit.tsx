import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { AdminLayout } from '@/components/admin/admin-layout';
import { operatorPage } from '@/page-state/operator-page';
import { preloadForSession } from '@/store/session-preload';

// The screen reads server data: it comes in a second chunk, with the cache (first-load budget).
const AuditLog = dynamic(() => import('@/components/admin/audit-log'), {
  loading: () => <Loading />,
});

preloadForSession(['/admin/audit'], () => import('@/components/admin/audit-log'));

function Loading() {
  const { t } = useTranslation('admin');
  return <p role="status">{t('loading')}</p>;
}

/**
 * /admin/audit (docs/product.md "Operators"): every act of an operator, newest first. Operators only: the server answers
 * anyone else the 404 page.
 */
export default function AdminAuditPage() {
  return (
    <AdminLayout current="audit">
      <AuditLog />
    </AdminLayout>
  );
}

export const getServerSideProps = operatorPage(() => import('@/components/admin/audit-log'));
