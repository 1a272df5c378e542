import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useRef } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDay } from '@/lib/format/day';
import { formatMoney } from '@/lib/format/money';
import { formatRelativeTime, type TTranslate } from '@/lib/format/relative-time';
import { assetUrl } from '@/lib/profile/asset-url';
import { APPLICATION_STATUS, statusName } from '@/lib/statuses';
import { kindOfApplication, statusOf } from '@/lib/kinds';
import { MessageButton } from '@/components/messages/message-button';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import type { TWithActor } from '@/types/companies';
import type { TBoardApplication, TBoardJobApplication, TStatusChange } from '@/types/pipeline';
import bulkStyles from './bulk.module.css';
import { CardWorkbench } from './card-workbench';
import styles from './pipeline.module.css';
import type { TFunction } from 'i18next';
import { personName } from '@/lib/person-name';

// The team's review of the hired talent once the work finished (docs/product.md "Reviews").
const ReviewAction = dynamic(() => import('@/components/reviews/review-action'), { ssr: false });

/** The statuses an owner moves applicants between (docs/api.md: 0–3; 4 is the talent's own). */
export const OWNER_STATUSES = [
  APPLICATION_STATUS.applied,
  APPLICATION_STATUS.shortlisted,
  APPLICATION_STATUS.hired,
  APPLICATION_STATUS.rejected,
] as const;
export type TOwnerStatus = (typeof OWNER_STATUSES)[number];

export const fullName = (a: TBoardApplication) => `${a.talent.name} ${a.talent.last_name}`.trim();

const isJob = (a: TBoardApplication): a is TBoardJobApplication => 'job_id' in a;

/** The name of an application status in the active language ("Hired", "Contratado"). */
export function useStatusLabel() {
  const { t } = useTranslation('market');
  return (status: number) =>
    t(`statuses.application.${statusName(APPLICATION_STATUS, status) ?? 'applied'}`);
}

/** "3 days ago" / "hace 3 días", to go inside a sentence. */
function useAgo() {
  const { t: tp } = useTranslation('profile');
  return (at: string) => {
    const text = formatRelativeTime(at, tp as unknown as TTranslate);
    return text.charAt(0).toLocaleLowerCase() + text.slice(1);
  };
}

