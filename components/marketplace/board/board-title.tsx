import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import styles from './pipeline.module.css';

/** The board's eyebrow (back to the postings) and its heading, the posting's name. */
export function BoardTitle({ name }: { name: string }) {
  const { t } = useTranslation('pipeline');
  return (
    <>
      <p className={styles.eyebrow}>
        <Link href="/business/postings">{t('board.back')}</Link>
        <span aria-hidden="true"> / </span>
        {t('board.title')}
      </p>
      <h1>{name}</h1>
    </>
  );
}
