import type { Middleware, Reducer } from '@reduxjs/toolkit';
import type { AxiosRequestConfig } from 'axios';
import { createApi, type BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { loggedIn, loggedOut } from '@/store/auth-slice';
import { currentStore } from '@/store';
import { dynamicMiddleware, rootReducer } from '@/store/root';
import { call, type TFailure, type TOutcome } from './http-client';

/**
 * How a server render's store reaches the API (page-state/signed-in-page.ts): its thunk argument carries
 * a call through the API in the server's own process, with the page's session.
 */
export type TQueryExtra = { serverCall?: typeof call };

/** RTK Query over the one HTTP client: a query is an axios request config; errors are TFailure. */
async function baseQuery(config: AxiosRequestConfig, { extra }: BaseQueryApi) {
  const outcome = await ((extra as TQueryExtra | undefined)?.serverCall ?? call)<unknown>(config);
  return outcome.ok ? { data: outcome.data } : { error: outcome.failure };
}

/**
 * The cache of server data (docs/architecture.md "Client state"): one API slice, endpoints
 * injected per feature (services/*-api.ts), tags invalidated or patched by the mutations that
 * change them. Importing this module adds the slice and its middleware to every store, so the
 * library loads only with the screens that read server data.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQuery as (
    config: AxiosRequestConfig,
    api: BaseQueryApi,
  ) => Promise<{ data: unknown } | { error: TFailure }>,
  tagTypes: [
    'Me',
    'Countries',
    'Languages',
    'Skills',
    'MyPostings',
    'MyApplications',
    'Talents',
    'Board',
    'Notifications',
    'Companies',
    'Members',
    'Invitations',
    'Audit',
    'Conversations',
    'Conversation',
    'Messages',
    'Webhooks',
  ],
  endpoints: () => ({}),
});

// The root declares the cache's state loosely (store/ knows nothing of services/).
rootReducer.inject(api as unknown as { reducerPath: 'api'; reducer: Reducer<unknown> });
dynamicMiddleware.addMiddleware(api.middleware);
// A store made before this module ran holds the slice from its next action: one now, so that the
// first screen reading the cache finds it there.
currentStore()?.dispatch({ type: `${api.reducerPath}/attached` });

/**
 * One account's server data never shows to the next: signing out, or in as someone else, empties
 * the cache (its lists are the caller's own: applications, postings, notifications, the board).
 */
const resetOnAccountChange: Middleware = (store) => (next) => (action) => {
  const before = (store.getState() as { auth?: { user?: { id?: number } | null } }).auth?.user?.id;
  const result = next(action);
  if (loggedOut.match(action) || (loggedIn.match(action) && action.payload.user.id !== before)) {
    store.dispatch(api.util.resetApiState());
  }
  return result;
};
dynamicMiddleware.addMiddleware(resetOnAccountChange);

/** A mutation's or query's failure, typed. */
export const failureOf = (error: unknown): TFailure =>
  error && typeof error === 'object' && 'code' in error
    ? (error as TFailure)
    : { code: 'internal', status: 0, fields: [] };

/** A dispatched query or mutation, settled as an outcome (data, or why it failed). */
export async function settle<T>(pending: { unwrap(): Promise<T> }): Promise<TOutcome<T>> {
  try {
    return { ok: true, data: await pending.unwrap() };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}
