import { useTranslation } from 'next-i18next/pages';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { errorText } from '@/lib/error-text';
import { langOf } from '@/lib/i18n/lang';
import { statusOf } from '@/lib/kinds';
import { MARKET_LIMITS } from '@/lib/marketplace';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import { useBulkStatusMutation } from '@/services/pipeline-api';
import type { TBoardApplication, TBoardKey, TBulkSkipCode } from '@/types/pipeline';
import { fullName, type TOwnerStatus } from './applicant-card';

/** Above this many, the recruiter types the count to confirm a bulk move (docs/product.md "Bulk moves"). */
export const TYPE_TO_CONFIRM_ABOVE = 10;

/** A bulk move asked for: the target status, and the applications at the time of asking. */
export type TBulkMove = { to: TOwnerStatus; ids: number[] };
/** Who a bulk move left where they were, and why. */
export type TSkipped = { id: number; name: string; code: TBulkSkipCode }[];

/**
 * The board's selection and its bulk moves (docs/product.md "The recruiter's workbench"): the
 * applicants checked (a click toggles one, shift a range within a column, or a whole column), the
 * bulk move asked for with its one reason and its typed count, and who it skipped. A failed move
 * keeps the selection and the reason as they were; a move done clears the selection.
 */
export function useBoardSelection({ kind, id }: TBoardKey, applications: TBoardApplication[]) {
  const { t, i18n } = useTranslation('pipeline');
  const { t: tc } = useTranslation('common');
  const failureText = useFailureText();
  const [bulkStatus, bulking] = useBulkStatusMutation();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | null>(null);
  const [bulk, setBulk] = useState<TBulkMove | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [skipped, setSkipped] = useState<TSkipped>([]);

  // Only applicants still on the board and still movable count (a withdrawn one leaves it).
  const movable = useMemo(
    () =>
      new Map(
        applications
          .filter((a) => chosen.has(a.id) && statusOf(a) !== APPLICATION_STATUS.withdrawn)
          .map((a) => [a.id, a] as const),
      ),
    [applications, chosen],
  );
  const selected = useMemo(() => [...movable.keys()], [movable]);

  const isSelected = useCallback((appId: number) => movable.has(appId), [movable]);

  /**
   * Toggles one applicant; with `range` (shift), every applicant of `column` between the last
   * one toggled and this one takes this one's new state.
   */
  const toggle = useCallback((appId: number, column: number[], range = false) => {
    // The anchor as it is now: the updater runs later, once it has moved to this one.
    const last = anchor.current;
    setChosen((now) => {
      const next = new Set(now);
      const on = !now.has(appId);
      const from = last === null ? -1 : column.indexOf(last);
      const to = column.indexOf(appId);
      if (range && from >= 0 && to >= 0) {
        const [lo, hi] = from < to ? [from, to] : [to, from];
        for (const each of column.slice(lo, hi + 1)) {
          if (on) next.add(each);
          else next.delete(each);
        }
      } else if (on) next.add(appId);
      else next.delete(appId);
      return next;
    });
    anchor.current = appId;
  }, []);

  /** Selects every applicant of a column, or none of them when they all were. */
  const toggleColumn = useCallback((column: number[]) => {
    setChosen((now) => {
      const next = new Set(now);
      const all = column.length > 0 && column.every((each) => now.has(each));
      for (const each of column) {
        if (all) next.delete(each);
        else next.add(each);
      }
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    setChosen(new Set());
    anchor.current = null;
  }, []);

  function ask(to: TOwnerStatus, ids: number[] = selected) {
    if (ids.length === 0) return;
    setReasonError(null);
    setTyped('');
    // More than a call takes is refused before asking (the bar offers no move then).
    if (ids.length > MARKET_LIMITS.bulkMove) return;
    setBulk({ to, ids });
  }

  async function confirm() {
    if (!bulk) return;
    const rejecting = bulk.to === APPLICATION_STATUS.rejected;
    const text = reason.trim();
    if (rejecting && !text) {
      setReasonError(errorText(tc, { code: 'required' }));
      return;
    }
    if (rejecting && text.length > MARKET_LIMITS.reason) {
      setReasonError(errorText(tc, { code: 'too_long', params: { max: MARKET_LIMITS.reason } }));
      return;
    }
    if (bulk.ids.length > TYPE_TO_CONFIRM_ABOVE && typed.trim() !== String(bulk.ids.length)) return;
    setReasonError(null);
    const names = new Map(applications.map((a) => [a.id, fullName(a)]));
    const outcome = await settle(
      bulkStatus({
        kind,
        id,
        application_ids: bulk.ids,
        status: bulk.to,
        ...(rejecting ? { reason: text } : {}),
        lang: langOf(i18n.language),
      }),
    );
    if (!outcome.ok) {
      // The dialog stays open with the selection and the reason as they were.
      const field = outcome.failure.fields.find((f) => f.path === 'reason');
      if (field) setReasonError(errorText(tc, field));
      toastError(
        failureText(outcome.failure, {
          fallback: t('bulk.failed'),
          serverWords: true,
          shown: ['reason'],
        }),
      );
      return;
    }
    const { moved, skipped: left } = outcome.data;
    setSkipped(left.map((s) => ({ id: s.id, name: names.get(s.id) ?? `#${s.id}`, code: s.code })));
    setBulk(null);
    setReason('');
    setTyped('');
    clear();
    if (moved.length > 0) toastSuccess(t(`bulk.done_${bulk.to}`, { count: moved.length }));
    else toastError(t('bulk.none_moved'));
  }

  return {
    selected,
    isSelected,
    toggle,
    toggleColumn,
    clear,
    bulk,
    reason,
    reasonError,
    typed,
    saving: bulking.isLoading,
    skipped,
    ask,
    setReason,
    setTyped,
    cancel: () => setBulk(null),
    confirm: () => void confirm(),
    dismissSkipped: () => setSkipped([]),
  };
}

export type TBoardSelection = ReturnType<typeof useBoardSelection>;
