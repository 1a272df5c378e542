import * as v from 'valibot';
import { email, id, lang, listQuery, optionalCountryCode, optionalPhone, pastDate } from './common';
import {
  blankOr,
  blankToNull,
  CONTROL_CHARS,
  LINE_BREAKS,
  line,
  optionalLine,
  optionalText,
} from './text';

// Profile payloads (docs/product.md "Entities and fields", "The calls"), shared by the forms and the API. Messages are error codes.

/** Limits the forms show (counters, pickers) and the schemas below enforce. */
export const PROFILE_LIMITS = {
  name: 100,
  line: 150,
  city: 100,
  headline: 160,
  text: 2000,
  phone: 32,
  link: 300,
  skill: 60,
  role: 80,
  skills: 50,
  roles: 20,
  languages: 30,
  workplaces: 100,
  studyCentres: 100,
  imageBytes: 5 * 1024 * 1024,
  fileBytes: 10 * 1024 * 1024,
  imageSide: 10_000,
} as const;

const optionalDate = () => blankOr(pastDate());

/** An end date is needed unless the entry is current, and never before the start. */
const needsEnd = (current: boolean | undefined, end: string | null | undefined) =>
  Boolean(current || end);
const endNotBeforeStart = (
  current: boolean | undefined,
  start: string,
  end: string | null | undefined,
) => Boolean(current) || !end || end >= start;

/**
 * A dated entry's checks: an end date is needed unless the entry is `current` (`work_here`,
 * `studying_here`), and never before the start; both errors stand at the end date.
 */
function endChecks<TEntry extends { start_date: string; end_date?: string | null }>(
  current: string & keyof TEntry,
) {
  const isCurrent = (e: TEntry) => e[current] as boolean | undefined;
  type TCheck = v.PipeAction<TEntry, TEntry, v.PartialCheckIssue<TEntry>>;
  const atEnd = (paths: string[][], ok: (e: TEntry) => boolean, message: string) =>
    v.forward(v.partialCheck(paths as never, ok as never, message), [
      'end_date',
    ] as never) as unknown as TCheck;
  return [
    atEnd([[current], ['end_date']], (e) => needsEnd(isCurrent(e), e.end_date), 'end_required'),
    atEnd(
      [[current], ['start_date'], ['end_date']],
      (e) => endNotBeforeStart(isCurrent(e), e.start_date, e.end_date),
      'end_before_start',
    ),
  ] as const;
}

/** The fields every dated entry has (experience, education). */
const datedEntries = {
  start_date: pastDate(),
  end_date: optionalDate(),
  description: optionalText(PROFILE_LIMITS.text),
};

const workplaceEntries = {
  workplace_name: line(1, PROFILE_LIMITS.line),
  position: line(1, PROFILE_LIMITS.line),
  ...datedEntries,
  work_here: v.optional(v.boolean('invalid_type')),
  enable_business: v.optional(v.boolean('invalid_type')),
};

/** A whole experience. `work_here` clears the end date; `verify_status_id` is not an input. */
export const workplaceSchema = /* @__PURE__ */ v.pipe(
  v.object(workplaceEntries),
  ...endChecks<v.InferOutput<v.ObjectSchema<typeof workplaceEntries, undefined>>>('work_here'),
  v.transform((e) => ({
    workplace_name: e.workplace_name,
    position: e.position,
    start_date: e.start_date,
    end_date: e.work_here ? null : (e.end_date ?? null),
    description: e.description ?? null,
    work_here: e.work_here ?? false,
    enable_business: e.enable_business ?? false,
  })),
);
export type TWorkplaceInput = v.InferInput<typeof workplaceSchema>;
export type TWorkplace = v.InferOutput<typeof workplaceSchema>;

/** A patch of a dated entry: the id and any of its fields; the merged result is validated whole. */
const patchOf = <TEntries extends v.ObjectEntries>(entries: TEntries) =>
  v.object({ ...v.partial(v.object(entries)).entries, id: id() });

/** `PATCH /user_workplaces`. */
export const workplacePatchSchema = /* @__PURE__ */ patchOf(workplaceEntries);
export type TWorkplacePatch = v.InferOutput<typeof workplacePatchSchema>;

const studyCentreEntries = {
  name: line(1, PROFILE_LIMITS.line),
  course_name: line(1, PROFILE_LIMITS.line),
  ...datedEntries,
  studying_here: v.optional(v.boolean('invalid_type')),
};

/** A whole education entry. `studying_here` clears the end date. */
export const studyCentreSchema = /* @__PURE__ */ v.pipe(
  v.object(studyCentreEntries),
  ...endChecks<v.InferOutput<v.ObjectSchema<typeof studyCentreEntries, undefined>>>(
    'studying_here',
  ),
  v.transform((e) => ({
    name: e.name,
    course_name: e.course_name,
    start_date: e.start_date,
    end_date: e.studying_here ? null : (e.end_date ?? null),
    description: e.description ?? null,
    studying_here: e.studying_here ?? false,
  })),
);
export type TStudyCentreInput = v.InferInput<typeof studyCentreSchema>;
export type TStudyCentre = v.InferOutput<typeof studyCentreSchema>;

