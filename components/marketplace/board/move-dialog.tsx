import { useTranslation } from 'next-i18next/pages';
import { useEffect, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TBoardApplication } from '@/types/pipeline';
import { fullName, useStatusLabel, type TOwnerStatus } from './applicant-card';
import { ReasonField } from './reason-field';

/** The act a move confirms, on its button: "Reject Ana Quispe", "Hire …", "Move … to Shortlisted". */
const CONFIRM: Record<TOwnerStatus, string> = {
  0: 'move.confirm_move',
  1: 'move.confirm_move',
  2: 'move.confirm_hired',
  3: 'move.confirm_rejected',
};

/**
 * The confirmation of a move, naming the talent and the new state ("Move Ana Quispe to Hired?"),
 * its button naming the act ("Hire Ana Quispe"), never a bare "Accept".
 * A rejection asks for the reason the talent will read; it belongs to the board, so a failed
 * save (or a cancel) never loses it.
 */
export function MoveDialog({
  move,
  reason,
  reasonError,
  saving,
  onReason,
  onCancel,
  onConfirm,
}: {
  move: { application: TBoardApplication; to: TOwnerStatus } | null;
  reason: string;
  reasonError: string | null;
  saving: boolean;
  onReason: (text: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('pipeline');
  const label = useStatusLabel();
  const rejecting = move?.to === APPLICATION_STATUS.rejected;
  const name = move ? fullName(move.application) : '';
  const areaId = useId();
  const acceptId = useId();
  const opened = move ? `${move.application.id}:${move.to}` : null;

  // The dialog opens on what to do first: the reason to write, or the answer to give. (Its own
  // effect, which opens it, runs before this one.)
  useEffect(() => {
    if (!opened) return;
    document.getElementById(rejecting ? areaId : acceptId)?.focus();
  }, [opened, rejecting, areaId, acceptId]);

  return (
    <Dialog
      open={move !== null}
      title={move ? t('move.title', { name, status: label(move.to) }) : ''}
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
            disabled={saving}
            aria-busy={saving || undefined}
          >
            {move ? t(CONFIRM[move.to], { name, status: label(move.to) }) : ''}
          </Button>
        </>
      }
    >
      <p>{rejecting ? t('move.reject_body', { name }) : t('move.body', { name })}</p>
      {rejecting && (
        <ReasonField
          id={areaId}
          label={t('move.reason')}
          hint={t('move.reason_hint', { name })}
          value={reason}
          error={reasonError}
          onChange={onReason}
        />
      )}
    </Dialog>
  );
}
