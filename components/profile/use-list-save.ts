import type { PayloadAction } from '@reduxjs/toolkit';
import { useTranslation } from 'next-i18next/pages';
import { useCallback, useState } from 'react';
import { asFailure, useFailureText } from '@/components/forms/failure-text';
import {
  runListSave,
  type TListApi,
  type TListEvents,
  type TListItem,
  type TSaveOutcome,
} from '@/lib/profile/save-diff';
import { toastError, toastSuccess } from '@/lib/toast';
import { useAppDispatch, useAppStore } from '@/store/hooks';
import type { AppDispatch, RootState } from '@/store';
import type { TSaveProgress } from './edit-section';

export type TListSaveConfig<T extends TListItem> = {
  api: TListApi<T>;
  /** What the server holds (the signed-in user's copy, kept in step after each call). */
  saved: (state: RootState) => T[];
  /** The list being edited (the profile slice). */
  edited: (state: RootState) => T[];
  /** Store actions for each call that succeeded. */
  events: (dispatch: AppDispatch) => TListEvents<T>;
  /** Every call went through: the edited list becomes what the server holds. */
  markSaved: (list: T[]) => PayloadAction<T[]>;
  messages: { success: string; error: string };
};

/**
 * A list's or tags' failed save: the seed's "Error catalogue" (docs/product.md) text for the list; offline, followed by why (and
 * "nothing was saved" only when no call went through).
 */
export function listFailureText(
  failureText: ReturnType<typeof useFailureText>,
  text: string,
  outcome: { failure?: unknown; failed: number; total: number },
): string {
  if (asFailure(outcome.failure).code !== 'network') return text;
  return failureText(outcome.failure, {
    fallback: text,
    nothingSaved: outcome.failed === outcome.total,
  });
}

/**
 * Saves an edited list by diff (docs/product.md "States and transitions") and keeps it safe: the edited list stays in the store
 * whatever happens, each created entry takes its server id at once (a retry never creates it
 * twice), and a retry makes only the remaining calls. Every answer updates the user's copy, so
 * nothing is fetched again afterwards. Ends in a toast.
 */
export function useListSave<T extends TListItem>(config: TListSaveConfig<T>) {
  const { t } = useTranslation('profile');
  const failureText = useFailureText();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<TSaveProgress | null>(null);
  const [failed, setFailed] = useState(0);
  const { api, saved, edited, events, markSaved, messages } = config;

  const save = useCallback(async (): Promise<TSaveOutcome> => {
    setProgress({ done: 0, total: 0 });
    const state = store.getState();
    const outcome = await runListSave(saved(state), edited(state), api, {
      ...events(dispatch),
      progress: (done, total) => setProgress({ done, total }),
    });
    setFailed(outcome.failed);
    if (outcome.ok) {
      dispatch(markSaved(saved(store.getState())));
      toastSuccess(t(messages.success));
    } else {
      toastError(listFailureText(failureText, t(messages.error), outcome));
    }
    setProgress(null);
    return outcome;
  }, [api, dispatch, edited, events, markSaved, messages, saved, store, t, failureText]);

  return { save, progress, running: progress !== null, failed };
}
