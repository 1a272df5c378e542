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
  created_at: string;
};

type TBoardExtras = { talent: TBoardTalent; history: TStatusChange[] };

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
