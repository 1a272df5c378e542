import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import type { TPostingKind } from '@/lib/kinds';
import { REPORT_LIMITS, type TReportTargetKind } from '@/lib/schemas/trust';
import { toastSuccess } from '@/lib/toast';
import { useReportMutation } from '@/services/trust-api';
import styles from './report-button.module.css';

/** The common reasons offered first; "other" asks for the person's own words. */
export const REPORT_REASONS = ['spam', 'scam', 'offensive', 'false', 'other'] as const;

export type TReportButtonProps = {
  targetKind: TReportTargetKind;
  targetId: number;
  /** A posting's kind ('project' or 'job'); required with `targetKind` 'posting'. */
  postingKind?: TPostingKind;
  /** The thing's author: the button is left out for them (one's own things are not reported). */
  authorId?: number | null;
  /** The button's accessible name where a page has many (it begins with the button's text). */
  ariaLabel?: string;
  className?: string;
};

/**
 * "Report" and its dialog (docs/product.md "Reports and suspension"): a reason chosen from the
 * common ones, with the person's own words (required for "Other"), sent to the operators. A
 * success is a toast; a refusal (the daily limit, a report already open) is said in the dialog,
 * in the page's language. ./report-button.tsx shows it to signed-in people only.
 */
export default function ReportDialogButton({
  targetKind,
  targetId,
  postingKind,
  ariaLabel,
  className,
}: TReportButtonProps) {
  const { t } = useTranslation('common');
  const failureText = useFailureText();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [report, { isLoading }] = useReportMutation();

  const close = () => {
    setOpen(false);
    setProblem(null);
  };

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    setProblem(null);
    if (!choice) {
      setProblem(t('report.reason_required'));
      return;
    }
    const words = details.trim();
    if (choice === 'other' && !words) {
      setProblem(t('report.details_required'));
      return;
    }
    // The reason as the operators read it: the chosen one in English (their queue's language
    // may be either), then the person's own words.
    const chosen = choice === 'other' ? '' : t(`report.reasons.${choice}`, { lng: 'en' });
    const reason = [chosen, words].filter(Boolean).join(': ').slice(0, REPORT_LIMITS.reason);
    const result = await report({
      target_kind: targetKind,
      target_id: targetId,
      posting_kind: targetKind === 'posting' ? (postingKind ?? null) : null,
      reason,
    });
    if ('error' in result) {
      setProblem(
        failureText(result.error, {
          fallback: t('report.failed'),
          codes: {
            conflict: t('report.conflict'),
            not_found: t('report.not_found'),
            rate_limited: t('report.limit'),
          },
          shown: ['reason'],
        }),
      );
      return;
    }
    toastSuccess(t('report.sent'));
    setChoice('');
    setDetails('');
    setOpen(false);
  }

  return (
    <div className={className}>
      <Button
        variant="ghost"
        className={styles.button}
        aria-label={ariaLabel}
        onClick={() => setOpen(true)}
      >
        {t('report.button')}
      </Button>
      <Dialog
        open={open}
        title={t(`report.title.${targetKind}`)}
        onClose={close}
        dismissible={!isLoading}
        actions={
          <>
            <Button variant="ghost" onClick={close} disabled={isLoading}>
              {t('report.cancel')}
            </Button>
            <Button
              variant="danger"
              onClick={() => void submit()}
              disabled={isLoading}
              aria-busy={isLoading || undefined}
            >
              {t('report.send')}
            </Button>
          </>
        }
      >
        <form className={styles.form} onSubmit={(e) => void submit(e)}>
          <p className={styles.intro}>{t('report.intro')}</p>
          <SelectField
            label={t('report.reason')}
            name="reason"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            options={REPORT_REASONS.map((r) => ({ value: r, label: t(`report.reasons.${r}`) }))}
            placeholder={t('report.choose')}
            required
          />
          <TextAreaField
            label={t('report.details')}
            optionalLabel={choice === 'other' ? undefined : t('report.optional')}
            name="details"
            value={details}
            maxLength={REPORT_LIMITS.reason - 40}
            rows={4}
            counter={t('report.counter', {
              count: details.length,
              max: REPORT_LIMITS.reason - 40,
            })}
            onChange={(e) => setDetails(e.target.value)}
          />
          {problem && (
            <p role="alert" className={styles.problem}>
              {problem}
            </p>
          )}
        </form>
      </Dialog>
    </div>
  );
}
