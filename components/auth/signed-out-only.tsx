import type { ReactNode } from 'react';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import { SignedInNotice } from './signed-in-notice';

/** The sign-in and registration forms, or, for a visitor already signed in, their next step. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  if (rehydrated && user) return <SignedInNotice user={user} />;
  return <>{children}</>;
}
