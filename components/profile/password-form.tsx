import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/text-field';
import { toastError, toastSuccess } from '@/lib/toast';
import { compactErrors, passwordError } from '@/lib/validation';
import { changePassword } from '@/services/auth-service';
import type { TI18n, TResult } from '@/services/result';
import styles from './profile-edit.module.css';
import { useLeaveGuard } from './use-leave-guard';

type TChange = (
  input: { new_password: string; confirm_new_password: string },
  i18n: TI18n,
) => Promise<TResult<true>>;

/** Seed §8: "Password changed successfully" / "Failed to change password" (common catalog). */
export function PasswordForm({ change = changePassword }: { change?: TChange }) {
  const { t } = useTranslation('profile');
  const { t: tc, i18n } = useTranslation('common');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);
  useLeaveGuard(busy, t('section.leave_blocked'));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = compactErrors({
      password: passwordError(password),
      confirm: confirm === password ? null : 'validation.password_match',
    });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const res = await change({ new_password: password, confirm_new_password: confirm }, i18n);
    setBusy(false);
    if (res.hasError) return toastError(res.message);
    toastSuccess(res.message);
    setPassword('');
    setConfirm('');
  }

  return (
    <section id="password" className={styles.section} aria-labelledby="password-title">
      <header className={styles.sectionHeader}>
        <h2 id="password-title">{t('settings.password.title')}</h2>
        <p>{t('settings.password.lead')}</p>
      </header>
      <form onSubmit={submit} noValidate>
        <PasswordField
          label={tc('auth.fields.new_password')}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password ? tc(errors.password) : null}
          hint={tc('auth.fields.password_hint')}
          showLabel={tc('auth.fields.show_password')}
          hideLabel={tc('auth.fields.hide_password')}
          required
        />
        <PasswordField
          label={tc('auth.fields.confirm_password')}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm ? tc(errors.confirm) : null}
          showLabel={tc('auth.fields.show_password')}
          hideLabel={tc('auth.fields.hide_password')}
          required
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
