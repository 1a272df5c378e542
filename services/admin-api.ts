import type { TAdminReport, TOperatorAct, TReportAction, TVerificationItem } from '@/types/admin';
import type { TEducation, TExperience } from '@/types/user';
import type { TPage } from '@/types/marketplace';
import { api } from './api';

// The operator's console through the cache (docs/api.md "Operators"): the verification queue,
// the reports queue (its calls are docs/api.md "Reports"), the audit log. Every decision changes
// the queue it came from and the audit log, which records it.

type TLang = 'en' | 'es';
const TAGS = ['AdminVerifications', 'AdminReports', 'AdminAudit'] as const;

/** How many entries a page of the console shows. */
export const ADMIN_PER_PAGE = 20;

export type TReportTab = 'open' | 'resolved';

export const adminApi = api.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (b) => ({
    /** `GET /admin/verifications`: entries in process, oldest first. */
    verificationQueue: b.query<TPage<TVerificationItem>, { page: number }>({
      query: ({ page }) => ({
        method: 'GET',
        url: '/admin/verifications',
        params: { status: 2, page, per_page: ADMIN_PER_PAGE },
      }),
      providesTags: ['AdminVerifications'],
    }),
    /** `POST /admin/verifications/{kind}/{id}`: verified (3), or rejected (4) with a reason. */
    decideVerification: b.mutation<
      TExperience | TEducation,
      {
        kind: 'workplace' | 'study';
        id: number;
        verify_status_id: 3 | 4;
        reason?: string;
        lang: TLang;
      }
    >({
      query: ({ kind, id, ...data }) => ({
        method: 'POST',
        url: `/admin/verifications/${kind}/${id}`,
        data,
      }),
      invalidatesTags: (_r, error) => (error ? [] : ['AdminVerifications', 'AdminAudit']),
    }),
    /** `GET /admin/reports`: open ones oldest first, resolved ones newest first. */
    adminReports: b.query<TPage<TAdminReport>, { status: TReportTab; page: number }>({
      query: ({ status, page }) => ({
        method: 'GET',
        url: '/admin/reports',
        params: { status, page, per_page: ADMIN_PER_PAGE },
      }),
      providesTags: ['AdminReports'],
    }),
    /** `POST /admin/reports/{id}/resolve`: dismiss, hide the thing or suspend its author. */
    resolveReport: b.mutation<TAdminReport, { id: number; action: TReportAction; note?: string }>({
      query: ({ id, ...data }) => ({ method: 'POST', url: `/admin/reports/${id}/resolve`, data }),
      invalidatesTags: (_r, error) => (error ? [] : ['AdminReports', 'AdminAudit']),
    }),
    /** `POST /admin/users/{id}/unsuspend`: lifts an account's suspension. */
    liftSuspension: b.mutation<unknown, { userId: number }>({
      query: ({ userId }) => ({ method: 'POST', url: `/admin/users/${userId}/unsuspend` }),
      invalidatesTags: (_r, error) => (error ? [] : ['AdminReports', 'AdminAudit']),
    }),
    /** `GET /admin/audit`: every act of an operator, newest first. */
    operatorAudit: b.query<TPage<TOperatorAct>, { page: number }>({
      query: ({ page }) => ({
        method: 'GET',
        url: '/admin/audit',
        params: { page, per_page: ADMIN_PER_PAGE },
      }),
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const {
  useVerificationQueueQuery,
  useDecideVerificationMutation,
  useAdminReportsQuery,
  useResolveReportMutation,
  useLiftSuspensionMutation,
  useOperatorAuditQuery,
} = adminApi;
