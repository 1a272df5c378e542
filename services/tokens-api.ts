import type { TScope } from '@/lib/schemas/tokens';
import { api } from './api';

// Personal access tokens through the cache (docs/api.md "Personal access tokens"): the caller's
// list, the new token (its secret only in the answer of its making) and revoking.

export type TAccessToken = {
  id: number;
  name: string;
  scopes: TScope[];
  prefix: string;
  expires_at: string;
  expired: boolean;
  last_used_at: string | null;
  created_at: string;
};

/** The answer of `POST /me/tokens`: the one time the secret (`token`) is seen. */
export type TNewAccessToken = Omit<TAccessToken, 'expired' | 'last_used_at'> & { token: string };

const TAG = 'AccessTokens' as const;

export const tokensApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (b) => ({
    /** `GET /me/tokens`: the caller's, newest first, without secrets. */
    accessTokens: b.query<TAccessToken[], void>({
      query: () => ({ method: 'GET', url: '/me/tokens' }),
      providesTags: [TAG],
    }),
    /** `POST /me/tokens`. */
    createAccessToken: b.mutation<
      TNewAccessToken,
      { name: string; scopes: TScope[]; expires_in_days: number }
    >({
      query: (data) => ({ method: 'POST', url: '/me/tokens', data }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
    /** `DELETE /me/tokens/{id}`. */
    revokeAccessToken: b.mutation<void, number>({
      query: (id) => ({ method: 'DELETE', url: `/me/tokens/${id}` }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
  }),
});

export const { useAccessTokensQuery, useCreateAccessTokenMutation, useRevokeAccessTokenMutation } =
  tokensApi;
