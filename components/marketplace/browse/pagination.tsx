import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import styles from './opportunities.module.css';

/** Previous / next pages of results, as links that keep every other choice of the URL. */
export function Pagination({ page, last }: { page: number; last: number }) {
  const { t } = useTranslation('market');
  const router = useRouter();
  if (last <= 1) return null;
  const to = (p: number) => ({
    pathname: router.pathname,
    query: { ...router.query, page: String(p) },
  });
  return (
    <nav className={styles.pagination} aria-label={t('search.pagination')}>
      {page > 1 ? <Link href={to(page - 1)}>{t('search.previous')}</Link> : <span />}
      <span aria-current="page">{t('search.page', { page, last })}</span>
      {page < last ? <Link href={to(page + 1)}>{t('search.next')}</Link> : <span />}
    </nav>
  );
}
