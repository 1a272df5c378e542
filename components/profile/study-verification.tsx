import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { langOf } from '@/lib/i18n/lang';
import { toastError } from '@/lib/toast';
import type { TOutcome } from '@/services/http-client';
import type { TEducation } from '@/types/user';

/**
 * docs/product.md "Screens and routes" / docs/product.md "Editing the profile": for a study centre the platform does not know, asks "Do you want
 * us to verify it?"; Yes sends the request and a thank-you dialog follows. Works through
 * `queue` one centre at a time; `onNext` drops the first.
 */
export function StudyVerification({
  queue,
  onNext,
  verify,
}: {
  queue: TEducation[];
  onNext: () => void;
  /** `POST /user_study_centres/verify` (docs/product.md "The calls" {study_id, lang}). */
  verify: (study: TEducation, lang: 'en' | 'es') => Promise<TOutcome<unknown>>;
}) {
  const { t, i18n } = useTranslation('profile');
  const [thanks, setThanks] = useState(false);
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const current = queue[0];

  async function yes() {
    if (!current) return;
    setBusy(true);
    const outcome = await verify(current, langOf(i18n.language));
    setBusy(false);
    if (!outcome.ok) {
      toastError(failureText(outcome.failure, { fallback: t('messages.verify.error') }));
      onNext();
      return;
    }
    setThanks(true);
  }

  return (
    <>
      <Dialog
        open={Boolean(current) && !thanks}
        title={t('verify.ask_title')}
        onClose={onNext}
        dismissible={!busy}
        actions={
          <>
            <Button variant="ghost" onClick={onNext} disabled={busy}>
              {t('dialog.no')}
            </Button>
            <Button onClick={() => void yes()} disabled={busy}>
              {t('dialog.yes')}
            </Button>
          </>
        }
      >
        <p>{t('verify.ask_body', { name: current?.name ?? '' })}</p>
      </Dialog>
      <Dialog
        open={thanks}
        title={t('verify.thanks_title')}
        onClose={() => {
          setThanks(false);
          onNext();
        }}
        actions={
          <Button
            onClick={() => {
              setThanks(false);
              onNext();
            }}
          >
            {t('dialog.understand')}
          </Button>
        }
      >
        <p>{t('verify.thanks_body')}</p>
      </Dialog>
    </>
  );
}
