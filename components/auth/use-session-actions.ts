import { useRouter } from 'next/router';
import { useCallback } from 'react';
import { ALL_STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import type { TSignedIn } from '@/services/auth-service';
import { loggedIn, loggedOut } from '@/store/auth-slice';
import { useAppDispatch } from '@/store/hooks';
import { useSession } from '@/store/session';
import type { TUser } from '@/types/user';

/** Seed §2: a talent lands on /profile/my-profile, a business on /opportunities. */
export const landingPath = (user: Pick<TUser, 'is_talent'>) =>
  user.is_talent ? '/profile/my-profile' : '/opportunities';

/** A `next` query value that is a path on this site (never another origin). */
export function safeNextPath(next: unknown): string | null {
  if (
    typeof next !== 'string' ||
    !next.startsWith('/') ||
    next.startsWith('//') ||
    next.includes('\\')
  ) {
    return null;
  }
  return next.startsWith('/auth/') ? null : next;
}

/** Signs in with a session the server answered and goes where the user was headed. */
export function useSignIn() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { persistor } = useSession();
  return useCallback(
    async (session: TSignedIn) => {
      dispatch(loggedIn({ user: session.user }));
      persistor?.persist(); // resumes persistence paused by a previous sign-out
      await router.push(safeNextPath(router.query.next) ?? landingPath(session.user));
    },
    [dispatch, router, persistor],
  );
}

/** Seed §4/§9: logout clears the state and every stored key. */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { persistor } = useSession();
  return useCallback(async () => {
    // Leave the signed-in page first: cleared state there would make it redirect with ?next=.
    await router.push('/auth/login');
    persistor?.pause();
    dispatch(loggedOut());
    await persistor?.purge();
    for (const key of ALL_STORAGE_KEYS) safeStorage.remove(key);
  }, [dispatch, router, persistor]);
}
