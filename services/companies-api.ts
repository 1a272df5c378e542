import type {
  TAccepted,
  TAuditEntry,
  TCompany,
  TCompanyPatch,
  TCompanyRole,
  TInvitationSent,
  TInviteRole,
  TMember,
  TMembership,
  TPendingInvitation,
} from '@/types/companies';
import type { TPage } from '@/types/marketplace';
import { api } from './api';

// Companies and teams through the cache (docs/api.md "Companies and teams"): the user's
// memberships, a company's members, pending invitations and audit log. Every change to the team
// invalidates the lists it touches, and the audit log, which records it.

type TLang = 'en' | 'es';
const companyTag = (type: 'Members' | 'Invitations' | 'Audit', id: number) => ({
  type,
  id,
});

export const companiesApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** `GET /me/companies`: the user's memberships, oldest first. */
    myCompanies: b.query<TMembership[], void>({
      query: () => ({ method: 'GET', url: '/me/companies' }),
      providesTags: ['Companies'],
    }),
    /** `GET /companies/{slug}`: the public company. */
    company: b.query<TCompany, string>({
      query: (slug) => ({ method: 'GET', url: `/companies/${encodeURIComponent(slug)}` }),
      providesTags: ['Companies'],
    }),
    updateCompany: b.mutation<TCompany, { id: number } & TCompanyPatch>({
      query: ({ id, ...data }) => ({ method: 'PATCH', url: `/companies/${id}`, data }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : ['Companies', companyTag('Audit', id)]),
    }),
    companyMembers: b.query<TMember[], number>({
      query: (id) => ({ method: 'GET', url: `/companies/${id}/members` }),
      providesTags: (_r, _e, id) => [companyTag('Members', id)],
    }),
    invite: b.mutation<
      TInvitationSent,
      { companyId: number; email: string; role: TInviteRole; lang: TLang }
    >({
      query: ({ companyId, ...data }) => ({
        method: 'POST',
        url: `/companies/${companyId}/invitations`,
        data,
      }),
      invalidatesTags: (_r, error, { companyId }) =>
        error ? [] : [companyTag('Invitations', companyId), companyTag('Audit', companyId)],
    }),
    companyInvitations: b.query<TPendingInvitation[], number>({
      query: (id) => ({ method: 'GET', url: `/companies/${id}/invitations` }),
      providesTags: (_r, _e, id) => [companyTag('Invitations', id)],
    }),
    revokeInvitation: b.mutation<unknown, { companyId: number; invitationId: number }>({
      query: ({ companyId, invitationId }) => ({
        method: 'DELETE',
        url: `/companies/${companyId}/invitations/${invitationId}`,
      }),
      invalidatesTags: (_r, error, { companyId }) =>
        error ? [] : [companyTag('Invitations', companyId), companyTag('Audit', companyId)],
    }),
    resendInvitation: b.mutation<
      TInvitationSent,
      { companyId: number; invitationId: number; lang: TLang }
    >({
      query: ({ companyId, invitationId, lang }) => ({
        method: 'POST',
        url: `/companies/${companyId}/invitations/${invitationId}/resend`,
        data: { lang },
      }),
      invalidatesTags: (_r, error, { companyId }) =>
        error ? [] : [companyTag('Invitations', companyId), companyTag('Audit', companyId)],
    }),
    acceptInvitation: b.mutation<TAccepted, string>({
      query: (token) => ({
        method: 'POST',
        url: `/invitations/${encodeURIComponent(token)}/accept`,
      }),
      // A new membership: the user's companies, and what they see within them, change.
      invalidatesTags: (_r, error) => (error ? [] : ['Companies', 'MyPostings']),
    }),
    changeMemberRole: b.mutation<
      TMember,
      { companyId: number; userId: number; role: TCompanyRole }
    >({
      query: ({ companyId, userId, role }) => ({
        method: 'PATCH',
        url: `/companies/${companyId}/members/${userId}`,
        data: { role },
      }),
      invalidatesTags: (_r, error, { companyId }) =>
        error
          ? []
          : ['Companies', companyTag('Members', companyId), companyTag('Audit', companyId)],
    }),
    /** Removes a member, or leaves the company when `userId` is the caller. */
    removeMember: b.mutation<unknown, { companyId: number; userId: number }>({
      query: ({ companyId, userId }) => ({
        method: 'DELETE',
        url: `/companies/${companyId}/members/${userId}`,
      }),
      invalidatesTags: (_r, error, { companyId }) =>
        error
          ? []
          : ['Companies', companyTag('Members', companyId), companyTag('Audit', companyId)],
    }),
    /** `GET /companies/{id}/audit`: one page, newest first (owners and admins only). */
    companyAudit: b.query<
      TPage<TAuditEntry>,
      { companyId: number; page: number; perPage?: number }
    >({
      query: ({ companyId, page, perPage = 20 }) => ({
        method: 'GET',
        url: `/companies/${companyId}/audit`,
        params: { page, per_page: perPage },
      }),
      providesTags: (_r, _e, { companyId }) => [companyTag('Audit', companyId)],
    }),
  }),
});

export const {
  useMyCompaniesQuery,
  useCompanyQuery,
  useUpdateCompanyMutation,
  useCompanyMembersQuery,
  useInviteMutation,
  useCompanyInvitationsQuery,
  useRevokeInvitationMutation,
  useResendInvitationMutation,
  useAcceptInvitationMutation,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useCompanyAuditQuery,
} = companiesApi;
