import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import styles from '@/components/layout/list-page.module.css';
import type { TPostingKind } from '@/types/marketplace';

const KINDS: TPostingKind[] = ['project', 'job'];

/** The kind a list page shows, from its URL (`?type=job`; projects otherwise). */
export function useKindFromQuery(): TPostingKind {
  return useRouter().query.type === 'job' ? 'job' : 'project';
}

/** Projects / Jobs tabs of a list page; the choice lives in the URL (`?type=`). */
export function KindTabs({ pathname, current }: { pathname: string; current: TPostingKind }) {
  const { t } = useTranslation('market');
  return (
    <nav className={styles.tabs} aria-label={t('search.tabs_label')}>
      {KINDS.map((k) => (
        <Link
          key={k}
          href={{ pathname, query: { type: k } }}
          className={k === current ? styles.tabActive : styles.tab}
          aria-current={k === current ? 'page' : undefined}
        >
          {t(k === 'project' ? 'kinds.projects' : 'kinds.jobs')}
        </Link>
      ))}
    </nav>
  );
}
