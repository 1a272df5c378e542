import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useState, useSyncExternalStore, type MouseEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import styles from '@/components/layout/list-page.module.css';
import { Button, ButtonLink } from '@/components/ui/button';
import { formatRelativeTime } from '@/lib/format/relative-time';
import { toastError } from '@/lib/toast';
import type { TAddress } from '@/store/session-preload';
import { useDeferredArrival } from '@/lib/use-deferred-arrival';
import {
  NOTIFICATIONS_PER_PAGE,
  notificationsApi,
  useMarkAllNotificationsClickedMutation,
  useMarkNotificationClickedMutation,
  useNotificationsQuery,
} from '@/services/notifications-api';
import type { AppStore } from '@/store';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import type { TNotification } from '@/types/user';
import own from './notifications.module.css';

/** A link the server gave that is a path of this site (never another origin). */
export const internalPath = (link: string | null): string | null =>
  link && link.startsWith('/') && !link.startsWith('//') && !link.includes('\\') ? link : null;

/** A click the browser handles itself (a new tab or window): it is not taken over. */
const opensElsewhere = (e: MouseEvent) =>
  e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/** The browser's clock, read again every minute while a list shows it. */
let clock = 0;
const subscribeClock = (changed: () => void) => {
  clock = Date.now();
  const timer = setInterval(() => {
    clock = Date.now();
    changed();
  }, 60_000);
  return () => clearInterval(timer);
};

/**
 * Relative times are written again every minute ("Just now" becomes "1 minute ago"). On the
 * server, and in the render that takes its page over, they are counted from `readAt`, when the
 * list was read: the same in both, so both write the same text. `live` says the clock is the
 * browser's own.
 */
function useNow(readAt: number | undefined) {
  const at = useSyncExternalStore(
    subscribeClock,
    () => (clock ||= Date.now()),
    () => -1,
  );
  return at < 0 ? { now: new Date(readAt ?? 0), live: false } : { now: new Date(at), live: true };
}

/** The page of the list a `?page=` value asks for (the first, unless it names a later one). */
const pageOf = (value: unknown) => Math.max(1, Math.floor(Number(value)) || 1);

/** The page's first read, started as soon as this chunk is there (store/session-preload.ts). */
export function prefetch(store: AppStore, { query }: TAddress) {
  const user = store.getState().auth.user;
  if (!user) return;
  const page = pageOf(query.page);
  const args = { user: user.id, page, per_page: NOTIFICATIONS_PER_PAGE };
  store.dispatch(notificationsApi.util.prefetch('notifications', args, {}));
}

/**
 * /notifications (docs/product.md "Notifications"): newest first, page by page; the unread ones
 * marked; opening one marks it clicked and then goes to its link, in the active language. Live
 * arrivals patch the first page's cache (components/notifications/live.ts), so they appear at
 * the top without a reload.
 */
