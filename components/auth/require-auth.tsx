import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, type ReactNode } from 'react';
import { selectIsLoggedIn } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';

/** Sends a signed-out visitor to sign in, and back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const router = useRouter();
  const { rehydrated } = useSession();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);

  useEffect(() => {
    if (rehydrated && !isLoggedIn) {
      void router.replace({ pathname: '/auth/login', query: { next: router.asPath } });
    }
  }, [rehydrated, isLoggedIn, router]);

  if (!rehydrated || !isLoggedIn) {
    return (
      <p role="status" aria-live="polite">
        {t('auth.checking_session')}
      </p>
    );
  }
  return <>{children}</>;
}
