import * as v from 'valibot';
import { lang, listQuery } from './common';
import { noControlChars } from './text';

// The operator's console (docs/api.md "Operators"): what its calls accept. Messages are error
// codes (docs/api.md "Errors").

/** The longest reason an operator gives for refusing a verification. */
export const VERIFICATION_REASON_MAX = 500;

/** The kinds of entry a talent asks to verify: an experience or a study centre. */
export const VERIFICATION_KINDS = ['workplace', 'study'] as const;
export type TVerificationKind = (typeof VERIFICATION_KINDS)[number];

/** `GET /admin/verifications`: the queue of entries in process (status 2, the only one kept). */
export const verificationQueueQuery = v.object({
  ...listQuery(20).entries,
  status: v.optional(v.picklist(['2'], 'choice'), '2'),
});

/** `POST /admin/verifications/{kind}/{id}`: verified (3), or rejected (4) with a reason. */
export const verificationDecisionSchema = v.pipe(
  v.object({
    verify_status_id: v.picklist([3, 4], 'choice'),
    reason: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((x) => (typeof x === 'string' && x.trim() === '' ? null : x)),
        v.nullable(
          v.pipe(
            v.string('invalid_type'),
            noControlChars(),
            v.trim(),
            v.maxLength(VERIFICATION_REASON_MAX, 'too_long'),
          ),
        ),
      ),
    ),
    lang: v.optional(lang(), 'en'),
  }),
  v.forward(
    v.check((d) => d.verify_status_id !== 4 || Boolean(d.reason), 'required'),
    ['reason'],
  ),
);
export type TVerificationDecision = v.InferOutput<typeof verificationDecisionSchema>;

/** `GET /admin/audit`. */
export const auditQuery = listQuery(20);
