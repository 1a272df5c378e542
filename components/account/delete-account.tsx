import { useTranslation } from 'next-i18next/pages';
import { lazy, Suspense, useState } from 'react';
import styles from '@/components/profile/profile-edit.module.css';
import { Button } from '@/components/ui/button';

// The dialog, its form and Google's re-authentication load when the button is pressed: few visits
// to settings delete the account (docs/performance.md "Budgets").
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog'));

/**
 * "Delete my account" (docs/product.md "Deleting one's account"): a dialog says what goes and
 * what stays and asks for the current password (an account signed up with Google only signs in
 * with Google again instead); then the session ends.
 */
export function DeleteAccount() {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed) so that it keeps its state as before.
  const [wanted, setWanted] = useState(false);
  return (
    <section id="delete" className={styles.section} aria-labelledby="delete-title">
      <header className={styles.sectionHeader}>
        <h2 id="delete-title">{t('account.delete.title')}</h2>
        <p>{t('account.delete.lead')}</p>
      </header>
      <div className={styles.formActions}>
        <Button
          variant="danger"
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          {t('account.delete.button')}
        </Button>
      </div>
      {wanted && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
