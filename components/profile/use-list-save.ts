import type { UnknownAction } from '@reduxjs/toolkit';
import { useTranslation } from 'next-i18next/pages';
import { useCallback, useState } from 'react';
import {
  runListSave,
  type TListApi,
  type TListEvents,
  type TListItem,
  type TSaveOutcome,
} from '@/lib/profile/save-diff';
import { toastError, toastSuccess } from '@/lib/toast';
import { getUser } from '@/services/auth-service';
import { userRefreshed } from '@/store/auth-slice';
import { useAppDispatch, useAppStore } from '@/store/hooks';
import type { AppDispatch, RootState } from '@/store';
import type { TUser } from '@/types/user';

export type TSaveProgress = { done: number; total: number };

export type TListSaveConfig<T extends TListItem> = {
  api: TListApi<T>;
  /** What the server holds (the signed-in user's copy, kept in step after each call). */
  saved: (state: RootState) => T[];
  /** The list being edited (the profile slice). */
  edited: (state: RootState) => T[];
  /** Actions for each call that succeeded. */
  events: (dispatch: AppDispatch) => TListEvents<T>;
  /** After every call went through, before the user is reloaded: the list is saved. */
  markSaved: () => UnknownAction;
  /** Loads the list from what the server holds, when the user cannot be reloaded. */
  load: (list: T[]) => UnknownAction;
  messages: { success: string; error: string };
  reloadUser?: (id: number) => Promise<TUser | null>;
};

/**
 * Saves an edited list by diff (seed §4) and keeps it safe: the edited list stays in the store
 * whatever happens, each created entry takes its server id at once (a retry never creates it
 * twice), a retry makes only the remaining calls, and once all went through the user is reloaded
 * from the server so the screen shows what the server holds. Ends in a toast.
 */
export function useListSave<T extends TListItem>(config: TListSaveConfig<T>) {
  const { t } = useTranslation('profile');
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<TSaveProgress | null>(null);
  const [failed, setFailed] = useState(0);
  const { api, saved, edited, events, markSaved, load, messages, reloadUser = getUser } = config;

  const save = useCallback(async (): Promise<TSaveOutcome> => {
    setProgress({ done: 0, total: 0 });
    const state = store.getState();
    const outcome = await runListSave(saved(state), edited(state), api, {
      ...events(dispatch),
      progress: (done, total) => setProgress({ done, total }),
    });
    setFailed(outcome.failed);
    if (outcome.ok) {
      const userId = store.getState().auth.user?.id;
      const fresh = userId ? await reloadUser(userId) : null;
      if (fresh) {
        dispatch(markSaved());
        dispatch(userRefreshed(fresh));
      } else {
        dispatch(load(saved(store.getState())));
      }
      toastSuccess(t(messages.success));
    } else {
      toastError(t(messages.error));
    }
    setProgress(null);
    return outcome;
  }, [api, dispatch, load, markSaved, edited, events, messages, reloadUser, saved, store, t]);

  return { save, progress, running: progress !== null, failed };
}
