import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { langOf } from '@/lib/i18n/lang';
import type { TPostingKind } from '@/lib/kinds';
import { newReviewSchema, REVIEW_LIMITS } from '@/lib/schemas/reviews';
import { failureOf } from '@/services/api';
import { useWriteReviewMutation } from '@/services/reviews-api';
import { toastSuccess } from '@/lib/toast';
import { StarPicker } from './stars';
import styles from './reviews.module.css';

/**
 * The review dialog (docs/product.md "Reviews"): stars as a radio group, the text with its
 * counter, and what happens next (hidden until the other side writes or the window closes).
 */
export function ReviewDialog({
  open,
  onClose,
  kind,
  applicationId,
  name,
  posting,
}: {
  open: boolean;
  onClose: () => void;
  kind: TPostingKind;
  applicationId: number;
  /** Whom the review is of. */
  name: string;
  posting: string;
}) {
  const { t, i18n } = useTranslation('reviews');
  const failureText = useFailureText();
  const fields = useFieldErrors();
  const [rating, setRating] = useState<number | null>(null);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [noRating, setNoRating] = useState(false);
  const [write, { isLoading }] = useWriteReviewMutation();
  const lang = langOf(i18n.language);

  const send = async () => {
    setProblem(null);
    const input = { kind, application_id: applicationId, rating: rating ?? 0, body, lang };
    const checked = fields.check(newReviewSchema, input);
    setNoRating(rating === null);
    if (!checked.ok) return;
    const result = await write({ ...input, rating: rating ?? 0 });
    if ('error' in result) {
      const failure = failureOf(result.error);
      fields.setErrors(failure.fields);
      setProblem(
        failureText(result.error, {
          fallback: t('dialog.failed'),
          shown: ['rating', 'body'],
          serverWords: true,
        }),
      );
      return;
    }
    toastSuccess(t('dialog.sent', { name }));
    setRating(null);
    setBody('');
    onClose();
  };

  return (
    <Dialog
      open={open}
      title={t('dialog.title', { name })}
      onClose={onClose}
      dismissible={!isLoading}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={() => void send()} disabled={isLoading}>
            {isLoading ? t('dialog.sending') : t('dialog.send')}
          </Button>
        </>
      }
    >
      <p>{t('dialog.lead', { posting })}</p>
      <StarPicker
        value={rating}
        onChange={(n) => {
          setRating(n);
          setNoRating(false);
          fields.clear('rating');
        }}
        error={noRating ? t('dialog.choose_rating') : fields.text('rating')}
      />
      <TextAreaField
        label={t('dialog.body')}
        hint={t('dialog.hint')}
        value={body}
        maxLength={REVIEW_LIMITS.body}
        counter={t('dialog.counter', { count: body.length, max: REVIEW_LIMITS.body })}
        error={fields.text('body')}
        onChange={(e) => {
          setBody(e.target.value);
          fields.clear('body');
        }}
      />
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
    </Dialog>
  );
}
