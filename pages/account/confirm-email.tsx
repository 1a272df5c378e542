import { useTranslation } from 'next-i18next/pages';
import { ConfirmEmailScreen } from '@/components/account/confirm-email-screen';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { PrivateLinkHead } from '@/components/layout/private-link-head';
import { translationProps } from '@/lib/i18n/page-props';
import { serverPage } from '@/server/ssr/page';

/**
 * /account/confirm-email?token=…: where an address's confirmation link leads (docs/product.md
 * "One's own account"). Public, in both languages; the token is a secret (no Referer, noindex).
 */
export default function ConfirmEmailPage({ token }: { token: string }) {
  const { t } = useTranslation('profile');
  return (
    <PageFrame title={t('account.confirm.title')}>
      <PrivateLinkHead />
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{t('account.confirm.title')}</h1>
          </div>
        </header>
        <ConfirmEmailScreen token={token} />
      </div>
    </PageFrame>
  );
}

export const getServerSideProps = serverPage(async ({ query, locale }) => {
  const token = typeof query.token === 'string' ? query.token.slice(0, 2000) : '';
  return { props: { token, ...(await translationProps(locale)) } };
});
