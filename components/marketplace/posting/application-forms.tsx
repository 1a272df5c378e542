import { useTranslation } from 'next-i18next/pages';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useGuardedForm } from '@/components/forms/leave-guard';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { Button } from '@/components/ui/button';
import { FileButton } from '@/components/ui/file-button';
import { TextAreaField } from '@/components/ui/text-area-field';
import fieldStyles from '@/components/ui/field.module.css';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/error-text';
import { currencyDigits, toMajorInput, toMinor } from '@/lib/format/money';
import {
  jobApplicationPatchSchema,
  jobApplicationSchema,
  MARKET_LIMITS,
  projectApplicationPatchSchema,
  projectApplicationSchema,
} from '@/lib/schemas/marketplace';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import { useApplyMutation, useUpdateApplicationMutation } from '@/services/marketplace-api';
import { useGetMeQuery } from '@/services/profile-api';
import { uploadFile } from '@/services/upload-service';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import type { TJob, TJobApplication, TProject, TProjectApplication } from '@/types/marketplace';
import styles from './postings.module.css';

const CV_EXTENSIONS = ['.pdf', '.doc', '.docx', '.png', '.jpg', '.jpeg'];

/** A proposal for a project: how, for how much (in the project's currency), in how many weeks. */
export function ProjectApplicationForm({
  posting,
  initial,
  onDone,
}: {
  posting: TProject;
  initial?: TProjectApplication;
  onDone: () => void;
}) {
  const { t } = useTranslation('market');
  const { i18n } = useTranslation('common');
  const fields = useFieldErrors();
  const failureText = useFailureText();
  const [apply, applying] = useApplyMutation();
  const [update, updating] = useUpdateApplicationMutation();
  const [form, setForm] = useState({
    proposal: initial?.proposal ?? '',
    price: toMajorInput(initial?.price_proposal ?? null, posting.currency, i18n.language),
    weeks: initial ? String(initial.weeks) : String(posting.weeks),
  });
  const busy = applying.isLoading || updating.isLoading;
  useGuardedForm({ dirty: form.proposal !== (initial?.proposal ?? ''), saving: busy });
  const set = (key: keyof typeof form, path: string) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    fields.clear(path);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const values = {
      proposal: form.proposal,
      price_proposal: toMinor(form.price, posting.currency),
      weeks: form.weeks === '' ? undefined : Number(form.weeks),
    };
    const checked = initial
      ? fields.check(projectApplicationPatchSchema, { id: initial.id, ...values })
      : fields.check(projectApplicationSchema, {
          project_id: posting.id,
          lang: i18n.language,
          ...values,
        });
    if (!checked.ok) return;
    const outcome = await settle(
      initial
        ? update({ kind: 'project', data: checked.value as never })
        : apply({ kind: 'project', data: checked.value as never }),
    );
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      // A field error about something the form does not show (closed, already applied) is named.
      return toastError(
        failureText(outcome.failure, { shown: ['proposal', 'price_proposal', 'weeks'] }),
      );
    }
    toastSuccess(initial ? t('apply.saved') : t('apply.sent'));
    onDone();
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextAreaField
        label={t('apply.proposal')}
        hint={t('apply.proposal_hint')}
        rows={6}
        maxLength={MARKET_LIMITS.proposal}
        counter={`${form.proposal.length} / ${MARKET_LIMITS.proposal}`}
        value={form.proposal}
        onChange={set('proposal', 'proposal')}
        error={fields.text('proposal')}
        required
      />
      <TextField
        label={t('apply.price')}
        hint={t('apply.price_hint', { currency: posting.currency })}
        inputMode={currencyDigits(posting.currency) > 0 ? 'decimal' : 'numeric'}
        value={form.price}
        onChange={set('price', 'price_proposal')}
        error={fields.text('price_proposal')}
        required
      />
      <TextField
        label={t('apply.weeks')}
        type="number"
        min={MARKET_LIMITS.weeksMin}
        max={MARKET_LIMITS.weeksMax}
        value={form.weeks}
        onChange={set('weeks', 'weeks')}
        error={fields.text('weeks')}
        required
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('apply.sending') : initial ? t('apply.save') : t('apply.submit')}
      </Button>
    </form>
  );
}

type TCvChoice = 'profile' | 'upload' | 'none';

