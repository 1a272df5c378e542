import * as v from 'valibot';
import { id, listQuery } from './common';
import { noControlChars } from './text';

// Reports and the operators' decisions on them (docs/api.md "Reports", "Operators"). Messages
// are error codes (docs/api.md "Errors").

export const REPORT_LIMITS = {
  /** Reports one account may make in a day (docs/product.md "Reports and suspension"). */
  perDay: 10,
  reason: 1000,
  note: 500,
} as const;

export const REPORT_TARGET_KINDS = ['posting', 'profile', 'message', 'review'] as const;
export type TReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
export type TReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_STATUSES = ['open', 'dismissed', 'hidden', 'suspended'] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];

/** A multi-line text of 1..max characters, trimmed (tabs and line breaks allowed). */
const text = (max: number) =>
  v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(max, 'too_long'),
  );

/** `POST /reports`: what is reported, and why. A posting names its kind. */
export const newReportSchema = /* @__PURE__ */ v.pipe(
  v.object({
    target_kind: v.picklist(REPORT_TARGET_KINDS, 'choice'),
    target_id: id(),
    posting_kind: v.optional(v.nullable(v.picklist(['project', 'job'], 'choice'))),
    reason: text(REPORT_LIMITS.reason),
  }),
  v.forward(
    v.check((r) => r.target_kind !== 'posting' || Boolean(r.posting_kind), 'required'),
    ['posting_kind'],
  ),
  v.transform((r) => ({
    ...r,
    posting_kind: r.target_kind === 'posting' ? (r.posting_kind ?? null) : null,
  })),
);
export type TNewReport = v.InferInput<typeof newReportSchema>;

/** `GET /admin/reports`: the open queue (oldest first) or the resolved ones (newest first). */
export const reportsQuerySchema = /* @__PURE__ */ v.object({
  status: v.optional(v.picklist(['open', 'resolved'], 'choice'), 'open'),
  ...listQuery(20).entries,
});

/** `POST /admin/reports/{id}/resolve`. */
export const resolveReportSchema = /* @__PURE__ */ v.object({
  action: v.picklist(REPORT_ACTIONS, 'choice'),
  note: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => (typeof x === 'string' && x.trim() === '' ? null : x)),
      v.nullable(text(REPORT_LIMITS.note)),
    ),
  ),
});
