import * as v from 'valibot';
import type { TPostingKind } from '@/lib/kinds';
import { CONTRACT_TYPES, MODALITIES } from '@/lib/marketplace';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { isoDate, ok } from '../registry';
import { day, int, okSaid, pageOf } from './messages';

// The marketplace's answers (docs/api.md "Marketplace", "Pipeline and lifecycle", "The
// recruiter's workbench"), as server/services/marketplace/*-dto.ts and board.ts shape them;
// types/marketplace.ts and types/pipeline.ts name the same shapes for the client.

const text = () => v.string();
const orNull = <S extends v.GenericSchema>(s: S) => v.nullable(s);
const currency = () => v.pipe(v.string(), v.regex(/^[A-Z]{3}$/));
const projectStatus = v.picklist(Object.values(PROJECT_STATUS));
const jobStatus = v.picklist(Object.values(JOB_STATUS));
export const applicationStatus = v.picklist(Object.values(APPLICATION_STATUS));

// Postings (`projectDto`, `jobDto`)

const postingEntries = {
  id: int(),
  name: text(),
  summary: text(),
  description: text(),
  skills: v.array(text()),
  currency: currency(),
  modality: v.picklist(MODALITIES),
  country_code: orNull(text()),
  end_date: orNull(day()),
  owner: v.strictObject({ id: int(), name: text(), company: text() }),
  company: v.strictObject({ id: int(), slug: text(), name: text() }),
  applications_count: int(),
  created_at: isoDate(),
  accepting: v.boolean(),
  deadline_passed: v.boolean(),
  /** Whether the signed-in talent saved it; false for anyone else. */
  saved: v.boolean(),
};

const projectEntries = {
  ...postingEntries,
  budget: int(),
  weeks: int(),
  project_status_id: projectStatus,
};

const jobEntries = {
  ...postingEntries,
  requirements: orNull(text()),
  contract_type: v.picklist(CONTRACT_TYPES),
  min_salary: orNull(int()),
  max_salary: orNull(int()),
  job_status_id: jobStatus,
};

export const project = v.strictObject(projectEntries);
export const job = v.strictObject(jobEntries);

/** A company's responsiveness over 90 days; null under 10 applications. */
const responsiveness = v.nullable(
  v.strictObject({
    answered_share: v.number(),
    median_days_to_first_move: v.nullable(v.number()),
    sample: int(),
  }),
);

/** The signed-in talent's invitation to apply; null for anyone else. */
const invitation = v.nullable(
  v.strictObject({
    id: int(),
    company: v.strictObject({ name: text() }),
    message: orNull(text()),
    created_at: isoDate(),
  }),
);

const pageExtras = { responsiveness, invitation };

// Applications (`projectApplicationDto`, `jobApplicationDto`)

const applicationEntries = {
  id: int(),
  user_id: int(),
  reason: orNull(text()),
  algorand_transaction: orNull(text()),
  near_transaction: orNull(text()),
  created_at: isoDate(),
  updated_at: isoDate(),
};

const projectApplicationEntries = {
  ...applicationEntries,
  project_id: int(),
  proposal: text(),
  price_proposal: int(),
  weeks: int(),
  accepted: applicationStatus,
  shown_accepted_message: v.boolean(),
  ready_to_close: v.boolean(),
  project: v.strictObject({
    id: int(),
    name: text(),
    project_status_id: projectStatus,
    currency: currency(),
  }),
};

const jobApplicationEntries = {
  ...applicationEntries,
  job_id: int(),
  summary: text(),
  experience: orNull(text()),
  file: v.nullable(v.strictObject({ id: int(), url: text(), name: text(), size: int() })),
  selected: applicationStatus,
  job: v.strictObject({ id: int(), name: text(), job_status_id: jobStatus }),
};

export const projectApplication = v.strictObject(projectApplicationEntries);
export const jobApplication = v.strictObject(jobApplicationEntries);

// The team's view of an application (board.ts `boardRows`)

export const person = v.strictObject({ id: int(), name: text(), last_name: text() });

/** The team's ratings of an applicant, and the reader's own (ratings.ts `summary`). */
export const rating = v.strictObject({
  average: v.nullable(v.number()),
  count: int(),
  mine: v.nullable(int()),
});

const boardEntries = {
  talent: v.strictObject({
    id: int(),
    name: text(),
    last_name: text(),
    headline: orNull(text()),
    avatar_url: orNull(text()),
  }),
  history: v.array(
    v.strictObject({
      from: applicationStatus,
      to: applicationStatus,
      reason: orNull(text()),
      actor_id: v.nullable(int()),
      actor: v.nullable(person),
      created_at: isoDate(),
    }),
  ),
  rating,
  notes_count: int(),
  stage_since: isoDate(),
  invited: v.boolean(),
};

const boardApplication = {
  project: v.strictObject({ ...projectApplicationEntries, ...boardEntries }),
  job: v.strictObject({ ...jobApplicationEntries, ...boardEntries }),
};

/** How many applications of the filtered board are in each status. */
const counts = v.strictObject({ 0: int(), 1: int(), 2: int(), 3: int(), 4: int() });

const boardPage = <S extends v.GenericSchema>(item: S) =>
  v.strictObject({ ...pageOf(item).entries, counts });

/** A talent's card in `GET /talents` (talents.ts `talentPage`). */
export const talentCard = v.strictObject({
  id: int(),
  name: text(),
  last_name: text(),
  headline: orNull(text()),
  avatar_url: orNull(text()),
  country_code: orNull(text()),
  city: orNull(text()),
  skills: v.array(text()),
  languages: v.array(v.strictObject({ code: text(), name_en: text(), name_es: text() })),
  saved: v.boolean(),
});

const POSTING = { project, job } as const;
const APPLICATION = { project: projectApplication, job: jobApplication } as const;

/** Each kind's answers (the routes of a kind are mounted once per kind). */
export const marketplaceAnswers = (kind: TPostingKind) => ({
  search: ok(pageOf(POSTING[kind])),
  page: ok(v.strictObject({ ...POSTING[kind].entries, ...pageExtras })),
  posting: okSaid(POSTING[kind]),
  application: okSaid(APPLICATION[kind]),
  board: ok(boardPage(boardApplication[kind])),
  boardApplication: okSaid(boardApplication[kind]),
});

export const MARKETPLACE_ANSWERS = {
  project: marketplaceAnswers('project'),
  job: marketplaceAnswers('job'),
  /** `POST /project_applications/readytoclose` (lifecycle.ts `readyToClose`). */
  readyToClose: ok(v.strictObject({ id: int(), ready_to_close: v.literal(true), message: text() })),
  /** `GET /me/applications`: a page of one kind's applications, as `type` says. */
  myApplications: ok(v.union([pageOf(projectApplication), pageOf(jobApplication)])),
  /** `GET /me/postings`: a page of one kind's postings, as `type` says. */
  myPostings: ok(v.union([pageOf(project), pageOf(job)])),
  talents: ok(pageOf(talentCard)),
};
