import type { TPostingKind } from '@/lib/kinds';
import type { TReportTargetKind } from '@/lib/schemas/trust';
import { api } from './api';

// Reports through the cache (docs/api.md "Reports"): a signed-in user reports what they see.

export type TReport = {
  id: number;
  target_kind: TReportTargetKind;
  target_id: number;
  posting_kind: TPostingKind | null;
  status: 'open' | 'dismissed' | 'hidden' | 'suspended';
  created_at: string;
};

export type TNewReport = {
  target_kind: TReportTargetKind;
  target_id: number;
  posting_kind?: TPostingKind | null;
  reason: string;
};

export const trustApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** `POST /reports`. */
    report: b.mutation<TReport, TNewReport>({
      query: (data) => ({ method: 'POST', url: '/reports', data }),
    }),
  }),
});

export const { useReportMutation } = trustApi;
