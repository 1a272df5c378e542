import type { TJobApplication, TPage, TPostingKind, TProjectApplication } from './marketplace';

/** docs/api.md "Pipeline and lifecycle": the shapes of the applicant board. */

/** The talent behind a board application, as the board shows them. */
export type TBoardTalent = {
  id: number;
  name: string;
  last_name: string;
  headline: string | null;
  avatar_url: string | null;
};

/** One status change of an application (oldest first; withdrawals included). */
export type TStatusChange = {
  from: number;
  to: number;
  reason: string | null;
  actor_id: number | null;
  /** Who made the change: a member of the company, or the talent (a withdrawal). */
  actor: { id: number; name: string; last_name: string } | null;
  created_at: string;
};

/** The team's view of an application (docs/api.md "The recruiter's workbench"); never a talent's. */
type TBoardExtras = {
  talent: TBoardTalent;
  history: TStatusChange[];
  /**
   * The team's ratings: their average (one decimal) and how many members rated, null average
   * when none; `mine`, the signed-in member's own 1–5, null when they did not rate.
   */
  rating: { average: number | null; count: number; mine: number | null };
  notes_count: number;
  /** When the application entered its current status (its last move, else its creation). */
  stage_since: string;
  /** The talent was invited to apply to this posting. */
  invited: boolean;
};

export type TBoardProjectApplication = TProjectApplication & TBoardExtras;
export type TBoardJobApplication = TJobApplication & TBoardExtras;
export type TBoardApplication = TBoardProjectApplication | TBoardJobApplication;

/** How many applications of the whole posting are in each status (0–4). */
export type TBoardCounts = Record<0 | 1 | 2 | 3 | 4, number>;

/** `GET /projects/{id}/applications`: a page of board applications plus the posting's counts. */
export type TBoardPage = TPage<TBoardApplication> & { counts: TBoardCounts };

/** Which board: a project's or a job's. */
export type TBoardKey = { kind: TPostingKind; id: number };

/** `POST …/changeApplicationStatus`; `kind` and `id` (the posting) say which board it updates. */
export type TChangeStatusArgs = TBoardKey & {
  application_id: number;
  status: 0 | 1 | 2 | 3;
  reason?: string;
  lang: 'en' | 'es';
};

/** `POST /projects/start`, `/projects/end`, `/jobs/end`. */
export type TLifecycleArgs = TBoardKey & { lang: 'en' | 'es' };

/** `POST /project_applications/readytoclose`. */
export type TReadyToClose = { id: number; ready_to_close: true; message: string };

/** The board's search, filters and order (`GET /{kind}s/{id}/applications`), kept in the URL. */
export type TBoardQuery = {
  search?: string;
  min_rating?: 1 | 2 | 3 | 4 | 5;
  /** A skill's name (case aside), as `GET /skills` answers it. */
  skill?: string;
  has_cv?: boolean;
  /** Projects only: the proposal's price range and most weeks. */
  min_price?: number;
  max_price?: number;
  max_weeks?: number;
  sort?: 'applied' | 'price' | 'rating' | 'stage_time';
  order?: 'asc' | 'desc';
};

/** `POST /{kind}_applications/bulk_status`. */
export type TBulkStatusArgs = TBoardKey & {
  application_ids: number[];
  status: 0 | 1 | 2 | 3;
  reason?: string;
  lang: 'en' | 'es';
};

/** Why an application of a bulk move did not move. */
export type TBulkSkipCode = 'withdrawn' | 'same_status' | 'not_found' | 'closed' | 'changed';

export type TBulkStatusResult = {
  moved: number[];
  skipped: { id: number; code: TBulkSkipCode }[];
};

/** A member's private note on an application (`GET /{kind}_applications/{id}/notes`). */
export type TApplicationNote = {
  id: number;
  /** Null when the author's account is gone. */
  author: { id: number; name: string; last_name: string } | null;
  body: string;
  created_at: string;
  updated_at: string;
};

/** `PUT /{kind}_applications/{id}/rating`'s answer. */
export type TRatingResult = { average: number | null; count: number; mine: number | null };

/** A company's public responsiveness over 90 days; null under 10 applications. */
export type TResponsiveness = {
  /** Share (0–1) of applicants moved within 14 days of applying. */
  answered_share: number;
  /**
   * Median days (one decimal) from applying to the first move, over the moved ones; null when
   * none of the sample was moved (docs/product.md "Responsiveness").
   */
  median_days_to_first_move: number | null;
  sample: number;
} | null;

/**
 * A board card's rating as the client keeps it: the team's, plus the signed-in member's own
 * (`mine`) once known (a rating's answer carries it; the board's answer may).
 */
export type TBoardRating = TBoardApplication['rating'] & { mine?: number | null };

/** Which application's notes (`GET /{kind}_applications/{id}/notes`). */
export type TNotesKey = { kind: TPostingKind; application_id: number };

/** A note's or a rating's call: the application, and its posting (`id`) whose board follows. */
export type TNoteArgs = TBoardKey & TNotesKey;
