import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useMemo, useSyncExternalStore } from 'react';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import styles from './auth.module.css';
import { RegisterForm, type TGoogleRegistration } from './register-form';

function parseRegisterByGoogle(stored: string | null): TGoogleRegistration | null {
  try {
    const raw = JSON.parse(stored ?? 'null') as Partial<TGoogleRegistration> | null;
    if (!raw || typeof raw.email !== 'string' || typeof raw.google_id !== 'string') return null;
    return {
      email: raw.email,
      name: raw.name ?? '',
      last_name: raw.last_name ?? '',
      google_id: raw.google_id,
    };
  } catch {
    return null;
  }
}

const noSubscription = () => () => {};

/** docs/product.md "Screens and routes": finishes a Google sign-in for an e-mail with no account, prefilled from registerByGoogle. */
export function CreateAccount() {
  const { t } = useTranslation('common');
  // Local storage exists only in the browser: the server render (undefined) shows nothing.
  const stored = useSyncExternalStore(
    noSubscription,
    () => safeStorage.get(STORAGE_KEYS.registerByGoogle),
    () => undefined,
  );
  const google = useMemo(
    () => (stored === undefined ? undefined : parseRegisterByGoogle(stored)),
    [stored],
  );

  if (google === undefined) return null;
  if (!google) {
    return (
      <div className={styles.card}>
        <h1>{t('auth.create_account.title')}</h1>
        <p className={styles.lead}>{t('auth.create_account.missing')}</p>
        <div className={styles.links}>
          <Link href="/auth/login">{t('auth.register.have_account')}</Link>
          <Link href="/auth/register">{t('auth.login.no_account')}</Link>
        </div>
      </div>
    );
  }
  return <RegisterForm google={google} />;
}
