import type { TEducation, TExperience } from './user';

// The operator's console (docs/api.md "Operators"): what its calls answer.

/** A person as the console names them. */
export type TPersonRef = { id: number; name: string; last_name: string };

/** An entry of the verification queue: an experience or a study centre in process. */
export type TVerificationItem =
  | {
      kind: 'workplace';
      id: number;
      talent: TPersonRef & { email: string };
      entry: TExperience;
      requested_at: string;
    }
  | {
      kind: 'study';
      id: number;
      talent: TPersonRef & { email: string };
      entry: TEducation;
      requested_at: string;
    };

/** One act of an operator; `operator` null for the command line (grants, revocations). */
export type TOperatorAct = {
  id: number;
  operator: TPersonRef | null;
  action: string;
  target: Record<string, unknown>;
  created_at: string;
};

export type TReportTargetKind = 'posting' | 'profile' | 'message' | 'review';
export type TReportStatus = 'open' | 'dismissed' | 'hidden' | 'suspended';
export type TReportAction = 'dismiss' | 'hide' | 'suspend';

/** A report as `GET /admin/reports` answers it (docs/api.md "Reports"). */
export type TAdminReport = {
  id: number;
  target_kind: TReportTargetKind;
  target_id: number;
  posting_kind: 'project' | 'job' | null;
  target: { label: string; url: string | null; hidden: boolean };
  author: (TPersonRef & { email: string; suspended: boolean }) | null;
  reporter: TPersonRef | null;
  reason: string;
  status: TReportStatus;
  note: string | null;
  resolved_by: TPersonRef | null;
  resolved_at: string | null;
  created_at: string;
};
