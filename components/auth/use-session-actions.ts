import { useRouter } from 'next/router';
import { useCallback } from 'react';
import { writeCompanyChoice } from '@/lib/company-choice';
import { removeAllStored } from '@/lib/storage-keys';
import type { TSignedIn } from '@/services/auth-service';
import { loggedIn, loggedOut } from '@/store/auth-slice';
import { useAppDispatch } from '@/store/hooks';
import { useSession } from '@/store/session';
import type { TSessionUser } from '@/types/user';

/** docs/product.md "Screens and routes": a talent lands on /profile/my-profile, a business on /opportunities. */
export const landingPath = (user: Pick<TSessionUser, 'is_talent'>) =>
  user.is_talent ? '/profile/my-profile' : '/opportunities';

/**
 * Where a `next` query value leads, when that is a page of this site: its path, query and hash,
 * never another origin. The value is resolved as the browser would resolve it (which drops tabs
 * and line breaks, and reads `\\` as `/`), so `/\t/evil.example` is caught as the
 * `//evil.example` it becomes (docs/security.md "Redirects").
 */
export function safeNextPath(next: unknown, origin = window.location.origin): string | null {
  if (typeof next !== 'string' || !next.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that begins with two slashes would itself be read as another host by the router.
  if (path.startsWith('//') || url.pathname.startsWith('/auth/')) return null;
  return path;
}

/** Signs in with a session the server answered and goes where the user was headed. */
export function useSignIn() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { persistor } = useSession();
  return useCallback(
    async (session: TSignedIn) => {
      dispatch(loggedIn(session));
      persistor?.persist(); // resumes persistence paused by a previous sign-out
      await router.push(safeNextPath(router.query.next) ?? landingPath(session.user));
    },
    [dispatch, router, persistor],
  );
}

/**
 * docs/product.md "States and transitions", "Constants and limits": logout clears the state and every stored key. `to` is where to go first (leaving
 * a signed-in page before its state is cleared, or it would redirect on its own).
 */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const { persistor } = useSession();
  return useCallback(
    async (to: Parameters<typeof router.push>[0] = '/auth/login') => {
      await router.push(to);
      persistor?.pause();
      dispatch(loggedOut());
      await persistor?.purge();
      removeAllStored();
      // The next person on this browser starts without the last one's company.
      writeCompanyChoice(null);
    },
    [dispatch, router, persistor],
  );
}
