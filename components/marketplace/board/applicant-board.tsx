import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useRef, useState } from 'react';
import {
  PostingStatus,
  useClosedLine,
  type TPosting,
} from '@/components/marketplace/shared/posting-facts';
import { KINDS, postingPath, postingStatusOf, statusOf } from '@/lib/kinds';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TAddress } from '@/store/session-preload';
import { pipelineApi } from '@/services/pipeline-api';
import type { AppStore } from '@/store';
import type { TPostingKind } from '@/types/marketplace';
import type { TBoardApplication } from '@/types/pipeline';
import { Button } from '@/components/ui/button';
import { ApplicantCard, fullName, OWNER_STATUSES, type TOwnerStatus } from './applicant-card';
import { BoardColumns, useNarrow } from './board-columns';
import { BoardFilters, NoMatch } from './board-filters';
import { BulkBar, SkippedList } from './bulk-bar';
import { BulkDialog } from './bulk-dialog';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useBoardKeys } from './use-board-keys';
import { useBoardSelection } from './use-board-selection';
import { BoardEmpty, BoardFailure, BoardLoading } from './board-states';
import { BoardTitle } from './board-title';
import { LifecycleActions } from './lifecycle-actions';
import { MoveDialog } from './move-dialog';
import { useOldestFirst } from './oldest-first';
import { useApplicantBoard } from './use-applicant-board';
import bulkStyles from './bulk.module.css';
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
  narrow: narrowProp,
}: {
  kind: TPostingKind;
  posting: TPosting;
  /** Called once the board shows the answer (or why there is none), before it paints. */
  onShown?: () => void;
  /** Columns as tabs (a phone's width); by default the screen's width decides. */
  narrow?: boolean;
}) {
  const { t } = useTranslation('pipeline');
  const { posting, setPosting, failure, retry, view, moves, filters } = useApplicantBoard(
    kind,
    initial,
    onShown,
  );
  const closedLine = useClosedLine(posting);

  // --- Bulk selection, keyboard and phone tabs (docs/product.md "The recruiter's workbench") ---
  const narrowScreen = useNarrow();
  const narrow = narrowProp ?? narrowScreen;
  const [tab, setTab] = useState<TOwnerStatus>(APPLICATION_STATUS.applied);
  const [current, setCurrent] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const all = view ? [...OWNER_STATUSES, APPLICATION_STATUS.withdrawn].flatMap(view.inStatus) : [];
  const selection = useBoardSelection({ kind, id: initial.id }, all);
  const canMoveNow = view?.canMove ?? false;
  const byId = (id: number) => all.find((a) => a.id === id);
  const oldest = useOldestFirst();
  // A column's cards in the order shown (oldest first on request): ranges are selected in it.
  const columnIds = (status: number) =>
    view ? oldest.order(status, view.inStatus(status)).map((a) => a.id) : [];
  const movableCard = (id: number) => {
    const a = byId(id);
    return canMoveNow && a && statusOf(a) !== APPLICATION_STATUS.withdrawn ? a : null;
  };
  /** s and r: the selection if there is one, else the focused card (the single move's dialog). */
  const moveByKey = (id: number, to: TOwnerStatus) => {
    if (!canMoveNow) return;
    if (selection.selected.length > 0) return selection.ask(to);
    const a = movableCard(id);
    if (a && statusOf(a) !== to) moves.ask(a, to);
  };
  useBoardKeys(root, {
    onCurrent: setCurrent,
    onToggle: (id, range) => {
      const a = movableCard(id);
      if (a) selection.toggle(id, columnIds(statusOf(a)), range);
    },
    onShortlist: (id) => moveByKey(id, APPLICATION_STATUS.shortlisted),
    onReject: (id) => moveByKey(id, APPLICATION_STATUS.rejected),
    onHelp: () => setHelp(true),
    onEscape: selection.clear,
    onColumnStep: narrow
      ? (step) => {
          const at = OWNER_STATUSES.indexOf(tab);
          const next = OWNER_STATUSES[(at + step + OWNER_STATUSES.length) % OWNER_STATUSES.length]!;
          setTab(next);
          document.getElementById(`board-tab-${next}`)?.focus();
        }
      : undefined,
  });
  // A move re-reads the board: the cards it moved are drawn again in their new column, and the
  // focus they had would fall back to the page. It goes back to the card focused last.
  useEffect(() => {
    if (current === null || (document.activeElement && document.activeElement !== document.body)) {
      return;
    }
    root.current?.querySelector<HTMLElement>(`[data-card-id="${current}"]`)?.focus();
  }, [view, current]);
  // --- end ---

  if (failure) return <BoardFailure failure={failure} onRetry={retry} />;
  if (!view) return <BoardLoading />;

  const postingHref = postingPath(kind, posting.id);
  const { counts, applicants, total, canMove, readyToClose } = view;
  // The cards' one Tab stop: the card focused last, else the first one shown.
  const shown = (narrow ? [tab] : OWNER_STATUSES).flatMap((s) => columnIds(s));
  const tabStop = current !== null && shown.includes(current) ? current : (shown[0] ?? null);
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
      select={
        canMove
          ? {
              checked: selection.isSelected(a.id),
              onToggle: (range) => selection.toggle(a.id, columnIds(statusOf(a)), range),
            }
          : undefined
      }
      tabbable={a.id === tabStop}
      reviewable={postingStatusOf(posting) === KINDS[kind].statuses.finished}
    />
  );
  const selectAll = (status: TOwnerStatus, cards: TBoardApplication[]) => {
    if (!canMove) return null;
    const ids = cards.map((a) => a.id);
    const chosen = ids.filter(selection.isSelected).length;
    return (
      <label className={bulkStyles.selectAll}>
        <input
          type="checkbox"
          checked={chosen === ids.length}
          ref={(box) => {
            if (box) box.indeterminate = chosen > 0 && chosen < ids.length;
          }}
          onChange={() => selection.toggleColumn(ids)}
          data-column-select={status}
        />
        {t('bulk.select_column')}
      </label>
    );
  };

  return (
    <div ref={root} className={`${styles.board} ${bulkStyles.area}`}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <BoardTitle name={posting.name} />
          <p className={styles.meta}>
            <PostingStatus posting={posting} />
            {posting.deadline_passed && <span>{closedLine}</span>}
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
        <>
          <div className={bulkStyles.tools}>
            <Button variant="ghost" onClick={() => setHelp(true)} aria-keyshortcuts="?">
              {t('shortcuts.open')}
            </Button>
          </div>
          <BulkBar
            count={selection.selected.length}
            canMove={canMove}
            onMove={(to) => selection.ask(to)}
            onClear={selection.clear}
          />
          <SkippedList skipped={selection.skipped} onDismiss={selection.dismissSkipped} />
          <BoardColumns
            view={view}
            card={card}
            narrow={narrow}
            tab={tab}
            onTab={setTab}
            columnHead={selectAll}
            oldest={oldest}
          />
        </>
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
      <BulkDialog
        bulk={selection.bulk}
        reason={selection.reason}
        reasonError={selection.reasonError}
        typed={selection.typed}
        saving={selection.saving}
        onReason={selection.setReason}
        onTyped={selection.setTyped}
        onCancel={selection.cancel}
        onConfirm={selection.confirm}
      />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
