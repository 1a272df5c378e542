import { useTranslation } from 'next-i18next/pages';
import { Button } from '@/components/ui/button';
import styles from './admin.module.css';

/** Newer / older pages of a console list, when there are several. */
export function Pager({
  page,
  last,
  onPage,
  label,
}: {
  page: number;
  last: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation('admin');
  if (last <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span>{t('pager.page', { page, last })}</span>
      <Button variant="secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
