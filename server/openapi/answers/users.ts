import * as v from 'valibot';
import { isoDate, ok } from '../registry';

// The user object (docs/api.md "The user object") and the accounts' answers (docs/api.md
// "Accounts"). Strict: a field added or missing in an answer fails the API suite.

const id = () => v.pipe(v.number(), v.integer());
const calendarDate = () => v.pipe(v.string(), v.isoDate());
const nullableText = () => v.nullable(v.string());

export const workplaceAnswer = v.strictObject({
  id: id(),
  workplace_name: v.string(),
  position: v.string(),
  start_date: calendarDate(),
  end_date: v.nullable(calendarDate()),
  description: nullableText(),
  work_here: v.boolean(),
  enable_business: v.boolean(),
  verify_status_id: v.number(),
});

export const studyCentreAnswer = v.strictObject({
  id: id(),
  name: v.string(),
  course_name: v.string(),
  start_date: calendarDate(),
  end_date: v.nullable(calendarDate()),
  studying_here: v.boolean(),
  description: nullableText(),
  verify_status_id: v.number(),
});

export const languageAnswer = v.strictObject({
  id: id(),
  code: v.string(),
  name: v.string(),
  name_en: v.string(),
  name_es: v.string(),
});

export const notificationAnswer = v.strictObject({
  id: id(),
  type: v.string(),
  message: v.string(),
  message_es: v.string(),
  link: nullableText(),
  been_clicked: v.boolean(),
  created_at: isoDate(),
});

const userProject = v.strictObject({
  id: id(),
  name: v.string(),
  project_status_id: v.number(),
  application: v.strictObject({
    id: id(),
    accepted: v.number(),
    shown_accepted_message: v.boolean(),
    ready_to_close: v.boolean(),
    algorand_transaction: nullableText(),
    near_transaction: nullableText(),
  }),
});

const userJob = v.strictObject({
  id: id(),
  name: v.string(),
  job_status_id: v.number(),
  application: v.strictObject({
    id: id(),
    selected: v.number(),
    algorand_transaction: nullableText(),
    near_transaction: nullableText(),
  }),
});

export const cvFileAnswer = v.strictObject({
  id: id(),
  name: v.string(),
  size: v.number(),
  mime: v.string(),
});

export const linksAnswer = v.strictObject({
  linkedin: v.optional(nullableText()),
  github: v.optional(nullableText()),
  website: v.optional(nullableText()),
});

/** What everyone who sees a profile sees (server/services/profile/dto.ts presentationDto). */
const presentation = {
  headline: nullableText(),
  about: nullableText(),
  country_code: nullableText(),
  city: nullableText(),
  avatar_url: nullableText(),
  cv_url: nullableText(),
  cv_file: v.nullable(cvFileAnswer),
  links: linksAnswer,
  email_verified: v.boolean(),
};

const lists = {
  workplaces: v.array(workplaceAnswer),
  study_centres: v.array(studyCentreAnswer),
  skills: v.array(v.strictObject({ name: v.string() })),
  roles_interest: v.array(v.strictObject({ name: v.string() })),
  languages: v.array(languageAnswer),
  projects: v.array(userProject),
  jobs: v.array(userJob),
};

/** The user's own fields without the lists: what `PATCH /users/info` answers. */
export const ownInfoAnswer = v.strictObject({
  id: id(),
  email: v.string(),
  is_talent: v.boolean(),
  person: v.strictObject({ name: v.string(), last_name: v.string(), phone: nullableText() }),
  ...presentation,
  algo_address: nullableText(),
  near_wallet: nullableText(),
  paypal_email: nullableText(),
  lang: v.picklist(['en', 'es']),
});

/** The signed-in user, to themself. */
export const selfUserAnswer = v.strictObject({
  ...ownInfoAnswer.entries,
  ...lists,
  notifications: v.array(notificationAnswer),
  is_operator: v.boolean(),
});

/** Another user's public profile (e-mail and phone only for a business they applied to). */
export const publicUserAnswer = v.strictObject({
  id: id(),
  is_talent: v.boolean(),
  ...presentation,
  ...lists,
  algo_address: nullableText(),
  near_wallet: nullableText(),
  person: v.strictObject({ name: v.string(), last_name: v.string(), phone: nullableText() }),
  email: v.optional(v.string()),
  saved: v.boolean(),
});

const message = { message: v.string(), message_es: v.string() };

export const registerAnswer = v.strictObject({
  status: v.literal(true),
  data: selfUserAnswer,
  access_token: v.string(),
  ...message,
});

export const loginAnswer = v.strictObject({
  status: v.literal(true),
  access_token: v.string(),
  data: selfUserAnswer,
});

/** `POST /users/check/email`: 200 either way; "no such account" is an ordinary answer. */
export const checkEmailAnswer = v.union([
  v.strictObject({ status: v.literal(true) }),
  v.strictObject({ status: v.literal(false), code: v.literal('not_found'), ...message }),
]);

export const messageAnswer = v.strictObject({ status: v.literal(true), ...message });

export const passwordChangedAnswer = v.strictObject({
  status: v.literal(true),
  access_token: v.string(),
  ...message,
});

export const userAnswer = ok(v.union([selfUserAnswer, publicUserAnswer]));
