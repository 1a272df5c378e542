import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useGuardedForm } from '@/components/forms/leave-guard';
import { useFailureText } from '@/components/forms/failure-text';
import { useBusy } from '@/components/forms/use-busy';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/text-field';
import { paypalEmailSchema } from '@/lib/schemas/profile';
import { toastError, toastSuccess } from '@/lib/toast';
import { updatePaypalEmail } from '@/services/settings-service';
import { paypalEmailUpdated, selectUser } from '@/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import styles from './profile-edit.module.css';

/** The payment-provider e-mail (POST /users/paypal/email); saving it empty removes it. */
export function PaypalForm() {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectUser)?.paypal_email ?? '';
  const [email, setEmail] = useState(stored);
  const fields = useFieldErrors();
  const failureText = useFailureText();
  const { busy, during } = useBusy();
  const dirty = email.trim() !== stored;
  useGuardedForm({ dirty, saving: busy });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = fields.check(paypalEmailSchema, { paypal_email: email });
    if (!checked.ok) return;
    const outcome = await during(() => updatePaypalEmail(checked.value.paypal_email));
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      const error = t('messages.paypal.error');
      return toastError(
        failureText(outcome.failure, { fallback: error, codes: { invalid_input: error } }),
      );
    }
    dispatch(paypalEmailUpdated(outcome.data?.paypal_email ?? checked.value.paypal_email));
    toastSuccess(t('messages.paypal.success'));
  }

  return (
    <section id="payment" className={styles.section} aria-labelledby="payment-title">
      <header className={styles.sectionHeader}>
        <h2 id="payment-title">{t('settings.paypal.title')}</h2>
        <p>{t('settings.paypal.lead')}</p>
      </header>
      <form onSubmit={submit} noValidate>
        <EmailField
          label={t('settings.paypal.label')}
          {...fields.bind('paypal_email', email, setEmail)}
          hint={t('settings.paypal.hint')}
        />
        <div className={styles.formActions}>
          <Button type="submit" disabled={busy || !dirty}>
            {busy ? t('section.saving') : t('settings.paypal.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
