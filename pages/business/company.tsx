import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import styles from '@/components/company/company.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { COMPANY_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';

// The form reads server data: it comes in a second chunk (first-load budget).
const CompanyEditor = dynamic(() => import('@/components/company/company-editor'), {
  loading: () => <CompanyLoading />,
});

function CompanyLoading() {
  const { t } = useTranslation('company');
  return (
    <p role="status" aria-live="polite">
      {t('edit.loading')}
    </p>
  );
}

/**
 * /business/company: the chosen company's public page as its team sees it (docs/product.md
 * "The company page"): owners and admins edit it, a recruiter reads it.
 */
export default function BusinessCompanyPage() {
  const { t } = useTranslation('company');
  return (
    <PageFrame title={t('edit.title')}>
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{t('edit.title')}</h1>
            <p>{t('edit.lead')}</p>
          </div>
        </header>
        <RequireAuth role="business">
          <CompanyEditor />
        </RequireAuth>
      </div>
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(COMPANY_NAMESPACES);
