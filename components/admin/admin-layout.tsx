import Head from 'next/head';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { RequireAuth } from '@/components/auth/require-auth';
import pageStyles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import styles from './admin.module.css';

/** The console's screens, in the order of its tabs. */
export const ADMIN_TABS = ['verifications', 'reports', 'audit'] as const;
export type TAdminTab = (typeof ADMIN_TABS)[number];

/**
 * The frame of every console page (docs/product.md "Operators"): its title, the tabs between the
 * verification queue, the reports and the audit log, and the screen. Never listed by search
 * engines; the server answers the page to operators only (page-state/operator-page.ts).
 */
export function AdminLayout({ current, children }: { current: TAdminTab; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <PageFrame title={`${t(`tabs.${current}`)} · ${t('title')}`}>
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <div className={pageStyles.page}>
        <header className={pageStyles.pageHeader}>
          <div>
            <h1>{t('title')}</h1>
            <p className={styles.lead}>{t('lead')}</p>
          </div>
        </header>
        <nav aria-label={t('tabs.label')} className={styles.tabs}>
          {ADMIN_TABS.map((tab) => (
            <Link
              key={tab}
              href={`/admin/${tab}`}
              className={tab === current ? styles.tabActive : styles.tab}
              aria-current={tab === current ? 'page' : undefined}
              prefetch={false}
            >
              {t(`tabs.${tab}`)}
            </Link>
          ))}
        </nav>
        <RequireAuth>{children}</RequireAuth>
      </div>
    </PageFrame>
  );
}
