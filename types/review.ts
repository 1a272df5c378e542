import type { TPostingKind } from './marketplace';
import type { TProofNetwork, TProofVerdict } from './proof';

// Reviews of finished work (docs/api.md "Reviews"): what the API answers.

export type TReviewSide = 'talent' | 'company';

/** A published review, as the public lists answer it. */
export type TReview = {
  id: number;
  rating: number;
  body: string;
  /** Who wrote it; `deleted` when that account is gone (its name reads "Former user"). */
  author: { name: string; company?: string; deleted: boolean };
  posting: { kind: TPostingKind; id: number; name: string };
  /** The work's on-chain record and whether the chain confirms it; absent without one. */
  proof?: { network: TProofNetwork; tx_id: string; verdict: TProofVerdict };
  reply?: { body: string; created_at: string };
  /** Only to the reviewed side (signed in): whether they may still reply to it. */
  can_reply?: boolean;
  created_at: string;
};

/** `GET /users/{id}/reviews`, `GET /companies/{slug}/reviews`: a page with the average. */
export type TReviewPage = {
  data: TReview[];
  total: number;
  page: number;
  per_page: number;
  last_page: number;
  /** Over all published reviews, one decimal; null with none. */
  average: number | null;
  count: number;
};

/** One's own review, as the author reads it (before it is published too). */
export type TOwnReview = {
  id: number;
  kind: TPostingKind;
  application_id: number;
  side: TReviewSide;
  rating: number;
  body: string;
  /** Published: both sides wrote or the window closed. */
  visible: boolean;
  reply?: { body: string; created_at: string };
  created_at: string;
};

/** `GET /me/reviews?kind=&application_id=`: where the caller's side stands on one application. */
export type TReviewState = {
  kind: TPostingKind;
  application_id: number;
  side: TReviewSide;
  posting: { kind: TPostingKind; id: number; name: string };
  /** Whom this side reviews: the company's name, or the talent's. */
  counterpart: { name: string };
  /** The window: from the finish, 14 days; null while the work is not finished or not hired. */
  opens_at: string | null;
  closes_at: string | null;
  /** The caller's side may write now. */
  open: boolean;
  mine: TOwnReview | null;
  /** The other side's review: not written, written but still hidden, or published. */
  other:
    | { state: 'none' }
    | { state: 'waiting' }
    | { state: 'visible'; review: TOwnReview & { can_reply: boolean } };
};
