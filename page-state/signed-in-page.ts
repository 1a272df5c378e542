import type { UnknownAction } from '@reduxjs/toolkit';
import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { companyChoiceOf } from '@/lib/company-choice';
import { translationProps } from '@/lib/i18n/page-props';
import { serverPage } from '@/server/ssr/page';
import { pageSession } from '@/server/ssr/session';
import { api, type TQueryExtra } from '@/services/api';
import { outcomeOf } from '@/services/http-client';
import { profileApi } from '@/services/profile-api';
import { makeStore, type TServerSession, type TSignedInProps } from '@/store';
import { sessionUserOf } from '@/store/auth-slice';
import type { TScreenModule } from '@/store/session-preload';
import type { TUser } from '@/types/user';

/**
 * The server session of a signed-in page (docs/performance.md "How pages paint early"), for
 * its getServerSideProps only (Next leaves this module, and the server it reaches, out of the
 * browser's code). With the session cookie of a valid session, the user's own profile and the
 * screen's first reads (its `prefetch`) go through the API in this process, into a store of this
 * request; the page renders from it on the server, and the browser's store starts from the same
 * answers. Null without a session (the page renders signed out, and the browser takes over as
 * before), and for a move within the app (Next's data request): the tab's store is there already.
 */
export async function serverSession(
  { req, query, resolvedUrl }: GetServerSidePropsContext,
  screen?: () => Promise<TScreenModule>,
): Promise<TServerSession | null> {
  if (req.headers['x-nextjs-data']) return null;
  const session = await pageSession(req);
  if (!session) return null;
  const serverCall = async <T>(config: Parameters<typeof session.call>[0]) => {
    const answer = await session.call(config);
    return outcomeOf<T>(answer.status, answer.body, answer.retryAfter);
  };
  // The API's own check of the token (expired, revoked by a password change): a 401 here.
  const me = await serverCall<TUser>({ method: 'GET', url: `/users/id/${session.userId}` });
  if (!me.ok) return null;
  const extra: TQueryExtra = { serverCall: serverCall as TQueryExtra['serverCall'] };
  const { store } = makeStore({ auth: { isLoggedIn: true, user: sessionUserOf(me.data) } }, extra);
  // The profile read above is also the cache's entry for it (the store declares the cache loosely).
  const upsert = profileApi.util.upsertQueryData('getMe', session.userId, me.data);
  await (store.dispatch(upsert as unknown as UnknownAction) as unknown as Promise<unknown>);
  const company = companyChoiceOf(req.headers.cookie);
  await (await screen?.())?.prefetch?.(store, { path: resolvedUrl.split('?')[0]!, query, company });
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  const { auth, api: cache } = store.getState() as {
    auth: { user: TServerSession['user'] };
    api: { queries: unknown; provided: unknown };
  };
  // The removal timers of the cache's entries go with it.
  store.dispatch(api.util.resetApiState());
  // Props travel as JSON: an answer's absent fields are left out rather than refused.
  return JSON.parse(
    JSON.stringify({
      user: auth.user,
      api: { queries: cache.queries, provided: cache.provided },
      company,
    }),
  ) as TServerSession;
}

export type { TSignedInProps };

/**
 * getServerSideProps of a signed-in page: its translations (`namespaces`), its server session
 * (serverSession above) and, with `load`, the page's own props (null: the page is not found),
 * read side by side. Through serverPage, as every server-rendered page.
 */
export function signedInPage<P extends object = object>(
  namespaces: string[],
  screen?: () => Promise<TScreenModule>,
  load?: (ctx: GetServerSidePropsContext) => Promise<P | null>,
) {
  return serverPage(
    async (
      ctx: GetServerSidePropsContext,
    ): Promise<GetServerSidePropsResult<P & TSignedInProps>> => {
      const reads = [
        load ? load(ctx) : ({} as P),
        translationProps(ctx.locale, namespaces),
        serverSession(ctx, screen),
      ] as const;
      // When one read fails, the others finish before the page does: none outlives its request.
      await Promise.allSettled(reads);
      const [own, translations, session] = await Promise.all(reads);
      if (!own) return { notFound: true };
      return { props: { ...own, ...translations, serverSession: session } };
    },
  );
}
