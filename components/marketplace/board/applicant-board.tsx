import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { PostingStatus, type TPosting } from '@/components/marketplace/shared/posting-facts';
import { postingPath } from '@/lib/kinds';
import type { TAddress } from '@/store/session-preload';
import { pipelineApi } from '@/services/pipeline-api';
import type { AppStore } from '@/store';
import type { TPostingKind } from '@/types/marketplace';
import type { TBoardApplication } from '@/types/pipeline';
import { ApplicantCard, fullName } from './applicant-card';
import { BoardFilters, NoMatch } from './board-filters';
import { BoardColumns } from './board-columns';
import { BoardEmpty, BoardFailure, BoardLoading } from './board-states';
import { BoardTitle } from './board-title';
import { LifecycleActions } from './lifecycle-actions';
import { MoveDialog } from './move-dialog';
import { useApplicantBoard } from './use-applicant-board';
import { boardQueryOf, isFiltered } from './use-board-filters';
import styles from './pipeline.module.css';

/**
 * The board's first read, started as soon as this chunk is there (store/session-preload.ts): the
 * posting is the one in the address (/business/projects/5/applicants, /es/business/jobs/2/...).
 */
export function prefetch(store: AppStore, { path, query }: TAddress) {
  const user = store.getState().auth.user;
  const match = /\/business\/(project|job)s\/(\d+)\/applicants\/?$/.exec(path);
  if (!user || user.is_talent || !match) return;
  const kind = match[1] as TPostingKind;
  // The same cache key the board then reads (./use-board-filters.ts): the address's filters.
  const filters = boardQueryOf(query as Record<string, string | string[] | undefined>, kind);
  const key = { kind, id: Number(match[2]) };
  const args = Object.keys(filters).length > 0 ? { ...key, query: filters } : key;
  store.dispatch(pipelineApi.util.prefetch('board', args, {}));
}

/**
 * The applicant board of one posting (docs/product.md "Pipeline and lifecycle"): columns by
 * status with their counts, the withdrawn apart, each card moved by its buttons after a
 * confirmation, and the posting's next step in its life. Its state is `useApplicantBoard`
 * (./use-applicant-board.ts).
 */
export default function ApplicantBoard({
  kind,
  posting: initial,
  onShown,
}: {
  kind: TPostingKind;
  posting: TPosting;
  /** Called once the board shows the answer (or why there is none), before it paints. */
  onShown?: () => void;
}) {
  const { t } = useTranslation('pipeline');
  const { posting, setPosting, failure, retry, view, moves, filters } = useApplicantBoard(
    kind,
    initial,
    onShown,
  );
  if (failure) return <BoardFailure failure={failure} onRetry={retry} />;
  if (!view) return <BoardLoading />;

  const postingHref = postingPath(kind, posting.id);
  const { counts, applicants, total, canMove, readyToClose } = view;
  const query = filters.query ?? {};
  const clearFilters = () => filters.setQuery({ sort: query.sort, order: query.order });
  const card = (a: TBoardApplication) => (
    <ApplicantCard
      key={a.id}
      application={a}
      currency={posting.currency}
      ownerId={posting.owner.id}
      canMove={canMove}
      onMove={moves.ask}
      focusToken={moves.focusToken(a.id)}
    />
  );

  return (
    <div className={styles.board}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <BoardTitle name={posting.name} />
          <p className={styles.meta}>
            <PostingStatus posting={posting} />
            <span>{t('board.applicants', { count: applicants })}</span>
            <Link href={postingHref}>{t('board.view_posting')}</Link>
          </p>
        </div>
        <LifecycleActions posting={posting} counts={counts} onChanged={setPosting} />
      </header>

      {!canMove && total > 0 && (
        <p className={styles.note} role="note">
          {t('board.closed')}
        </p>
      )}
      {readyToClose.map((a) => (
        <p key={a.id} className={styles.note} role="note">
          {t('board.ready_note', { name: fullName(a) })}
        </p>
      ))}

      {(total > 0 || isFiltered(query)) && (
        <BoardFilters
          kind={kind}
          postingId={posting.id}
          currency={posting.currency}
          query={query}
          onQuery={filters.setQuery}
        />
      )}

      {total === 0 && isFiltered(query) ? (
        <NoMatch onClear={clearFilters} />
      ) : total === 0 ? (
        <BoardEmpty canMove={canMove} postingHref={postingHref} />
      ) : (
        <BoardColumns view={view} card={card} />
      )}

      <MoveDialog
        move={moves.move}
        reason={moves.reason}
        reasonError={moves.reasonError}
        saving={moves.saving}
        onReason={moves.setReason}
        onCancel={moves.cancel}
        onConfirm={moves.confirm}
      />
    </div>
  );
}
