import { useTranslation } from 'next-i18next/pages';
import { LeaveGuard } from '@/components/forms/leave-guard';
import { ButtonLink } from '@/components/ui/button';
import styles from './profile-edit.module.css';
import { PasswordForm } from './password-form';
import { PaypalForm } from './paypal-form';

/** /profile/settings: password and payment e-mail (the wallets come with a later issue). */
export function Settings() {
  const { t } = useTranslation('profile');
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
      <LeaveGuard>
        <PasswordForm />
        <PaypalForm />
      </LeaveGuard>
    </div>
  );
}
