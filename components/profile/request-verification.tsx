import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { langOf } from '@/lib/i18n/lang';
import { VERIFY_STATUS } from '@/lib/statuses';
import { toastError, toastSuccess } from '@/lib/toast';
import { useProfileCalls } from '@/services/profile-api';
import type { TEducation, TExperience } from '@/types/user';

/** Verification can be asked while not requested or after a rejection (docs/product.md). */
export const canRequestVerification = (status: number | undefined) =>
  status === undefined ||
  status === VERIFY_STATUS.notRequested ||
  status === VERIFY_STATUS.rejected;

type TTarget = { kind: 'workplace'; entry: TExperience } | { kind: 'study'; entry: TEducation };

/**
 * "Request verification", for the owner of an entry (their profile and its editor, never the
 * public profile): sends the request at once, and the entry's badge becomes "In process".
 */
export function RequestVerification({
  target,
  title,
  disabled = false,
}: {
  target: TTarget;
  /** The entry's title, so that each button of a list says which entry it asks for. */
  title: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('profile');
  const calls = useProfileCalls();
  const [busy, setBusy] = useState(false);
  if (!canRequestVerification(target.entry.verify_status_id)) return null;

  async function request() {
    setBusy(true);
    const lang = langOf(i18n.language);
    const outcome =
      target.kind === 'workplace'
        ? await calls.workplaces.verify(target.entry, lang)
        : await calls.studyCentres.verify(target.entry, lang);
    setBusy(false);
    if (outcome.ok) toastSuccess(t('verify.requested'));
    else toastError(t('messages.verify.error'));
  }

  return (
    <Button
      variant="ghost"
      onClick={() => void request()}
      disabled={disabled || busy}
      aria-label={`${t('verify.request')}: ${title}`}
    >
      {t('verify.request')}
    </Button>
  );
}
