import { useTranslation } from 'next-i18next/pages';
import { useEffect, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { TYPE_TO_CONFIRM_ABOVE, type TBulkMove } from './use-board-selection';
import { ReasonField } from './reason-field';

/**
 * The confirmation of a bulk move, naming the count and the state ("Reject 24 applicants?"),
 * its button naming the act. A rejection asks for one reason, which every one of them reads;
 * above 10 applicants the recruiter types their number before the button works.
 */
export function BulkDialog({
  bulk,
  reason,
  reasonError,
  typed,
  saving,
  onReason,
  onTyped,
  onCancel,
  onConfirm,
}: {
  bulk: TBulkMove | null;
  reason: string;
  reasonError: string | null;
  typed: string;
  saving: boolean;
  onReason: (text: string) => void;
  onTyped: (text: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('pipeline');
  const count = bulk?.ids.length ?? 0;
  const rejecting = bulk?.to === APPLICATION_STATUS.rejected;
  const typing = count > TYPE_TO_CONFIRM_ABOVE;
  const typedOk = !typing || typed.trim() === String(count);
  const areaId = useId();
  const typedId = useId();
  const acceptId = useId();
  const opened = bulk ? `${bulk.to}:${bulk.ids.join(',')}` : null;

  // It opens on what to do first: the reason, the number to type, or the answer.
  useEffect(() => {
    if (!opened) return;
    document.getElementById(rejecting ? areaId : typing ? typedId : acceptId)?.focus();
  }, [opened, rejecting, typing, areaId, typedId, acceptId]);

  return (
    <Dialog
      open={bulk !== null}
      title={bulk ? t(`bulk.title_${bulk.to}`, { count }) : ''}
      onClose={onCancel}
      dismissible={!saving}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={saving}>
            {t('dialog.cancel')}
          </Button>
          <Button
            id={acceptId}
            variant={rejecting ? 'danger' : 'primary'}
            onClick={onConfirm}
            disabled={saving || !typedOk}
            aria-busy={saving || undefined}
          >
            {bulk ? t(`bulk.confirm_${bulk.to}`, { count }) : ''}
          </Button>
        </>
      }
    >
      <p>{rejecting ? t('bulk.reject_body', { count }) : t('bulk.body', { count })}</p>
      {rejecting && (
        <ReasonField
          id={areaId}
          label={t('bulk.reason')}
          hint={t('bulk.reason_hint', { count })}
          value={reason}
          error={reasonError}
          onChange={onReason}
        />
      )}
      {typing && (
        <TextField
          id={typedId}
          label={t('bulk.type_count', { count })}
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          onChange={(e) => onTyped(e.target.value)}
        />
      )}
    </Dialog>
  );
}