function History({
  changes,
  ownerId,
  talentId,
  talentName,
}: {
  changes: TStatusChange[];
  ownerId: number;
  talentId: number;
  talentName: string;
}) {
  const { t, i18n } = useTranslation('pipeline');
  const me = useAppSelector(selectUser);
  const ago = useAgo();
  const label = useStatusLabel();
  if (changes.length === 0) return null;
  // Who moved it (docs/product.md "Companies and teams", "Screens"): you, the talent (a
  // withdrawal), or the member of the company the server names.
  const who = (c: TStatusChange & TWithActor) =>
    c.actor_id !== null && c.actor_id === (me?.id ?? ownerId)
      ? t('card.you')
      : c.actor_id !== null && c.actor_id === talentId
        ? talentName
        : c.actor
          ? `${c.actor.name} ${c.actor.last_name}`.trim()
          : '—';
  return (
    <details className={styles.history}>
      <summary>{t('card.history', { count: changes.length })}</summary>
      <ol>
        {changes.map((c, i) => (
          <li key={`${c.created_at}-${i}`}>
            <strong>{t('card.history_change', { from: label(c.from), to: label(c.to) })}</strong>{' '}
            <time
              className={styles.muted}
              dateTime={c.created_at}
              title={formatDay(c.created_at, i18n.language)}
            >
              {t('card.history_by', { who: who(c), time: ago(c.created_at) })}
            </time>
            {c.reason && (
              <span className={styles.reason}>{t('card.reason', { reason: c.reason })}</span>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * One applicant on the board: who they are (with a link to their public profile), what they
 * proposed, when, why they were rejected, the status history, and the buttons that move them.
 */
export function ApplicantCard({
  application: a,
  currency,
  ownerId,
  canMove,
  onMove,
  focusToken,
  select,
  tabbable,
  reviewable = false,
}: {
  application: TBoardApplication;
  currency: string;
  ownerId: number;
  canMove: boolean;
  onMove: (application: TBoardApplication, to: TOwnerStatus) => void;
  /** Changes when this card should take the focus (it has just moved here). */
  focusToken?: number;
  /** Bulk selection (./use-board-selection.ts): checked, and the toggle (`range`: shift held). */
  select?: { checked: boolean; onToggle: (range: boolean) => void };
  /** The card the board's Tab stop is on (roving tabindex, ./use-board-keys.ts). */
  tabbable?: boolean;
  /** The posting finished: its hired talent's card offers the team's review. */
  reviewable?: boolean;
}) {
  const { t, i18n } = useTranslation('pipeline');
  const label = useStatusLabel();
  const ago = useAgo();
  const name = personName(t as TFunction, a.talent);
  const status = statusOf(a);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `applicant-${a.id}`;

  useEffect(() => {
    if (!focusToken) return;
    // After the dialog has closed (and tried to give focus back to a button that moved away).
    const timer = window.setTimeout(() => heading.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [focusToken]);

  const targets = OWNER_STATUSES.filter((s) => s !== status);

  return (
    <li>
      <article
        className={styles.card}
        aria-labelledby={headingId}
        /* --- bulk selection and keyboard (./use-board-keys.ts, ./bulk.module.css) --- */
        tabIndex={tabbable ? 0 : -1}
        data-card-id={a.id}
        data-column={status}
        data-selected={select?.checked || undefined}
        /* --- end --- */
      >
        {/* --- bulk selection: the card's checkbox (./use-board-selection.ts) --- */}
        {select && status !== APPLICATION_STATUS.withdrawn && (
          <input
            type="checkbox"
            className={bulkStyles.cardCheck}
            aria-label={t('bulk.select', { name })}
            checked={select.checked}
            onChange={() => undefined}
            onClick={(e) => select.onToggle(e.shiftKey)}
            onKeyDown={(e) => {
              // Shift+Space selects the range, as shift-click does.
              if (e.key !== ' ' || !e.shiftKey) return;
              e.preventDefault();
              select.onToggle(true);
            }}
            onKeyUp={(e) => {
              if (e.key === ' ' && e.shiftKey) e.preventDefault();
            }}
          />
        )}
        {/* --- end --- */}
        <div className={styles.who}>
          <Avatar
            url={a.talent.avatar_url}
            name={a.talent.name}
            lastName={a.talent.last_name}
            size={48}
            classes={{ photo: styles.avatar, initials: styles.initials }}
          />
          <div className={styles.whoText}>
            <h3 id={headingId} ref={heading} tabIndex={-1} className={styles.name}>
              <Link href={`/talents/${a.talent.id}`} title={t('card.profile', { name })}>
                {name}
              </Link>
            </h3>
            {a.talent.headline && <p className={styles.headline}>{a.talent.headline}</p>}
          </div>
        </div>

        <p className={styles.muted}>
          <time dateTime={a.created_at} title={formatDay(a.created_at, i18n.language)}>
            {t('card.applied', { time: ago(a.created_at) })}
          </time>{' '}
          {a.invited && <Badge tone="info">{t('card.invited')}</Badge>}
        </p>

        {/* The recruiter's workbench: rating, time in stage, notes (./card-workbench.tsx). */}
        <CardWorkbench application={a} name={name} statusLabel={label(status)} />

        {isJob(a) ? (
          <dl className={styles.facts}>
            <div>
              <dt>{t('card.summary')}</dt>
              <dd className={styles.text}>{a.summary}</dd>
            </div>
            {a.experience && (
              <div>
                <dt>{t('card.experience')}</dt>
                <dd className={styles.text}>{a.experience}</dd>
              </div>
            )}
            <div>
              <dt>{t('card.cv')}</dt>
              <dd>
                {a.file ? (
                  <a href={assetUrl(a.file.url)} target="_blank" rel="noopener noreferrer">
                    {a.file.name}
                  </a>
                ) : (
                  t('card.no_cv')
                )}
              </dd>
            </div>
          </dl>
        ) : (
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>{t('card.price')}</dt>
              <dd className={styles.strong}>
                {formatMoney(a.price_proposal, currency, i18n.language)}
              </dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('card.weeks')}</dt>
              <dd className={styles.strong}>{a.weeks}</dd>
            </div>
            <div>
              <dt>{t('card.proposal')}</dt>
              <dd className={styles.text}>{a.proposal}</dd>
            </div>
          </dl>
        )}

        {!isJob(a) && a.ready_to_close && status === APPLICATION_STATUS.hired && (
          <p>
            <Badge tone="success">{t('card.ready_to_close')}</Badge>
          </p>
        )}
        {a.reason && status === APPLICATION_STATUS.rejected && (
          <p className={styles.reason}>{t('card.reason', { reason: a.reason })}</p>
        )}

        <History changes={a.history} ownerId={ownerId} talentId={a.talent.id} talentName={name} />

        {reviewable && status === APPLICATION_STATUS.hired && (
          <ReviewAction kind={kindOfApplication(a)} applicationId={a.id} />
        )}

        {canMove && status !== APPLICATION_STATUS.withdrawn && (
          <p>
            <MessageButton kind={kindOfApplication(a)} applicationId={a.id} name={name} />
          </p>
        )}

        {canMove && status !== APPLICATION_STATUS.withdrawn && (
          <div className={styles.moves} role="group" aria-label={t('card.move_group', { name })}>
            <span className={styles.movesLabel} aria-hidden="true">
              {t('card.move_to')}
            </span>
            {targets.map((to) => (
              <Button
                key={to}
                variant="secondary"
                className={styles.moveButton}
                onClick={() => onMove(a, to)}
              >
                {label(to)}
              </Button>
            ))}
          </div>
        )}
      </article>
    </li>
  );
}
