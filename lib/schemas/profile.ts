import { z } from 'zod';
import { CONTROL_CHARS, CONTROL_CHARS_MESSAGE, LINE_BREAKS, LINE_BREAKS_MESSAGE } from './text';

// Profile payloads, shared by the forms (client) and the API (server). Only zod may be imported
// here: the browser bundles this file.

/** The largest value of PostgreSQL's `integer`: a bigger id is "not found", never a 500. */
const MAX_ID = 2_147_483_647;

/** A positive integer id; numeric strings are accepted too (form values). */
export const ZId = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(MAX_ID));

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A one-line text: no control characters nor line breaks; trimmed, runs of spaces collapsed. */
export const line = (min: number, max: number) =>
  z
    .string()
    .max(max * 4, `At most ${max} characters.`)
    .refine((s) => !CONTROL_CHARS.test(s), CONTROL_CHARS_MESSAGE)
    .refine((s) => !LINE_BREAKS.test(s), LINE_BREAKS_MESSAGE)
    .transform(collapse)
    .pipe(
      z
        .string()
        .min(min, min === 1 ? 'Required.' : `At least ${min} characters.`)
        .max(max, `At most ${max} characters.`),
    );

/**
 * A phone number as people write it: digits, spaces and + ( ) . -, with at least one digit.
 * Registration and the personal section share it, so one can always save what the other took.
 */
export const ZPhone = z
  .string()
  .trim()
  .max(32, 'At most 32 characters.')
  .regex(/^[0-9 +().-]*[0-9][0-9 +().-]*$/, 'Use digits, spaces and + ( ) . - only.');

/** An optional one-line text: empty means null. */
const optionalLine = (max: number) => z.preprocess(emptyToNull, line(1, max).nullable()).optional();

/** An optional multi-line text (tabs and line breaks allowed): trimmed, empty means null. */
const optionalText = (max: number) =>
  z
    .preprocess(
      emptyToNull,
      z
        .string()
        .refine((s) => !CONTROL_CHARS.test(s), CONTROL_CHARS_MESSAGE)
        .transform((s) => s.trim())
        .pipe(z.string().max(max, `At most ${max} characters.`))
        .nullable(),
    )
    .optional();

/** Whether `s` (YYYY-MM-DD) names a day of the calendar: 2023-02-30 does not. */
export function isRealDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A calendar date as YYYY-MM-DD, from 1900 on. */
export const ZDate = z.string().superRefine((s, ctx) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s))
    ctx.addIssue({ code: 'custom', message: 'Use the format YYYY-MM-DD.' });
  else if (!isRealDate(s)) ctx.addIssue({ code: 'custom', message: 'This date does not exist.' });
  else if (s < '1900-01-01')
    ctx.addIssue({ code: 'custom', message: 'The date is too far in the past.' });
});

const ZOptionalDate = z.preprocess(emptyToNull, ZDate.nullable()).optional();

type TDated = { start_date: string; end_date?: string | null };

/** End date: needed unless the entry is current (`flag`), and never before the start. */
function endDateRule<K extends string>(flag: K, label: string) {
  return (v: TDated & Partial<Record<K, boolean>>, ctx: z.RefinementCtx) => {
    if (v[flag]) return;
    if (!v.end_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `Required unless you ${label}.`,
      });
    } else if (v.end_date < v.start_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: 'The end date cannot be before the start date.',
      });
    }
  };
}

/** The fields of an experience, each as sent (no defaults: PATCH merges with the stored row). */
export const ZWorkplaceFields = z.object({
  workplace_name: line(1, 150),
  position: line(1, 150),
  start_date: ZDate,
  end_date: ZOptionalDate,
  description: optionalText(2000),
  work_here: z.boolean().optional(),
  enable_business: z.boolean().optional(),
});

/** A whole experience. `work_here` clears the end date; `verify_status_id` is not an input. */
export const ZWorkplaceInput = ZWorkplaceFields.superRefine(
  endDateRule('work_here', 'still work here'),
).transform((v) => ({
  workplace_name: v.workplace_name,
  position: v.position,
  start_date: v.start_date,
  end_date: v.work_here ? null : (v.end_date ?? null),
  description: v.description ?? null,
  work_here: v.work_here ?? false,
  enable_business: v.enable_business ?? false,
}));
export type TWorkplaceInput = z.input<typeof ZWorkplaceInput>;
export type TWorkplace = z.output<typeof ZWorkplaceInput>;

/** `PATCH /user_workplaces`: the id and any fields; the result is validated as a whole. */
export const ZWorkplacePatchInput = ZWorkplaceFields.partial().extend({ id: ZId });
export type TWorkplacePatchInput = z.input<typeof ZWorkplacePatchInput>;
export type TWorkplacePatch = z.output<typeof ZWorkplacePatchInput>;

