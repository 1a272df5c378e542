import { useLayoutEffect, useState } from 'react';
import type { TPosting } from '@/components/marketplace/shared/posting-facts';
import { isRecruitingStatus, KINDS, postingStatusOf, statusOf } from '@/lib/kinds';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { useDeferredArrival } from '@/lib/use-deferred-arrival';
import { failureOf } from '@/services/api';
import { useBoardQuery } from '@/services/pipeline-api';
import type { TPostingKind } from '@/types/marketplace';
import type { TBoardApplication, TBoardPage } from '@/types/pipeline';
import { OWNER_STATUSES } from './applicant-card';
import { useBoardFilters } from './use-board-filters';
import { useMoveApplicant } from './use-move-applicant';

/** What the board shows once it has its answer: the counts and the applicants by status. */
function boardView(kind: TPostingKind, posting: TPosting, { counts, data }: TBoardPage) {
  // As everywhere else, applicants are those who did not withdraw; the board is empty only
  // when nobody ever applied.
  const applicants = OWNER_STATUSES.reduce<number>((n, s) => n + counts[s], 0);
  // The hired talent said the work is done: the owner's cue to finish a started project (only
  // a project has a "started" status).
  const started = postingStatusOf(posting) === KINDS[kind].statuses.started;
  return {
    counts,
    applicants,
    total: applicants + counts[4],
    /** Whether the owner may still move applicants (docs/api.md: project 1; job 1 or 2). */
    canMove: isRecruitingStatus(kind, postingStatusOf(posting)),
    readyToClose: started
      ? data.filter(
          (a) =>
            'ready_to_close' in a && a.ready_to_close && statusOf(a) === APPLICATION_STATUS.hired,
        )
      : [],
    inStatus: (s: number): TBoardApplication[] => data.filter((a) => statusOf(a) === s),
  };
}

export type TBoardView = ReturnType<typeof boardView>;

/**
 * The applicant board's state (docs/product.md "Pipeline and lifecycle"): the posting as its
 * lifecycle leaves it, the board's answer (its first render a transition,
 * lib/use-deferred-arrival.ts) or why there is none, and the moves (./use-move-applicant.ts).
 * `onShown` runs once the board shows the answer (or why there is none), before it paints.
 */
export function useApplicantBoard(kind: TPostingKind, initial: TPosting, onShown?: () => void) {
  const [posting, setPosting] = useState(initial);
  // The search, filters and order in the address (./use-board-filters.ts); none: the plain board.
  const filters = useBoardFilters(kind);
  const board = useBoardQuery(
    filters.query ? { kind, id: initial.id, query: filters.query } : { kind, id: initial.id },
  );
  const moves = useMoveApplicant({ kind, id: initial.id });
  const boardData = useDeferredArrival(board.data);
  const answered = Boolean(boardData || board.error);
  useLayoutEffect(() => {
    if (answered) onShown?.();
  }, [answered, onShown]);

  return {
    posting,
    setPosting,
    failure: board.error ? failureOf(board.error) : null,
    retry: () => void board.refetch(),
    view: boardData ? boardView(kind, posting, boardData) : null,
    moves,
    filters,
  };
}
