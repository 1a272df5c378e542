import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useGuardedForm } from '@/components/forms/leave-guard';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { KIND_SCHEMAS } from '@/lib/schemas/marketplace';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import { useCreatePostingMutation, useUpdatePostingMutation } from '@/services/marketplace-api';
import type { TJob, TPostingKind, TProject } from '@/types/marketplace';
import { fromPosting, payload, type TPostingValues } from './posting-values';

/** A text or select control's value, change and error (what `field(key)` gives). */
export type TFieldBinding = {
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  error: string | null;
};

/** The text fields of the form, those `field` binds. */
export type TTextKey = Exclude<keyof TPostingValues, 'skills'>;

/**
 * The posting form's state (docs/product.md "Marketplace"): its values, their errors, whether a
 * save runs, and the save. The same schema as the API (`KIND_SCHEMAS[kind].posting`) checks the
 * values before sending; whatever was typed stays when a save fails, and leaving with unsaved
 * changes is held (components/forms/leave-guard.tsx).
 */
export function usePostingForm(kind: TPostingKind, posting: TProject | TJob | undefined) {
  const { t, i18n } = useTranslation('market');
  const failureText = useFailureText();
  const router = useRouter();
  const fields = useFieldErrors();
  const [initial] = useState(() => fromPosting(kind, posting, i18n.language));
  const [form, setForm] = useState<TPostingValues>(initial);
  const [createPosting, creating] = useCreatePostingMutation();
  const [updatePosting, updating] = useUpdatePostingMutation();
  const busy = creating.isLoading || updating.isLoading;
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  useGuardedForm({ dirty: dirty && !busy, saving: busy });

  const field = (key: TTextKey): TFieldBinding => ({
    value: form[key],
    onChange: (e) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      fields.clear(key);
    },
    error: fields.text(key),
  });

  const skills = {
    value: form.skills,
    onChange: (next: string[]) => {
      setForm((f) => ({ ...f, skills: next }));
      fields.clear('skills');
    },
    error: fields.text('skills'),
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = payload(kind, form);
    const checked = fields.check(KIND_SCHEMAS[kind].posting as never, body);
    if (!checked.ok) return;
    const outcome = await (posting
      ? settle(
          updatePosting({
            kind,
            data: Object.assign({}, checked.value, { id: posting.id }),
          } as never),
        )
      : settle(createPosting({ kind, data: checked.value } as never)));
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      return toastError(failureText(outcome.failure, { shown: Object.keys(form) }));
    }
    toastSuccess(posting ? t('form.updated') : t('form.created'));
    setForm(initial); // nothing left unsaved: leaving is not held
    await router.push({ pathname: '/business/postings', query: { type: kind } });
  }

  return { form, field, skills, submit, busy };
}