export const ZStudyCentreFields = z.object({
  name: line(1, 150),
  course_name: line(1, 150),
  start_date: ZDate,
  end_date: ZOptionalDate,
  description: optionalText(2000),
  studying_here: z.boolean().optional(),
});

/** A whole education entry. `studying_here` clears the end date. */
export const ZStudyCentreInput = ZStudyCentreFields.superRefine(
  endDateRule('studying_here', 'are still studying here'),
).transform((v) => ({
  name: v.name,
  course_name: v.course_name,
  start_date: v.start_date,
  end_date: v.studying_here ? null : (v.end_date ?? null),
  description: v.description ?? null,
  studying_here: v.studying_here ?? false,
}));
export type TStudyCentreInput = z.input<typeof ZStudyCentreInput>;
export type TStudyCentre = z.output<typeof ZStudyCentreInput>;

export const ZStudyCentrePatchInput = ZStudyCentreFields.partial().extend({ id: ZId });
export type TStudyCentrePatchInput = z.input<typeof ZStudyCentrePatchInput>;
export type TStudyCentrePatch = z.output<typeof ZStudyCentrePatchInput>;

/** Body of DELETE /user_workplaces and DELETE /user_study_centres. */
export const ZIdInput = z.object({ id: ZId });

export const ZVerifyStudyInput = z.object({
  study_id: ZId,
  lang: z.enum(['en', 'es']).default('en'),
});

export const ZSkillInput = z.object({ name: line(1, 60) });
export const ZRoleInterestInput = z.object({ name: line(1, 80) });
export const ZLanguageInput = z.object({ language_id: ZId });

export const ZSkillSearchQuery = z.object({
  search: z.string().max(60, 'At most 60 characters.').transform(collapse).optional(),
});

/** Page of a profile list: `page` from 1, `per_page` up to 50. */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(50),
});

/** A URL of one of our own uploads, as `POST /image` and `POST /file` answer it. */
export const UPLOAD_URL_RE = /^\/api\/uploads\/[a-f0-9]{32}\.(png|jpg|webp|pdf|doc|docx)$/;
const ZUploadUrl = z
  .preprocess(
    emptyToNull,
    z.string().max(300).regex(UPLOAD_URL_RE, 'Upload the file first.').nullable(),
  )
  .optional();

const ZLink = z
  .preprocess(
    emptyToNull,
    z
      .string()
      // The URL parser drops tabs and line breaks silently: refuse them instead.
      .refine((s) => !CONTROL_CHARS.test(s) && !LINE_BREAKS.test(s), LINE_BREAKS_MESSAGE)
      .trim()
      .max(300, 'At most 300 characters.')
      .pipe(z.url({ protocol: /^https?$/, message: 'Use a web address (http or https).' }))
      .nullable(),
  )
  .optional();

/** `PATCH /users/info`: any of the personal and professional fields; null clears. */
export const ZUserInfoInput = z.object({
  name: line(1, 100).optional(),
  last_name: line(0, 100).optional(),
  phone: z.preprocess(emptyToNull, ZPhone.nullable()).optional(),
  country_code: z
    .preprocess(
      emptyToNull,
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'Choose a country.')
        .nullable(),
    )
    .optional(),
  city: optionalLine(100),
  headline: optionalLine(160),
  about: optionalText(2000),
  avatar_url: ZUploadUrl,
  links: z.object({ linkedin: ZLink, github: ZLink, website: ZLink }).nullable().optional(),
  cv_url: ZUploadUrl,
});
export type TUserInfoInput = z.input<typeof ZUserInfoInput>;

/** Shape of an Algorand address; the checksum is checked on the server with algosdk. */
export const ZAlgoAddressInput = z.object({
  algo_address: z
    .string()
    .trim()
    .regex(/^[A-Z2-7]{58}$/, 'Not a valid Algorand address.')
    .nullable(),
});

/** NEAR account ids (named or 64-hex implicit), as nearcore's validation rules state them. */
export const NEAR_ACCOUNT_RE = /^(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/;
export const ZNearWalletInput = z.object({
  near_wallet: z
    .string()
    .trim()
    .min(2, 'Not a valid NEAR account.')
    .max(64, 'Not a valid NEAR account.')
    .regex(NEAR_ACCOUNT_RE, 'Not a valid NEAR account.')
    .nullable(),
});

export const ZPaypalEmailInput = z.object({
  paypal_email: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(254, 'At most 254 characters.')
      .pipe(z.email('Not a valid e-mail.'))
      .nullable(),
  ),
});
