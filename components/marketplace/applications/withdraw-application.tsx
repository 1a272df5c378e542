import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import { useWithdrawApplicationMutation } from '@/services/marketplace-api';
import type { TPostingKind } from '@/types/marketplace';

/**
 * Withdraw, after a confirmation that names the posting and says it cannot be undone. Used on the
 * posting's page and in /applications; the answer updates both lists and the stored user.
 */
export function WithdrawApplication({
  kind,
  applicationId,
  postingName,
}: {
  kind: TPostingKind;
  applicationId: number;
  postingName: string;
}) {
  const { t } = useTranslation('market');
  const failureText = useFailureText();
  const [asking, setAsking] = useState(false);
  const [withdrawApplication, withdrawing] = useWithdrawApplicationMutation();

  async function withdraw() {
    setAsking(false);
    const outcome = await settle(withdrawApplication({ kind, id: applicationId }));
    if (!outcome.ok) return toastError(failureText(outcome.failure));
    toastSuccess(t('apply.withdrawn'));
  }

  return (
    <>
      <Button variant="ghost" onClick={() => setAsking(true)} disabled={withdrawing.isLoading}>
        {t('apply.withdraw')}
      </Button>
      <Dialog
        open={asking}
        title={t('apply.withdraw_title', { name: postingName })}
        onClose={() => setAsking(false)}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {t('postings.keep')}
            </Button>
            <Button variant="danger" onClick={() => void withdraw()}>
              {t('apply.withdraw')}
            </Button>
          </>
        }
      >
        <p>{t('apply.withdraw_body')}</p>
      </Dialog>
    </>
  );
}
