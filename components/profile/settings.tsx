import { useTranslation } from 'next-i18next/pages';
import { lazy, Suspense } from 'react';
import { RequireAuth } from '@/components/auth/require-auth';
import { LeaveGuard } from '@/components/forms/leave-guard';
import { AccountEmail } from '@/components/account/account-email';
import { DataExport } from '@/components/account/data-export';
import { DeleteAccount } from '@/components/account/delete-account';
import { ButtonLink } from '@/components/ui/button';
import { useInBrowser } from '@/lib/use-in-browser';
import styles from './profile-edit.module.css';
import { EmailSettings } from './email-settings';
import { PasswordForm } from './password-form';
import { PaypalForm } from './paypal-form';

// The wallet section comes after the page's first load (React's own lazy: next/dynamic would
// cost more than it saves). It renders in the browser only, once the page is there: the server
// renders the forms of a signed-in user (page-state/signed-in-page.ts), never this.
const WalletSettings = lazy(() =>
  import('@/components/wallets/wallet-settings').then((m) => ({ default: m.WalletSettings })),
);
// The saved searches read the API cache: loaded in the browser only (docs/product.md "Saved searches and alerts").
const SavedSearchesSection = lazy(() => import('@/components/discovery/saved-searches-section'));

/**
 * /profile/settings: the account's address, password, payment e-mail, the e-mails one gets,
 * wallets, and one's data: its download and the account's deletion. The heading and its lead are the same
 * for everyone, so they are in the server's page and paint at once; the forms wait for the session.
 */
export function Settings() {
  const { t } = useTranslation('profile');
  const inBrowser = useInBrowser();
  return (
    <div className={styles.narrow}>
      <header className={styles.pageHeader}>
        <div>
          <h1>{t('settings.title')}</h1>
          <p>{t('settings.lead')}</p>
        </div>
        <ButtonLink href="/profile/edit" variant="secondary">
          {t('menu.edit_profile')}
        </ButtonLink>
      </header>
      <RequireAuth>
        <LeaveGuard>
          <AccountEmail />
          <PasswordForm />
          <PaypalForm />
          <EmailSettings />
        </LeaveGuard>
        {inBrowser && (
          <Suspense fallback={null}>
            <SavedSearchesSection />
            <WalletSettings />
          </Suspense>
        )}
        <DataExport />
        <DeleteAccount />
      </RequireAuth>
    </div>
  );
}
