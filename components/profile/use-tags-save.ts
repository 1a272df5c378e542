import { useTranslation } from 'next-i18next/pages';
import { useCallback, useRef, useState } from 'react';
import {
  runTagsSave,
  type TTagsApi,
  type TTagsOutcome,
  type TTagsPending,
} from '@/lib/profile/save-diff';
import { toastError, toastSuccess } from '@/lib/toast';
import { getUser } from '@/services/auth-service';
import { userRefreshed } from '@/store/auth-slice';
import { useAppDispatch, useAppStore } from '@/store/hooks';
import type { TUser } from '@/types/user';
import type { TSaveProgress } from './use-list-save';

/**
 * Replaces skills, roles of interest or languages (seed §7: DELETE all, then POST each). If the
 * clear-all call fails the save stops silently (seed §7). If some POSTs fail, a retry of the same
 * list sends only those. Whenever the server's list changed, the user is reloaded, so every screen
 * shows what the server holds, while the edited values stay in the section.
 */
export function useTagsSave<V>({
  api,
  messages,
  reloadUser = getUser,
}: {
  api: TTagsApi<V>;
  messages: { success: string; error: string };
  reloadUser?: (id: number) => Promise<TUser | null>;
}) {
  const { t } = useTranslation('profile');
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const pending = useRef<TTagsPending<V> | null>(null);
  const [progress, setProgress] = useState<TSaveProgress | null>(null);
  const [failed, setFailed] = useState(0);

  const save = useCallback(
    async (values: V[]): Promise<TTagsOutcome<V> & { fresh: TUser | null }> => {
      setProgress({ done: 0, total: 0 });
      const outcome = await runTagsSave(values, api, pending.current, (done, total) =>
        setProgress({ done, total }),
      );
      pending.current = outcome.pending;
      setFailed(outcome.pending?.remaining.length ?? 0);
      let fresh: TUser | null = null;
      if (!outcome.aborted) {
        const userId = store.getState().auth.user?.id;
        fresh = userId ? await reloadUser(userId) : null;
        if (fresh) dispatch(userRefreshed(fresh));
        if (outcome.ok) toastSuccess(t(messages.success));
        else toastError(t(messages.error));
      }
      setProgress(null);
      return { ...outcome, fresh };
    },
    [api, dispatch, messages, reloadUser, store, t],
  );

  return { save, progress, running: progress !== null, failed };
}
