import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import styles from '@/components/layout/list-page.module.css';
import type { TPostingKind } from '@/types/marketplace';
import { KINDS, kindFrom, POSTING_KINDS } from '@/lib/kinds';

/**
 * The kind and page a list page shows, from its address's query (`?type=job&page=2`; projects
 * and the first page otherwise): what the list renders and what its first read asks for, in the
 * browser and on the server (store/session-preload.ts).
 */
export function kindListOf(query: Record<string, unknown>): { type: TPostingKind; page: number } {
  return { type: kindFrom(query.type), page: Number(query.page) || 1 };
}

/** kindListOf the current address. */
export const useKindList = () => kindListOf(useRouter().query);

/** Projects / Jobs tabs of a list page; the choice lives in the URL (`?type=`). */
export function KindTabs({
  pathname,
  current,
  children,
}: {
  pathname: string;
  /** The kind shown; null when another tab (`children`) is. */
  current: TPostingKind | null;
  /** More tabs after the kinds' (the Invitations tab of /applications). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('market');
  return (
    <nav className={styles.tabs} aria-label={t('search.tabs_label')}>
      {POSTING_KINDS.map((k) => (
        <Link
          key={k}
          href={{ pathname, query: { type: k } }}
          className={k === current ? styles.tabActive : styles.tab}
          aria-current={k === current ? 'page' : undefined}
        >
          {t(KINDS[k].pluralKey)}
        </Link>
      ))}
      {children}
    </nav>
  );
}

/**
 * A list page's list while its chunk loads (its `next/dynamic` loading state): the tabs and a
 * status, never a blank page (after publishing a posting, the move to My postings waits for it).
 */
export function KindListLoading({
  pathname,
  text,
}: {
  pathname: string;
  text: 'postings.loading' | 'applications.loading';
}) {
  const { t } = useTranslation('market');
  const { type } = useKindList();
  return (
    <>
      <KindTabs pathname={pathname} current={type} />
      <p className={`${styles.empty} ${styles.state}`} role="status">
        {t(text)}
      </p>
    </>
  );
}
