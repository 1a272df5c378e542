import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useGuardedForm } from '@/components/forms/leave-guard';
import { useFailureText } from '@/components/forms/failure-text';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/text-field';
import { changePasswordSchema } from '@/lib/schemas/users';
import { toastError, toastSuccess } from '@/lib/toast';
import { changePassword } from '@/services/auth-service';
import { tokenRenewed } from '@/store/auth-slice';
import { useAppDispatch } from '@/store/hooks';
import styles from './profile-edit.module.css';

const EMPTY = { current_password: '', new_password: '', confirm_new_password: '' };
type TForm = typeof EMPTY;

/**
 * The password change (docs/product.md "The calls", with the current password: docs/api.md). docs/product.md "Error catalogue": "Password
 * changed successfully" / "Failed to change password". The session goes on with the new token.
 */
export function PasswordForm() {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const dispatch = useAppDispatch();
  const fields = useFieldErrors();
  const failureText = useFailureText();
  const [form, setForm] = useState<TForm>(EMPTY);
  const [busy, setBusy] = useState(false);
  useGuardedForm({ dirty: Object.values(form).some(Boolean), saving: busy });
  const field = (key: keyof TForm) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      fields.clear(key);
    },
    error: fields.text(key),
    showLabel: tc('auth.fields.show_password'),
    hideLabel: tc('auth.fields.hide_password'),
    required: true,
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!fields.check(changePasswordSchema, form).ok) return;
    setBusy(true);
    const outcome = await changePassword(form);
    setBusy(false);
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      // docs/product.md "Error catalogue": "Failed to change password"; offline, it says so.
      const error = tc('messages.password_change.error');
      return toastError(
        failureText(outcome.failure, { fallback: error, codes: { invalid_input: error } }),
      );
    }
    if (outcome.accessToken) dispatch(tokenRenewed(outcome.accessToken));
    toastSuccess(tc('messages.password_change.success'));
    setForm(EMPTY);
  }

  return (
    <section id="password" className={styles.section} aria-labelledby="password-title">
      <header className={styles.sectionHeader}>
        <h2 id="password-title">{t('settings.password.title')}</h2>
        <p>{t('settings.password.lead')}</p>
      </header>
      <form onSubmit={submit} noValidate>
        <PasswordField
          label={tc('auth.fields.current_password')}
          autoComplete="current-password"
          {...field('current_password')}
        />
        <PasswordField
          label={tc('auth.fields.new_password')}
          autoComplete="new-password"
          hint={tc('auth.fields.password_hint')}
          {...field('new_password')}
        />
        <PasswordField
          label={tc('auth.fields.confirm_password')}
          autoComplete="new-password"
          {...field('confirm_new_password')}
        />
        <div className={styles.formActions}>
          <Button type="submit" disabled={busy}>
            {busy ? t('section.saving') : t('settings.password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
