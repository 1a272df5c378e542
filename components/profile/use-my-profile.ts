import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useDeferredArrival } from '@/lib/use-deferred-arrival';
import { useGetMeQuery } from '@/services/profile-api';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import type { TUser } from '@/types/user';

/**
 * The signed-in user's whole profile: the fields the client keeps (docs/product.md "Entities and fields", kept current by
 * every save) over the rest, read once per visit from the cache (GET /users/id/{id}). Its first
 * arrival renders as a transition (lib/use-deferred-arrival.ts): the screens built on it are large.
 */
export function useMyProfile() {
  const session = useAppSelector(selectUser);
  const query = useGetMeQuery(session?.id ?? skipToken);
  const profile = useMemo<TUser | undefined>(
    () => (query.data && session ? { ...query.data, ...session } : undefined),
    [query.data, session],
  );
  return {
    profile: useDeferredArrival(profile),
    isError: query.isError && !query.data,
    refetch: query.refetch,
  };
}
