import { useTranslation } from 'next-i18next/pages';
import { useFailureText } from '@/components/forms/failure-text';
import { Button, ButtonLink } from '@/components/ui/button';
import type { failureOf } from '@/services/api';
import styles from './pipeline.module.css';

/** Why the board has no answer: the posting is not there (or not the owner's), or the read failed. */
export function BoardFailure({
  failure,
  onRetry,
}: {
  failure: ReturnType<typeof failureOf>;
  onRetry: () => void;
}) {
  const { t } = useTranslation('pipeline');
  const failureText = useFailureText();
  if (failure.code === 'not_found') {
    return (
      <section className={styles.state} role="alert" aria-labelledby="board-missing">
        <h1 id="board-missing">{t('board.not_found_title')}</h1>
        <p>{t('board.not_found')}</p>
        <ButtonLink href="/business/postings" variant="secondary">
          {t('board.back')}
        </ButtonLink>
      </section>
    );
  }
  return (
    <section className={styles.state} role="alert">
      <p>{t('board.load_failed')}</p>
      <p className={styles.muted}>{failureText(failure, { nothingSaved: false })}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('board.retry')}
      </Button>
    </section>
  );
}

/** The board while its answer is on its way. */
export function BoardLoading() {
  const { t } = useTranslation('pipeline');
  return (
    <p className={styles.state} role="status">
      {t('board.loading')}
    </p>
  );
}

/** A board nobody ever applied to: what the owner may do while the posting still recruits. */
export function BoardEmpty({ canMove, postingHref }: { canMove: boolean; postingHref: string }) {
  const { t } = useTranslation('pipeline');
  return (
    <section className={styles.state} aria-labelledby="board-empty">
      <h2 id="board-empty">{t('board.empty_title')}</h2>
      <p>{canMove ? t('board.empty_recruiting') : t('board.empty_closed')}</p>
      {canMove && <ButtonLink href={postingHref}>{t('board.view_posting')}</ButtonLink>}
    </section>
  );
}
