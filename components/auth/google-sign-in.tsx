import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useRef } from 'react';
import { loadGoogleIdentity, readGoogleCredential } from '@/lib/google-identity';
import { publicEnv } from '@/lib/public-env';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import { useFailureText } from '@/components/forms/failure-text';
import { toastError, toastInfo, toastSuccess } from '@/lib/toast';
import { checkEmail, loginWithGoogle } from '@/services/auth-service';
import styles from './auth.module.css';
import { useSignIn } from './use-session-actions';

/**
 * docs/product.md "Screens and routes", "Entities and fields", "The calls": "Sign in with Google". An existing account signs in and lands by role; a new
 * e-mail stores `registerByGoogle` and goes to /auth/create-account to finish. Shown only when
 * NEXT_PUBLIC_GOOGLE_CLIENT_ID is set.
 */
export function GoogleSignIn() {
  const clientId = publicEnv.NEXT_PUBLIC_GOOGLE_CLIENT_ID;
  const { t, i18n } = useTranslation('common');
  const router = useRouter();
  const signIn = useSignIn();
  const failureText = useFailureText();
  const slot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!clientId || !slot.current) return;
    let cancelled = false;
    const onCredential = async ({ credential }: { credential: string }) => {
      const profile = readGoogleCredential(credential);
      const exists = profile ? await checkEmail(profile.email) : null;
      if (!profile || exists === null) return toastError(t('messages.login.error'));
      if (exists) {
        // docs/product.md "Error catalogue": a failed Google sign-in is "Error while logging in".
        const outcome = await loginWithGoogle(credential);
        if (!outcome.ok) {
          // Every refusal says the seed's text; offline, it is followed by why.
          const text = t('messages.login.error');
          return toastError(
            failureText(outcome.failure, {
              fallback: text,
              codes: { [outcome.failure.code]: text },
              nothingSaved: false,
            }),
          );
        }
        toastSuccess(t('messages.login.welcome'));
        return signIn(outcome.data);
      }
      // The signed credential travels as google_id: the server verifies it when registering.
      safeStorage.set(
        STORAGE_KEYS.registerByGoogle,
        JSON.stringify({
          email: profile.email,
          name: profile.name,
          last_name: profile.last_name,
          google_id: credential,
        }),
      );
      toastInfo(t('messages.google.new_account'));
      await router.push('/auth/create-account');
    };
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !slot.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (r) => void onCredential(r),
        });
        google.accounts.id.renderButton(slot.current, {
          theme: 'outline',
          size: 'large',
          locale: i18n.language,
          text: 'signin_with',
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [clientId, i18n, router, signIn, t, failureText]);

  if (!clientId) return null;
  return (
    <>
      <p className={styles.divider}>{t('auth.login.or')}</p>
      <div ref={slot} className={styles.google} aria-label={t('auth.login.google')} />
    </>
  );
}
