import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { errorText } from '@/lib/error-text';
import { langOf } from '@/lib/i18n/lang';
import { changeStatusSchema } from '@/lib/schemas/marketplace';
import { validate } from '@/lib/schemas/validate';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import { useChangeApplicationStatusMutation } from '@/services/pipeline-api';
import type { TBoardApplication, TBoardKey } from '@/types/pipeline';
import { fullName, useStatusLabel, type TOwnerStatus } from './applicant-card';

type TMove = { application: TBoardApplication; to: TOwnerStatus };

/**
 * Moving an applicant on a board (docs/product.md "Pipeline and lifecycle"): the move asked for
 * (the dialog's), the reasons being written by application (a failed save or a cancel never loses
 * one), the reason's error, and the card to focus again once a move is saved.
 */
export function useMoveApplicant({ kind, id }: TBoardKey) {
  const { t, i18n } = useTranslation('pipeline');
  const { t: tc } = useTranslation('common');
  const lang = langOf(i18n.language);
  const label = useStatusLabel();
  const failureText = useFailureText();
  const [changeStatus, changing] = useChangeApplicationStatusMutation();
  const [move, setMove] = useState<TMove | null>(null);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ id: number; token: number } | null>(null);
  const reason = move ? (reasons[move.application.id] ?? '') : '';

  function ask(application: TBoardApplication, to: TOwnerStatus) {
    setReasonError(null);
    setMove({ application, to });
  }

  function setReason(text: string) {
    if (!move) return;
    const applicationId = move.application.id;
    setReasons((all) => ({ ...all, [applicationId]: text }));
  }

  async function confirm() {
    if (!move) return;
    const { application, to } = move;
    const rejecting = to === APPLICATION_STATUS.rejected;
    const body = {
      application_id: application.id,
      status: to,
      ...(rejecting ? { reason } : {}),
      lang,
    };
    // The form runs the API's own schema; a rejection also needs its reason (the server's rule).
    const checked = validate(changeStatusSchema, body);
    const fieldError = !checked.ok
      ? checked.errors[0]!
      : rejecting && !checked.value.reason
        ? { path: 'reason', code: 'required' }
        : null;
    if (fieldError) {
      setReasonError(errorText(tc, fieldError));
      return;
    }
    setReasonError(null);
    const outcome = await settle(
      changeStatus({
        kind,
        id,
        application_id: application.id,
        status: to,
        ...(rejecting && checked.ok && checked.value.reason
          ? { reason: checked.value.reason }
          : {}),
        lang,
      }),
    );
    if (!outcome.ok) {
      // The dialog stays open with the reason as typed; the owner may try again or cancel.
      const field = outcome.failure.fields.find((f) => f.path === 'reason');
      if (field) setReasonError(errorText(tc, field));
      // docs/product.md "Error catalogue", "Application updates": a failed change says "Error updating the data…".
      toastError(
        failureText(outcome.failure, {
          fallback: t('move.failed'),
          serverWords: true,
          shown: ['reason'],
        }),
      );
      return;
    }
    setReasons(({ [application.id]: _done, ...rest }) => rest);
    setMove(null);
    setFocus((f) => ({ id: application.id, token: (f?.token ?? 0) + 1 }));
    // Names the act ("Ana Quispe moved to Shortlisted"), then the seed's "Error catalogue" (docs/product.md) "Application updates" text.
    toastSuccess(
      t(to === APPLICATION_STATUS.rejected ? 'move.rejected' : 'move.moved', {
        name: fullName(application),
        status: label(to),
      }),
    );
  }

  return {
    move,
    reason,
    reasonError,
    saving: changing.isLoading,
    ask,
    setReason,
    cancel: () => setMove(null),
    confirm: () => void confirm(),
    /** The focus token of a card: it changes when that card's move was just saved. */
    focusToken: (applicationId: number) => (focus?.id === applicationId ? focus.token : undefined),
  };
}