/** An application to a job: why this talent, their relevant experience, and a CV. */
export function JobApplicationForm({
  posting,
  initial,
  onDone,
}: {
  posting: TJob;
  initial?: TJobApplication;
  onDone: () => void;
}) {
  const { t } = useTranslation('market');
  const { t: tc, i18n } = useTranslation('common');
  const fields = useFieldErrors();
  const failureText = useFailureText();
  const user = useAppSelector(selectUser);
  const profileCv = useGetMeQuery(user?.id ?? 0, { skip: !user }).data?.cv_file ?? null;
  const [apply, applying] = useApplyMutation();
  const [update, updating] = useUpdateApplicationMutation();
  const [summary, setSummary] = useState(initial?.summary ?? '');
  const [experience, setExperience] = useState(initial?.experience ?? '');
  const [upload, setUpload] = useState<{ id: number; name: string } | null>(
    initial?.file && initial.file.id !== profileCv?.id ? initial.file : null,
  );
  // Until the talent picks, the sensible choice: what the application holds, else the profile's
  // CV when there is one (it loads after the first render), else a CV to upload.
  const [chosen, setChoice] = useState<TCvChoice | null>(null);
  const choice: TCvChoice =
    chosen ??
    (initial
      ? !initial.file
        ? 'none'
        : initial.file.id === profileCv?.id
          ? 'profile'
          : 'upload'
      : profileCv
        ? 'profile'
        : 'upload');
  const [uploading, setUploading] = useState(false);
  const [cvError, setCvError] = useState<string | null>(null);
  const cvGroupId = useId();
  const busy = applying.isLoading || updating.isLoading || uploading;
  useGuardedForm({ dirty: summary !== (initial?.summary ?? ''), saving: busy });
  const cv =
    choice === 'profile' && profileCv
      ? profileCv.id
      : choice === 'upload'
        ? (upload?.id ?? null)
        : null;

  async function picked(file: File) {
    const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
    if (!CV_EXTENSIONS.includes(ext)) return setCvError(errorText(tc, { code: 'document_type' }));
    setCvError(null);
    setUploading(true);
    const outcome = await uploadFile(file);
    setUploading(false);
    if (!outcome.ok) return setCvError(failureText(outcome.failure));
    setUpload({ id: outcome.data.id, name: outcome.data.name });
    setChoice('upload');
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (choice === 'upload' && !upload) {
      setCvError(errorText(tc, { code: 'upload_first' }));
      document.getElementById(cvGroupId)?.querySelector<HTMLElement>('input[type="file"]')?.focus();
      return;
    }
    const values = { summary, experience, file_id: cv };
    const checked = initial
      ? fields.check(jobApplicationPatchSchema, { id: initial.id, ...values })
      : fields.check(jobApplicationSchema, { job_id: posting.id, lang: i18n.language, ...values });
    if (!checked.ok) return;
    const outcome = await settle(
      initial
        ? update({ kind: 'job', data: checked.value as never })
        : apply({ kind: 'job', data: checked.value as never }),
    );
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      return toastError(failureText(outcome.failure, { shown: ['summary', 'experience'] }));
    }
    toastSuccess(initial ? t('apply.saved') : t('apply.sent'));
    onDone();
  }

  const cvProblem = cvError ?? fields.text('file_id');
  // The app's radio cards (as the registration's role); the upload's file chooser sits in its
  // card, beside the radio's label, never inside it (a label holds one control).
  const radio = (value: TCvChoice, label: string, extra?: ReactNode) => (
    <div className={`${fieldStyles.choice} ${styles.cvChoice}`}>
      <label className={styles.cvOption}>
        <input
          type="radio"
          name={`cv-${posting.id}`}
          value={value}
          checked={choice === value}
          onChange={() => {
            setChoice(value);
            setCvError(null);
          }}
        />
        <span>{label}</span>
      </label>
      {extra}
    </div>
  );
  return (
    <form onSubmit={submit} noValidate>
      <TextAreaField
        label={t('apply.summary')}
        hint={t('apply.summary_hint')}
        rows={4}
        maxLength={MARKET_LIMITS.jobSummary}
        value={summary}
        onChange={(e) => {
          setSummary(e.target.value);
          fields.clear('summary');
        }}
        error={fields.text('summary')}
        required
      />
      <TextAreaField
        label={t('apply.experience')}
        optionalLabel={tc('auth.fields.optional')}
        rows={4}
        maxLength={MARKET_LIMITS.experience}
        value={experience}
        onChange={(e) => setExperience(e.target.value)}
        error={fields.text('experience')}
      />
      <fieldset
        id={cvGroupId}
        className={`${fieldStyles.choices} ${styles.cvChoices}`}
        aria-describedby={cvProblem ? `${cvGroupId}-error` : undefined}
      >
        <legend className={fieldStyles.legend}>{t('apply.cv')}</legend>
        {profileCv && radio('profile', t('apply.cv_profile', { name: profileCv.name }))}
        {radio(
          'upload',
          t('apply.cv_upload'),
          choice === 'upload' && (
            <span className={styles.cvUpload}>
              {upload && <span className={styles.muted}>{upload.name}</span>}
              <FileButton
                label={upload ? t('apply.cv_replace') : t('apply.cv_choose')}
                accept={CV_EXTENSIONS.join(',')}
                onFile={(f) => void picked(f)}
                disabled={busy}
                describedBy={cvProblem ? `${cvGroupId}-error` : undefined}
              />
            </span>
          ),
        )}
        {radio('none', t('apply.cv_none'))}
        {cvProblem && (
          <p id={`${cvGroupId}-error`} role="alert" className={styles.cvError}>
            {cvProblem}
          </p>
        )}
      </fieldset>
      <Button type="submit" disabled={busy}>
        {busy ? t('apply.sending') : initial ? t('apply.save') : t('apply.submit')}
      </Button>
    </form>
  );
}
