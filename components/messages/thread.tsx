import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { postingPath } from '@/lib/kinds';
import { assetUrl } from '@/lib/profile/asset-url';
import { formatFileSize } from '@/lib/format/file-size';
import { useInBrowser } from '@/lib/use-in-browser';
import {
  useBlockConversationMutation,
  useConversationQuery,
  useLazyOlderMessagesQuery,
  useMarkConversationReadMutation,
  useMessagesQuery,
  type TMessage,
} from '@/services/conversations-api';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { ReportButton } from '@/components/trust/report-button';
import { Composer } from './composer';
import { otherName } from './conversation-list';
import { MessageText } from './message-text';
import styles from './messages.module.css';
import { formatWhen } from './when';
import type { TFunction } from 'i18next';
import { isFormerUser, personName } from '@/lib/person-name';

// Guarded for environments without it (jsdom, old browsers): the button loads older ones too.
const canObserve = () => typeof IntersectionObserver !== 'undefined';

/** Whether the page is on screen (a hidden tab reads nothing). */
function useVisible() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

function Message({ m, mine }: { m: TMessage; mine: boolean }) {
  const { t, i18n } = useTranslation('messages');
  const inBrowser = useInBrowser();
  const author = mine ? t('you') : personName(t as TFunction, m.author);
  return (
    <li className={`${styles.message} ${mine ? styles.mine : ''}`} data-message-id={m.id}>
      <p className={styles.messageMeta}>
        <strong>{author}</strong>
        <time dateTime={m.created_at}>{formatWhen(m.created_at, i18n.language, inBrowser)}</time>
      </p>
      {m.body && (
        <p className={styles.body}>
          <MessageText text={m.body} />
        </p>
      )}
      {m.file && (
        <a
          className={styles.file}
          href={assetUrl(m.file.url)}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
        >
          {t('thread.attachment', { name: m.file.name, size: formatFileSize(m.file.size) })}
        </a>
      )}
      {m.hidden && (
        <p className={styles.hiddenNote}>{t('report.hidden_message', { ns: 'common' })}</p>
      )}
      {!mine && (
        <ReportButton
          targetKind="message"
          targetId={m.id}
          authorId={m.author.id}
          ariaLabel={t('report.message_named', { ns: 'common', name: author })}
        />
      )}
    </li>
  );
}

/**
 * One conversation (docs/product.md "Conversations"): its messages oldest to newest with authors
 * and times, older ones loaded when scrolled to the top (or with the button), the composer, and
 * block/unblock. Opening it, and a message arriving while it is on screen, mark it read.
 */
