import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useBusy } from '@/components/forms/use-busy';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { langOf } from '@/lib/i18n/lang';
import { email as emailRule, newPassword } from '@/lib/schemas/common';
import { toastSuccess } from '@/lib/toast';
import { requestRecoveryCode, resetPassword } from '@/services/auth-service';
import * as v from 'valibot';

const emailStep = v.object({ email: emailRule() });
const passwordStep = v.pipe(
  v.object({ password: newPassword(), confirm: v.string() }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm']],
      (p) => p.password === p.confirm,
      'passwords_differ',
    ),
    ['confirm'],
  ),
);

/**
 * The state and calls of the password recovery (components/auth/recovery-form.tsx): e-mail →
 * code by e-mail → code and new password (docs/product.md "Validation rules").
 */
export function useRecoveryForm() {
  const { t, i18n } = useTranslation('common');
  const router = useRouter();
  const fields = useFieldErrors();
  const failureText = useFailureText();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, during } = useBusy();
  /** The seed's "Error catalogue" (docs/product.md) texts for the two calls; the vocabulary's text for a limit or a field. */
  const recoveryFailureText = (step: 'email' | 'password', failure: unknown) =>
    failureText(
      failure,
      step === 'email'
        ? {
            fallback: t('messages.recovery_email.error'),
            codes: { not_found: t('messages.recovery_email.not_found') },
          }
        : {
            fallback: t('messages.recovery_password.error'),
            codes: {
              invalid_code: t('messages.recovery_password.invalid_code'),
              wrong_code: t('messages.recovery_password.incorrect'),
            },
          },
    );

  // The e-mail's link carries the e-mail and code in the fragment, which exists only in the
  // browser, after hydration: fill them in once, then drop it from the address bar and history.
  useEffect(() => {
    const params = new URLSearchParams(window.location.hash.slice(1));
    const [linkEmail, linkCode] = [params.get('email'), params.get('code')];
    if (!linkEmail || !linkCode) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-time read of the URL
    setEmail(linkEmail);
    setCode(linkCode);
    setStep(2);
  }, []);

  async function sendCode(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const checked = fields.check(emailStep, { email });
    if (!checked.ok) return;
    const outcome = await during(() =>
      requestRecoveryCode(checked.value.email, langOf(i18n.language)),
    );
    if (!outcome.ok) return setFailure(recoveryFailureText('email', outcome.failure));
    toastSuccess(t('messages.recovery_email.success'));
    setStep(2);
  }

  async function changePassword(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (!fields.check(passwordStep, { password, confirm }).ok) return;
    // An empty code is refused by the service itself, without calling the server (docs/product.md "Validation rules").
    const outcome = await during(() =>
      resetPassword({ code, password, email: email.trim() || undefined }),
    );
    if (!outcome.ok) return setFailure(recoveryFailureText('password', outcome.failure));
    toastSuccess(t('messages.recovery_password.success'));
    await router.push('/auth/login');
  }

  return {
    step,
    setStep,
    email,
    code,
    setCode,
    failure,
    busy,
    sendCode,
    changePassword,
    emailField: fields.bind('email', email, setEmail),
    passwordField: fields.bind('password', password, setPassword),
    confirmField: fields.bind('confirm', confirm, setConfirm),
  };
}
