import { useTranslation } from 'next-i18next/pages';
import { useCallback, useRef, useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import {
  runTagsSave,
  type TTagsApi,
  type TTagsOutcome,
  type TTagsPending,
} from '@/lib/profile/save-diff';
import { toastError, toastSuccess } from '@/lib/toast';
import type { TSaveProgress } from './edit-section';
import { listFailureText } from './use-list-save';

/**
 * Replaces skills, roles of interest or languages (docs/product.md "The calls": DELETE all, then POST each). If the
 * clear-all call fails the save stops silently (docs/product.md "The calls"). If some POSTs fail, a retry of the same
 * list sends only those. Whenever the server's list changed, `onStored` gets what the server now
 * holds (its answers), so every screen shows it without asking again.
 */
export function useTagsSave<V, A>({
  api,
  messages,
  onStored,
}: {
  api: TTagsApi<V, A>;
  messages: { success: string; error: string };
  onStored: (stored: A[]) => void;
}) {
  const { t } = useTranslation('profile');
  const failureText = useFailureText();
  const pending = useRef<TTagsPending<V, A> | null>(null);
  const [progress, setProgress] = useState<TSaveProgress | null>(null);
  const [failed, setFailed] = useState(0);

  const save = useCallback(
    async (values: V[]): Promise<TTagsOutcome<V, A>> => {
      setProgress({ done: 0, total: 0 });
      const outcome = await runTagsSave(values, api, pending.current, (done, total) =>
        setProgress({ done, total }),
      );
      pending.current = outcome.pending;
      setFailed(outcome.pending?.remaining.length ?? 0);
      if (!outcome.aborted) {
        onStored(outcome.added);
        if (outcome.ok) toastSuccess(t(messages.success));
        else {
          // The clear-all went through: something changed, so never "nothing was saved".
          const failed = outcome.pending?.remaining.length ?? values.length;
          toastError(
            listFailureText(failureText, t(messages.error), {
              ...outcome,
              failed,
              total: failed + 1,
            }),
          );
        }
      }
      setProgress(null);
      return outcome;
    },
    [api, messages, onStored, t, failureText],
  );

  return { save, progress, running: progress !== null, failed };
}
