import { KINDS } from '@/lib/kinds';
import type { TInviteInput } from '@/lib/schemas/invites';
import type { TMyInvite, TPostingInvite } from '@/types/invites';
import type { TPage, TPostingInvitation, TPostingKind } from '@/types/marketplace';
import { api } from './api';

// Invitations to apply through the cache (docs/api.md "Invitations to apply"): a team member
// invites a talent to one of the company's postings; a talent reads theirs.

export const invitesApi = api.injectEndpoints({
  endpoints: (b) => ({
    inviteToApply: b.mutation<
      TPostingInvite,
      { kind: TPostingKind; id: number; data: TInviteInput }
    >({
      query: ({ kind, id, data }) => ({
        method: 'POST',
        url: `/${KINDS[kind].postings}/${id}/invites`,
        data,
      }),
    }),
    myInvites: b.query<TPage<TMyInvite>, { page: number }>({
      query: (params) => ({ method: 'GET', url: '/me/invites', params }),
    }),
    /** The signed-in talent's invitation to one posting (`invitation` of the posting's answer). */
    postingInvitation: b.query<TPostingInvitation | null, { kind: TPostingKind; id: number }>({
      query: ({ kind, id }) => ({ method: 'GET', url: `/${KINDS[kind].postings}/${id}` }),
      transformResponse: (posting: { invitation?: TPostingInvitation | null }) =>
        posting.invitation ?? null,
    }),
  }),
});

export const { useInviteToApplyMutation, useMyInvitesQuery, usePostingInvitationQuery } =
  invitesApi;
