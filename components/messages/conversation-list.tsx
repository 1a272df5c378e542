import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useFailureText } from '@/components/forms/failure-text';
import { Avatar } from '@/components/ui/avatar';
import { Button, ButtonLink } from '@/components/ui/button';
import { useInBrowser } from '@/lib/use-in-browser';
import {
  CONVERSATIONS_PER_PAGE,
  useConversationsQuery,
  type TConversation,
} from '@/services/conversations-api';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import styles from './messages.module.css';
import { formatWhen } from './when';
import type { TFunction } from 'i18next';
import { isFormerUser, personName } from '@/lib/person-name';

/** The other side as the list and the thread name them: a person, and their company if any. */
export const otherName = (c: TConversation) => `${c.other.name} ${c.other.last_name}`.trim();

/** The pages of the list shown so far (the first, then "More conversations"). */
function ListPage({
  page,
  current,
  last,
  onMore,
}: {
  page: number;
  current?: number;
  last: boolean;
  onMore: () => void;
}) {
  const { t, i18n } = useTranslation('messages');
  const failureText = useFailureText();
  const user = useAppSelector(selectUser);
  const inBrowser = useInBrowser();
  const { data, error, isFetching, refetch } = useConversationsQuery(
    { user: user?.id ?? 0, page, per_page: CONVERSATIONS_PER_PAGE },
    { skip: !user },
  );
  if (!data) {
    if (page > 1 && !error) return null;
    return error && !isFetching ? (
      <div className={styles.state} role="alert">
        <p>{failureText(error, { nothingSaved: false })}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </div>
    ) : (
      <p key="loading" className={styles.state} role="status">
        {t('loading')}
      </p>
    );
  }
  if (data.total === 0) {
    const talent = user?.is_talent ?? true;
    return (
      <div className={styles.empty}>
        <h2 className={styles.emptyTitle}>{t('empty')}</h2>
        <p>{t(talent ? 'empty_talent' : 'empty_business')}</p>
        <ButtonLink href={talent ? '/applications' : '/business/postings'} variant="secondary">
          {t(talent ? 'empty_cta_talent' : 'empty_cta_business')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.list}>
        {data.data.map((c) => {
          const name = isFormerUser(c.other) ? personName(t as TFunction, c.other) : otherName(c);
          const last = c.last_message;
          const mine = last && last.author.id === user?.id;
          const text = last ? last.body || (last.file ? t('file_only') : '') : t('no_messages');
          return (
            <li key={c.id}>
              <Link
                href={`/messages/${c.id}`}
                className={`${styles.item} ${c.unread_count > 0 ? styles.itemUnread : ''}`}
                aria-current={current === c.id ? 'page' : undefined}
              >
                <Avatar
                  url={c.other.avatar_url}
                  name={c.other.name}
                  lastName={c.other.last_name}
                  size={44}
                  classes={{ photo: styles.avatar, initials: styles.initials }}
                  lazy
                />
                <span className={styles.itemText}>
                  <span className={styles.itemName}>
                    {name}
                    {c.other.company ? ` · ${c.other.company.name}` : ''}
                  </span>
                  <span className={styles.itemPosting}>
                    {t('about', { posting: c.posting.name })}
                  </span>
                  <span className={styles.itemLast}>{mine ? t('you_said', { text }) : text}</span>
                </span>
                <span className={styles.itemSide}>
                  <time dateTime={c.last_activity_at}>
                    {formatWhen(c.last_activity_at, i18n.language, inBrowser, true)}
                  </time>
                  {c.unread_count > 0 && (
                    <span className={styles.count}>
                      <span aria-hidden="true">{c.unread_count}</span>
                      <span className="visually-hidden">
                        {t('unread', { count: c.unread_count })}
                      </span>
                    </span>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {last && data.page < data.last_page && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={onMore}>
            {t('more')}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * The caller's conversations (docs/product.md "Conversations"), newest activity first: the
 * other side's name and photo, the posting, the last message and how many are unread. Live
 * arrivals patch the first page (services/conversations-api.ts `messageArrived`).
 */
export function ConversationList({
  current,
  pages,
  onMore,
}: {
  current?: number;
  pages: number;
  onMore: () => void;
}) {
  const { t } = useTranslation('messages');
  return (
    <nav aria-label={t('list_label')} className={styles.card}>
      {Array.from({ length: pages }, (_, i) => (
        <ListPage key={i} page={i + 1} current={current} last={i + 1 === pages} onMore={onMore} />
      ))}
    </nav>
  );
}
