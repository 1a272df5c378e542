import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { TCall } from '@/lib/profile/save-diff';
import { toastError } from '@/lib/toast';

export type TStudyToVerify = { id: number; name: string };

/**
 * Seed §2 / PRODUCT.md flow 2: for a study centre the platform does not know, asks "Do you want
 * us to verify it?"; Yes sends the request and a thank-you dialog follows. Works through
 * `queue` one centre at a time; `onNext` drops the first.
 */
export function StudyVerification({
  queue,
  onNext,
  verify,
  onVerified,
}: {
  queue: TStudyToVerify[];
  onNext: () => void;
  verify: (studyId: number) => Promise<TCall>;
  onVerified: (studyId: number) => void;
}) {
  const { t } = useTranslation('profile');
  const [thanks, setThanks] = useState(false);
  const [busy, setBusy] = useState(false);
  const current = queue[0];

  async function yes() {
    if (!current) return;
    setBusy(true);
    const res = await verify(current.id);
    setBusy(false);
    if (res.hasError) {
      toastError(res.message);
      onNext();
      return;
    }
    onVerified(current.id);
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