export function Thread({ id }: { id: number }) {
  const { t } = useTranslation('messages');
  const failureText = useFailureText();
  const user = useAppSelector(selectUser);
  const visible = useVisible();
  const conversation = useConversationQuery(id, { refetchOnMountOrArgChange: true });
  const thread = useMessagesQuery(id, { refetchOnMountOrArgChange: true });
  const [loadOlder, older] = useLazyOlderMessagesQuery();
  const [markRead] = useMarkConversationReadMutation();
  const [setBlock, blocking] = useBlockConversationMutation();
  const [confirming, setConfirming] = useState(false);
  const [blockProblem, setBlockProblem] = useState<string | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);

  const c = conversation.data;
  const messages = thread.data?.data ?? [];
  const hasMore = thread.data?.has_more ?? false;
  const firstId = messages[0]?.id;
  const lastId = messages.at(-1)?.id;

  // Read: on opening, and whenever one arrives while the thread is on screen.
  const unread = c?.unread_count ?? 0;
  const marking = useRef(false);
  useEffect(() => {
    if (!c || !visible || unread === 0 || marking.current) return;
    marking.current = true;
    void markRead(id).finally(() => {
      marking.current = false;
    });
  }, [c, id, unread, lastId, visible, markRead]);

  // Scrolling: at the bottom on opening and when a new one comes (if the reader was near it);
  // in place when older ones are added above.
  const seen = useRef<{ first?: number; last?: number; height: number }>({ height: 0 });
  useLayoutEffect(() => {
    const box = log.current;
    if (!box) return;
    const before = seen.current;
    if (before.first === undefined || before.last === undefined) {
      box.scrollTop = box.scrollHeight;
    } else if (firstId !== undefined && firstId < before.first) {
      box.scrollTop += box.scrollHeight - before.height;
    } else if (lastId !== undefined && lastId > before.last) {
      const nearBottom = before.height - box.scrollTop - box.clientHeight < 160;
      const mine = messages.at(-1)?.author.id === user?.id;
      if (nearBottom || mine) box.scrollTop = box.scrollHeight;
    }
    seen.current = { first: firstId, last: lastId, height: box.scrollHeight };
  });

  const fetchOlder = () => {
    if (!hasMore || older.isFetching || firstId === undefined) return;
    void loadOlder({ id, before: firstId });
  };
  const olderRef = useRef(fetchOlder);
  useEffect(() => {
    olderRef.current = fetchOlder;
  });
  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || !canObserve()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) olderRef.current();
      },
      { root: log.current },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, firstId]);

  if (conversation.error || thread.error) {
    const failure = conversation.error ?? thread.error;
    const missing = (failure as { status?: number }).status === 404;
    return (
      <section className={`${styles.card} ${styles.state}`} role="alert">
        <p>{missing ? t('thread.not_found') : failureText(failure, { nothingSaved: false })}</p>
        <Link href="/messages">{t('back')}</Link>
      </section>
    );
  }
  if (!c || !user) {
    return (
      <section className={`${styles.card} ${styles.state}`}>
        <p role="status">{t('thread.loading')}</p>
      </section>
    );
  }

  const name = isFormerUser(c.other) ? personName(t as TFunction, c.other) : otherName(c);
  const blocked = c.blocked.by_me || c.blocked.by_other;
  const toggleBlock = async (block: boolean) => {
    setBlockProblem(null);
    const result = await setBlock({ id, block });
    setConfirming(false);
    if ('error' in result) setBlockProblem(t('block.failed'));
  };

  return (
    <section className={`${styles.card} ${styles.thread}`} aria-labelledby="thread-title">
      <header className={styles.threadHead}>
        <Link href="/messages" className={styles.back}>
          ← {t('back')}
        </Link>
        <Avatar
          url={c.other.avatar_url}
          name={c.other.name}
          lastName={c.other.last_name}
          size={44}
          classes={{ photo: styles.avatar, initials: styles.initials }}
        />
        <div className={styles.threadWho}>
          <h2 id="thread-title">
            {name}
            {c.other.company ? ` · ${c.other.company.name}` : ''}
          </h2>
          <p>
            <Link href={postingPath(c.kind, c.posting.id)}>{c.posting.name}</Link>
          </p>
        </div>
        {c.blocked.by_me ? (
          <Button
            variant="secondary"
            disabled={blocking.isLoading}
            onClick={() => void toggleBlock(false)}
          >
            {t('block.unblock')}
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t('block.block')}
          </Button>
        )}
      </header>
      {blockProblem && (
        <p className={styles.notice} role="alert">
          {blockProblem}
        </p>
      )}
      <div
        ref={log}
        className={styles.log}
        role="log"
        aria-label={t('thread.log', { name })}
        tabIndex={0}
      >
        <div ref={top} />
        {hasMore ? (
          <p className={styles.muted}>
            <Button variant="ghost" onClick={fetchOlder} disabled={older.isFetching}>
              {older.isFetching ? t('thread.loading_older') : t('thread.older')}
            </Button>
          </p>
        ) : (
          thread.data && (
            <p className={styles.muted}>
              {messages.length > 0 ? t('thread.start') : t('thread.first')}
            </p>
          )
        )}
        {!thread.data ? (
          <p className={styles.muted} role="status">
            {t('thread.loading')}
          </p>
        ) : (
          <ol className={styles.messages}>
            {messages.map((m) => (
              <Message key={m.id} m={m} mine={m.author.id === user.id} />
            ))}
          </ol>
        )}
      </div>
      {blocked && (
        <p className={styles.notice} role="status">
          {c.blocked.by_me ? t('block.blocked_by_me') : t('block.blocked_by_them', { name })}
        </p>
      )}
      <Composer key={id} conversationId={id} userId={user.id} disabled={blocked} />
      <Dialog
        open={confirming}
        title={t('block.confirm_title', { name })}
        onClose={() => setConfirming(false)}
        dismissible={!blocking.isLoading}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('block.cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={blocking.isLoading}
              onClick={() => void toggleBlock(true)}
            >
              {t('block.block')}
            </Button>
          </>
        }
      >
        <p>{t('block.confirm_text', { name })}</p>
      </Dialog>
    </section>
  );
}
