import type { TPostingKind } from '@/lib/kinds';
import type { TOwnReview, TReviewPage, TReviewState } from '@/types/review';
import { api } from './api';

// Reviews through the cache (docs/api.md "Reviews"): one's own state on an application (the
// review buttons of /applications and of the board), writing a review, replying, and the public
// lists of a talent and of a company (read again in the browser, signed in, to know whether the
// viewer may reply).

const STATE = 'ReviewState' as const;
const LIST = 'Reviews' as const;

export type TReviewListArgs =
  { of: 'talent'; id: number; page: number } | { of: 'company'; slug: string; page: number };

export const reviewsApi = api.enhanceEndpoints({ addTagTypes: [STATE, LIST] }).injectEndpoints({
  endpoints: (b) => ({
    /** `GET /me/reviews?kind=&application_id=`. */
    reviewState: b.query<TReviewState, { kind: TPostingKind; application_id: number }>({
      query: (params) => ({ method: 'GET', url: '/me/reviews', params }),
      providesTags: (_r, _e, a) => [{ type: STATE, id: `${a.kind}-${a.application_id}` }],
    }),
    /** `POST /reviews`. */
    writeReview: b.mutation<
      TOwnReview,
      {
        kind: TPostingKind;
        application_id: number;
        rating: number;
        body: string;
        lang: 'en' | 'es';
      }
    >({
      query: (data) => ({ method: 'POST', url: '/reviews', data }),
      invalidatesTags: (_r, error, a) =>
        error ? [] : [{ type: STATE, id: `${a.kind}-${a.application_id}` }, LIST],
    }),
    /** `POST /reviews/{id}/reply`. */
    replyToReview: b.mutation<TOwnReview, { id: number; body: string; lang: 'en' | 'es' }>({
      query: ({ id, ...data }) => ({ method: 'POST', url: `/reviews/${id}/reply`, data }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST, STATE]),
    }),
    /** `GET /users/{id}/reviews`, `GET /companies/{slug}/reviews`. */
    reviewList: b.query<TReviewPage, TReviewListArgs>({
      query: (a) => ({
        method: 'GET',
        url:
          a.of === 'talent'
            ? `/users/${a.id}/reviews`
            : `/companies/${encodeURIComponent(a.slug)}/reviews`,
        params: { page: a.page },
      }),
      providesTags: [LIST],
    }),
  }),
});

export const {
  useReviewStateQuery,
  useWriteReviewMutation,
  useReplyToReviewMutation,
  useReviewListQuery,
} = reviewsApi;
