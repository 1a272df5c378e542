import * as v from 'valibot';
import { POSTING_KINDS } from '@/lib/kinds';
import { id, lang, listQuery } from './common';
import { noControlChars } from './text';

// Reviews of finished work (docs/api.md "Reviews", docs/product.md "Reviews"): the inputs of their
// calls, shared by the server and the review dialog. Messages are error codes (docs/api.md
// "Errors").

export const REVIEW_LIMITS = {
  /** A review's and a reply's text, in characters once trimmed (line breaks kept). */
  body: 2000,
  /** Days the window stays open after the work finished. */
  windowDays: 14,
  /** Days before the window closes when the sides still to write are reminded. */
  closingDays: 3,
  /** Reviews a page of a profile's list holds unless told (at most 50). */
  perPage: 10,
} as const;

/** A review's or a reply's text: 1 to 2000 characters once trimmed, control characters refused. */
export const reviewText = () =>
  v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(REVIEW_LIMITS.body, 'too_long'),
  );

/** `POST /reviews`. */
export const newReviewSchema = /* @__PURE__ */ v.object({
  kind: v.picklist(POSTING_KINDS, 'choice'),
  application_id: id(),
  rating: v.pipe(
    v.number('invalid_type'),
    v.integer('integer'),
    v.minValue(1, 'too_small'),
    v.maxValue(5, 'too_large'),
  ),
  body: reviewText(),
  lang: v.optional(lang(), 'en'),
});
export type TNewReviewInput = v.InferInput<typeof newReviewSchema>;

/** `POST /reviews/{id}/reply`. */
export const reviewReplySchema = /* @__PURE__ */ v.object({
  body: reviewText(),
  lang: v.optional(lang(), 'en'),
});

/** `GET /me/reviews`: the application whose review state the caller reads. */
export const reviewStateQuery = /* @__PURE__ */ v.object({
  kind: v.picklist(POSTING_KINDS, 'choice'),
  application_id: id(),
});

/** `GET /users/{id}/reviews`, `GET /companies/{slug}/reviews`: a page of published reviews. */
export const reviewsQuery = /* @__PURE__ */ listQuery(REVIEW_LIMITS.perPage);