export default function NotificationList() {
  const { t, i18n } = useTranslation('common');
  const { t: tp } = useTranslation('profile');
  const failureText = useFailureText();
  const router = useRouter();
  const user = useAppSelector(selectUser);
  const page = pageOf(router.query.page);
  const query = useNotificationsQuery(
    { user: user?.id ?? 0, page, per_page: NOTIFICATIONS_PER_PAGE },
    { skip: !user },
  );
  const { now, live } = useNow(query.fulfilledTimeStamp);
  const { error, isFetching, refetch } = query;
  // The list's first render is a transition (lib/use-deferred-arrival.ts).
  const data = useDeferredArrival(query.data);
  const [markClicked] = useMarkNotificationClickedMutation();
  const [markAll, markingAll] = useMarkAllNotificationsClickedMutation();
  const [opening, setOpening] = useState<number | null>(null);
  const spanish = i18n.language === 'es';

  const readAll = async () => {
    const answer = await markAll();
    if ('error' in answer) {
      toastError(failureText(answer.error, { fallback: t('notifications.mark_all_failed') }));
    }
  };

  const open = async (n: TNotification, e: MouseEvent<HTMLAnchorElement>) => {
    const to = internalPath(n.link);
    if (!to) return;
    if (opensElsewhere(e)) {
      // The browser opens it in a new tab; it is read all the same.
      void markClicked(n.id);
      return;
    }
    e.preventDefault();
    if (opening !== null) return;
    setOpening(n.id);
    // Marked first, then followed; a failed mark does not keep the user from the link.
    await markClicked(n.id);
    await router.push(to, undefined, { locale: router.locale });
    setOpening(null);
  };

  if (!data) {
    return error && !isFetching ? (
      <div className={`${styles.empty} ${styles.state}`} role="alert">
        <p>{failureText(error, { nothingSaved: false })}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('notifications.retry')}
        </Button>
      </div>
    ) : (
      // Its own key: the summary that follows is a new paragraph, not this one with its text
      // moved out of the card (a layout shift).
      <p key="loading" className={`${styles.empty} ${styles.state}`} role="status">
        {t('notifications.loading')}
      </p>
    );
  }

  if (data.total === 0) {
    const talent = user?.is_talent ?? true;
    return (
      <div className={styles.empty}>
        <h2 className={own.emptyTitle}>{t('notifications.empty')}</h2>
        <p>{t(talent ? 'notifications.empty_talent' : 'notifications.empty_business')}</p>
        <ButtonLink href={talent ? '/opportunities' : '/business/postings'}>
          {t(talent ? 'notifications.cta_talent' : 'notifications.cta_business')}
        </ButtonLink>
      </div>
    );
  }

  const last = Math.max(1, data.last_page);
  const to = (p: number) => ({ pathname: router.pathname, query: { ...router.query, page: p } });
  return (
    <>
      <div className={own.summaryRow}>
        <p className={own.summary} role="status">
          {data.unread > 0
            ? t('notifications.unread_count', { count: data.unread })
            : t('notifications.all_read')}
        </p>
        {data.unread > 0 && (
          <Button
            variant="secondary"
            onClick={() => void readAll()}
            disabled={markingAll.isLoading}
            aria-busy={markingAll.isLoading || undefined}
          >
            {markingAll.isLoading
              ? t('notifications.marking_all')
              : t('notifications.mark_all_read')}
          </Button>
        )}
      </div>
      <ul className={styles.list}>
        {data.data.map((n) => {
          const text = spanish ? n.message_es : n.message;
          const link = internalPath(n.link);
          const unread = !n.been_clicked;
          // Said, not only shown: the link's name starts with "Unread:".
          const unreadMark = unread && (
            <>
              <span className="visually-hidden">{`${t('notifications.unread')}:`}</span>{' '}
            </>
          );
          const created = new Date(n.created_at);
          const when =
            now.getTime() - created.getTime() < 60_000
              ? t('notifications.just_now')
              : formatRelativeTime(created, tp, now);
          return (
            <li key={n.id} className={`${styles.card} ${own.item} ${unread ? own.unread : ''}`}>
              <span className={own.dot} aria-hidden="true" />
              <div className={own.body}>
                <p className={own.text}>
                  {link ? (
                    <Link
                      href={link}
                      onClick={(e) => void open(n, e)}
                      aria-busy={opening === n.id || undefined}
                    >
                      {unreadMark}
                      {text}
                    </Link>
                  ) : (
                    <>
                      {unreadMark}
                      {text}
                    </>
                  )}
                </p>
                <p className={styles.meta}>
                  <time
                    dateTime={n.created_at}
                    // The reader's own time zone: known in the browser only.
                    title={live ? created.toLocaleString(i18n.language) : undefined}
                  >
                    {when}
                  </time>
                  {unread && <span className={own.new}>{t('notifications.new')}</span>}
                </p>
                {!link && unread && (
                  <div className={own.actions}>
                    <Button variant="ghost" onClick={() => void markClicked(n.id)}>
                      {t('notifications.mark_read')}
                    </Button>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {(last > 1 || page > 1) && (
        <nav className={own.pagination} aria-label={t('notifications.pagination')}>
          {page > 1 ? (
            // Past the end (an old link), "Previous" goes to the last page.
            <Link href={to(Math.min(page - 1, last))}>{t('notifications.previous')}</Link>
          ) : (
            <span />
          )}
          <span aria-current="page">{t('notifications.page', { page, last })}</span>
          {page < last ? <Link href={to(page + 1)}>{t('notifications.next')}</Link> : <span />}
        </nav>
      )}
    </>
  );
}
