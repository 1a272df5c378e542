import { useRouter } from 'next/router';
import { useEffect, useRef } from 'react';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { onSessionEnded } from '@/services/session-events';
import { selectIsLoggedIn } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSignOut } from './use-session-actions';

/** Why the sign-in page is shown after a session ended by itself. */
export const SESSION_ENDED = 'session_ended';

/**
 * Ends the session cleanly when the server says it is over (a 401 to a call with a token:
 * expired, or revoked by a password change elsewhere) or when another tab signed out: every
 * stored key is cleared, as by logout, and the user goes to sign in with `next` set to this page
 * and a message that the session ended.
 */
export function SessionWatcher() {
  const router = useRouter();
  const signOut = useSignOut();
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const ending = useRef(false);

  useEffect(() => {
    if (!isLoggedIn) {
      ending.current = false;
      return;
    }
    const end = () => {
      if (ending.current) return;
      ending.current = true;
      const next = router.asPath.startsWith('/auth/') ? undefined : router.asPath;
      void signOut({
        pathname: '/auth/login',
        query: { ...(next ? { next } : {}), reason: SESSION_ENDED },
      });
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.accessToken && e.newValue === null) end();
    };
    window.addEventListener('storage', onStorage);
    const stop = onSessionEnded(end);
    return () => {
      stop();
      window.removeEventListener('storage', onStorage);
    };
  }, [isLoggedIn, router, signOut]);

  return null;
}