export const studyCentrePatchSchema = /* @__PURE__ */ patchOf(studyCentreEntries);
export type TStudyCentrePatch = v.InferOutput<typeof studyCentrePatchSchema>;

/** Body of DELETE /user_workplaces and DELETE /user_study_centres. */
export const idSchema = /* @__PURE__ */ v.object({ id: id() });

/** `?page=&per_page=` of `GET /user_workplaces/list` and `/user_study_centres/list` (per_page up to 50). */
export const entryListQuery = /* @__PURE__ */ listQuery();

export const verifyStudySchema = /* @__PURE__ */ v.object({
  study_id: id(),
  lang: v.optional(lang(), 'en'),
});

/** Body of `POST /user_workplaces/verify`, the experiences' twin of the study centres' call. */
export const verifyWorkplaceSchema = /* @__PURE__ */ v.object({
  workplace_id: id(),
  lang: v.optional(lang(), 'en'),
});

export const skillSchema = /* @__PURE__ */ v.object({ name: line(1, PROFILE_LIMITS.skill) });
export const roleInterestSchema = /* @__PURE__ */ v.object({ name: line(1, PROFILE_LIMITS.role) });
export const languageSchema = /* @__PURE__ */ v.object({ language_id: id() });

export const skillSearchSchema = /* @__PURE__ */ v.object({
  search: v.optional(
    v.pipe(
      v.string('invalid_type'),
      v.maxLength(PROFILE_LIMITS.skill, 'too_long'),
      v.transform((s) => s.replace(/\s+/g, ' ').trim()),
    ),
  ),
});

/** A URL of one of our own uploads, as `POST /image` and `POST /file` answer it. */
export const UPLOAD_URL_RE = /^\/api\/uploads\/[a-f0-9]{32}\.(png|jpg|webp|pdf|doc|docx)$/;
export const uploadUrl = () =>
  blankOr(
    v.pipe(
      v.string('invalid_type'),
      v.maxLength(300, 'too_long'),
      v.regex(UPLOAD_URL_RE, 'upload_first'),
    ),
  );

/** A web address (http or https). The URL parser drops tabs and line breaks silently: refused. */
export const link = () =>
  blankOr(
    v.pipe(
      v.string('invalid_type'),
      v.check((s: string) => !CONTROL_CHARS.test(s), 'control_characters'),
      v.check((s: string) => !LINE_BREAKS.test(s), 'line_breaks'),
      v.trim(),
      v.maxLength(PROFILE_LIMITS.link, 'too_long'),
      v.url('url'),
      v.check((s: string) => /^https?:\/\//i.test(s), 'url'),
    ),
  );

/** `PATCH /users/info`: any of the personal and professional fields; null clears. */
export const userInfoSchema = /* @__PURE__ */ v.object({
  name: v.optional(line(1, PROFILE_LIMITS.name)),
  last_name: v.optional(line(0, PROFILE_LIMITS.name)),
  phone: optionalPhone(),
  country_code: optionalCountryCode(),
  city: optionalLine(PROFILE_LIMITS.city),
  headline: optionalLine(PROFILE_LIMITS.headline),
  about: optionalText(PROFILE_LIMITS.text),
  avatar_url: uploadUrl(),
  links: v.optional(
    v.nullable(v.object({ linkedin: link(), github: link(), website: link() }, 'invalid_type')),
  ),
  cv_url: uploadUrl(),
});
export type TUserInfoInput = v.InferInput<typeof userInfoSchema>;
export type TUserInfo = v.InferOutput<typeof userInfoSchema>;

/** Shape of an Algorand address; the checksum is checked on the server with algosdk. */
export const algoAddressSchema = /* @__PURE__ */ v.object({
  algo_address: v.nullable(
    v.pipe(v.string('invalid_type'), v.trim(), v.regex(/^[A-Z2-7]{58}$/, 'algo_address')),
  ),
});

/** NEAR account ids (named or 64-hex implicit), as nearcore's validation rules state them. */
export const NEAR_ACCOUNT_RE = /^(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/;
export const nearWalletSchema = /* @__PURE__ */ v.object({
  near_wallet: v.nullable(
    v.pipe(
      v.string('invalid_type'),
      v.trim(),
      v.minLength(2, 'near_account'),
      v.maxLength(64, 'near_account'),
      v.regex(NEAR_ACCOUNT_RE, 'near_account'),
    ),
  ),
});

export const paypalEmailSchema = /* @__PURE__ */ v.object({
  paypal_email: v.pipe(v.unknown(), v.transform(blankToNull), v.nullable(email())),
});
