import * as v from 'valibot';
import { POSTING_KINDS } from '@/lib/kinds';
import { REPORT_STATUSES, REPORT_TARGET_KINDS } from '@/lib/schemas/trust';
import { isoDate } from '../registry';
import { int, pageOf } from './messages';
import { studyCentre, workplace } from './profile';

// The answers of reviews, reports and the operators' console (docs/api.md "Reviews", "Reports",
// "Operators"), as server/services/trust/* shape them.

const postingKind = v.picklist(POSTING_KINDS);
const side = v.picklist(['talent', 'company']);
const reply = v.strictObject({ body: v.string(), created_at: isoDate() });

const ownReviewEntries = {
  id: int(),
  kind: postingKind,
  application_id: int(),
  side,
  rating: int(),
  body: v.string(),
  /** Published: both sides wrote or the window closed. */
  visible: v.boolean(),
  /** Present once the reviewed side replied. */
  reply: v.optional(reply),
  created_at: isoDate(),
};

/** One's own review (`ownDto`): `POST /reviews`, `POST /reviews/{id}/reply`. */
export const ownReview = v.strictObject(ownReviewEntries);

/** `GET /me/reviews`: where the caller's side stands on one application. */
export const reviewState = v.strictObject({
  kind: postingKind,
  application_id: int(),
  side,
  posting: v.strictObject({ kind: postingKind, id: int(), name: v.string() }),
  counterpart: v.strictObject({ name: v.string() }),
  opens_at: v.nullable(isoDate()),
  closes_at: v.nullable(isoDate()),
  open: v.boolean(),
  mine: v.nullable(ownReview),
  other: v.variant('state', [
    v.strictObject({ state: v.literal('none') }),
    v.strictObject({ state: v.literal('waiting') }),
    v.strictObject({
      state: v.literal('visible'),
      review: v.strictObject({ ...ownReviewEntries, can_reply: v.boolean() }),
    }),
  ]),
});

/**
 * A published review, as the public lists answer it: `author.company` on a company's review of
 * a talent, `proof` when the work has an on-chain record, `reply` once replied, `can_reply` only
 * to the reviewed side.
 */
export const publishedReview = v.strictObject({
  id: int(),
  rating: int(),
  body: v.string(),
  author: v.strictObject({
    name: v.string(),
    company: v.optional(v.string()),
    deleted: v.boolean(),
  }),
  posting: v.strictObject({ kind: postingKind, id: int(), name: v.string() }),
  proof: v.optional(
    v.strictObject({
      network: v.picklist(['algorand', 'near']),
      tx_id: v.string(),
      verdict: v.picklist(['verified', 'mismatched', 'not_found', 'unreachable']),
    }),
  ),
  reply: v.optional(reply),
  can_reply: v.optional(v.boolean()),
  created_at: isoDate(),
});

/** `GET /users/{id}/reviews`, `GET /companies/{slug}/reviews`: a page with the average. */
export const reviewPage = v.strictObject({
  ...pageOf(publishedReview).entries,
  average: v.nullable(v.number()),
  count: int(),
});

const personRef = v.strictObject({ id: int(), name: v.string(), last_name: v.string() });
const talent = v.strictObject({
  id: int(),
  name: v.string(),
  last_name: v.string(),
  email: v.string(),
});

/** `GET /admin/verifications`: an entry in process, with its talent. */
export const verificationItem = v.variant('kind', [
  v.strictObject({
    kind: v.literal('workplace'),
    id: int(),
    talent,
    entry: workplace,
    requested_at: isoDate(),
  }),
  v.strictObject({
    kind: v.literal('study'),
    id: int(),
    talent,
    entry: studyCentre,
    requested_at: isoDate(),
  }),
]);

/** `POST /admin/verifications/{kind}/{id}`: the entry decided. */
export const decidedEntry = v.union([workplace, studyCentre]);

/** An operator's act; each action with its own target. */
const act = <A extends v.GenericSchema, T extends v.GenericSchema>(action: A, target: T) =>
  v.strictObject({
    id: int(),
    /** Null for the command line's grants and revocations. */
    operator: v.nullable(personRef),
    action,
    target,
    created_at: isoDate(),
  });

/** `GET /admin/audit`: one act of an operator (server/services/trust/*: `recordOperatorAct`). */
export const operatorAct = v.union([
  act(
    v.picklist(['report.dismissed', 'report.hidden', 'user.suspended']),
    v.strictObject({
      report_id: int(),
      target_kind: v.picklist(REPORT_TARGET_KINDS),
      target_id: int(),
      posting_kind: v.nullable(postingKind),
      user_id: v.nullable(int()),
      note: v.nullable(v.string()),
    }),
  ),
  act(
    v.picklist(['verification.verified', 'verification.rejected']),
    v.strictObject({
      kind: v.picklist(['workplace', 'study']),
      id: int(),
      user_id: int(),
      place: v.string(),
      reason: v.optional(v.string()),
    }),
  ),
  act(
    v.picklist(['user.unsuspended', 'operator.granted', 'operator.revoked']),
    v.strictObject({ user_id: int(), email: v.string() }),
  ),
]);

/** `POST /reports`: the report written. */
export const reportCreated = v.strictObject({
  id: int(),
  target_kind: v.picklist(REPORT_TARGET_KINDS),
  target_id: int(),
  posting_kind: v.nullable(postingKind),
  status: v.picklist(REPORT_STATUSES),
  created_at: isoDate(),
});

/** A report as the operators' queue answers it (`queueDto`). */
export const reportItem = v.strictObject({
  id: int(),
  target_kind: v.picklist(REPORT_TARGET_KINDS),
  target_id: int(),
  posting_kind: v.nullable(postingKind),
  target: v.strictObject({ label: v.string(), url: v.nullable(v.string()), hidden: v.boolean() }),
  author: v.nullable(
    v.strictObject({
      id: int(),
      name: v.string(),
      last_name: v.string(),
      email: v.string(),
      suspended: v.boolean(),
    }),
  ),
  reporter: v.nullable(personRef),
  reason: v.string(),
  status: v.picklist(REPORT_STATUSES),
  note: v.nullable(v.string()),
  resolved_by: v.nullable(personRef),
  resolved_at: v.nullable(isoDate()),
  created_at: isoDate(),
});

/** `GET /admin/users/{id}`, `POST /admin/users/{id}/unsuspend` (`adminUserDto`). */
export const adminUser = v.strictObject({
  id: int(),
  name: v.string(),
  last_name: v.string(),
  email: v.string(),
  is_talent: v.boolean(),
  suspended: v.boolean(),
  suspended_at: v.nullable(isoDate()),
  hidden: v.boolean(),
  deleted: v.boolean(),
});
