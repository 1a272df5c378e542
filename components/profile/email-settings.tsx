import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState, type FormEvent } from 'react';
import { useGuardedForm } from '@/components/forms/leave-guard';
import { useFailureText } from '@/components/forms/failure-text';
import { useBusy } from '@/components/forms/use-busy';
import { Button } from '@/components/ui/button';
import {
  EMAIL_DELIVERY_LIST,
  EMAIL_KIND_LIST,
  type TEmailDelivery,
  type TEmailPreferences,
} from '@/lib/schemas/email';
import { toastError, toastSuccess } from '@/lib/toast';
import type { TFailure } from '@/services/http-client';
import { getEmailPreferences, updateEmailPreferences } from '@/services/settings-service';
import styles from './profile-edit.module.css';
import own from './email-settings.module.css';

/**
 * The "E-mail" section of /profile/settings (docs/product.md "E-mail that respects people"): for
 * each kind of e-mail, at once (the default), in one daily digest, or not at all. Account
 * e-mails (recovery codes, invitations) are always sent, and the lead says so.
 */
export function EmailSettings() {
  const { t } = useTranslation('profile');
  const failureText = useFailureText();
  const { busy, during } = useBusy();
  const [saved, setSaved] = useState<TEmailPreferences | null>(null);
  const [chosen, setChosen] = useState<TEmailPreferences | null>(null);
  const [loadFailure, setLoadFailure] = useState<TFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const dirty =
    saved !== null && chosen !== null && EMAIL_KIND_LIST.some((k) => saved[k] !== chosen[k]);
  useGuardedForm({ dirty, saving: busy });

  useEffect(() => {
    let gone = false;
    void getEmailPreferences().then((outcome) => {
      if (gone) return;
      if (outcome.ok) {
        setSaved(outcome.data);
        setChosen(outcome.data);
        setLoadFailure(null);
      } else setLoadFailure(outcome.failure);
    });
    return () => {
      gone = true;
    };
  }, [attempt]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!chosen || !saved) return;
    const patch = Object.fromEntries(
      EMAIL_KIND_LIST.filter((k) => chosen[k] !== saved[k]).map((k) => [k, chosen[k]]),
    );
    const outcome = await during(() => updateEmailPreferences(patch));
    if (!outcome.ok) {
      return toastError(failureText(outcome.failure, { fallback: t('settings.email.error') }));
    }
    setSaved(outcome.data);
    setChosen(outcome.data);
    toastSuccess(t('settings.email.saved'));
  }

  const choose = (kind: keyof TEmailPreferences, delivery: TEmailDelivery) =>
    setChosen((c) => (c ? { ...c, [kind]: delivery } : c));

  return (
    <section id="email" className={styles.section} aria-labelledby="email-title">
      <header className={styles.sectionHeader}>
        <h2 id="email-title">{t('settings.email.title')}</h2>
        <p>{t('settings.email.lead')}</p>
      </header>
      {!chosen ? (
        loadFailure ? (
          <div role="alert">
            <p>{failureText(loadFailure, { nothingSaved: false })}</p>
            <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('settings.email.retry')}
            </Button>
          </div>
        ) : (
          <p role="status">{t('settings.email.loading')}</p>
        )
      ) : (
        <form onSubmit={submit} noValidate>
          {EMAIL_KIND_LIST.map((kind) => (
            <fieldset key={kind} className={own.kind} aria-describedby={`email-${kind}-hint`}>
              <legend>{t(`settings.email.kinds.${kind}.title`)}</legend>
              <p id={`email-${kind}-hint`} className={own.hint}>
                {t(`settings.email.kinds.${kind}.hint`)}
              </p>
              <div className={own.options}>
                {EMAIL_DELIVERY_LIST.map((delivery) => (
                  <label key={delivery} className={own.option}>
                    <input
                      type="radio"
                      name={`email-${kind}`}
                      value={delivery}
                      checked={chosen[kind] === delivery}
                      onChange={() => choose(kind, delivery)}
                    />
                    {t(`settings.email.deliveries.${delivery}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <div className={styles.formActions}>
            <Button type="submit" disabled={busy || !dirty}>
              {busy ? t('section.saving') : t('settings.email.submit')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
