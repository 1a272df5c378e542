import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, type ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';

/**
 * Sends a signed-out visitor to sign in, and back here afterwards. With `role`, a signed-in user
 * of the other role is told the page is not for them (the API refuses them anyway).
 */
export function RequireAuth({
  children,
  role,
}: {
  children: ReactNode;
  role?: 'talent' | 'business';
}) {
  const { t } = useTranslation('common');
  const router = useRouter();
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  const isLoggedIn = Boolean(user);

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
  if (role && user && user.is_talent !== (role === 'talent')) {
    return (
      <section role="alert">
        <p>{t(role === 'talent' ? 'auth.for_talents' : 'auth.for_businesses')}</p>
        <ButtonLink href="/opportunities" variant="secondary">
          {t('nav.opportunities')}
        </ButtonLink>
      </section>
    );
  }
  return <>{children}</>;
}
