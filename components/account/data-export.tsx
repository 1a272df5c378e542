import { useTranslation } from 'next-i18next/pages';
import { useBusy } from '@/components/forms/use-busy';
import styles from '@/components/profile/profile-edit.module.css';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/toast';
import { downloadExport } from '@/services/account-service';

/**
 * "Download my data" (docs/product.md "One's own account"): one JSON file of everything the
 * platform holds about the person, uploads as links.
 */
export function DataExport() {
  const { t } = useTranslation('profile');
  const { busy, during } = useBusy();

  async function download() {
    const status = await during(downloadExport);
    if (status === 429) return toastError(t('account.export.limited'));
    if (status !== 200) toastError(t('account.export.failed'));
  }

  return (
    <section id="export" className={styles.section} aria-labelledby="export-title">
      <header className={styles.sectionHeader}>
        <h2 id="export-title">{t('account.export.title')}</h2>
        <p>{t('account.export.lead')}</p>
      </header>
      <div className={styles.formActions}>
        <Button
          variant="secondary"
          onClick={() => void download()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? t('account.export.working') : t('account.export.button')}
        </Button>
      </div>
    </section>
  );
}
