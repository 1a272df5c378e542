import * as v from 'valibot';
import { VERIFY_STATUS } from '@/lib/statuses';
import { done, ok } from '../registry';
import { day, doneSaid, int, okSaid, pageOf } from './messages';

// The answers of the profile's writes and lists (docs/api.md "Writes answer what they changed",
// "Lists"), as server/services/profile/dto.ts shapes them.

const verifyStatus = v.picklist(Object.values(VERIFY_STATUS));

/** An experience (`workplaceDto`). */
export const workplace = v.strictObject({
  id: int(),
  workplace_name: v.string(),
  position: v.string(),
  start_date: day(),
  end_date: v.nullable(day()),
  description: v.nullable(v.string()),
  work_here: v.boolean(),
  enable_business: v.boolean(),
  verify_status_id: verifyStatus,
});

const studyCentreEntries = {
  id: int(),
  name: v.string(),
  course_name: v.string(),
  start_date: day(),
  end_date: v.nullable(day()),
  studying_here: v.boolean(),
  description: v.nullable(v.string()),
  verify_status_id: verifyStatus,
};

/** An education entry (`studyCentreDto`). */
export const studyCentre = v.strictObject(studyCentreEntries);

/** `POST /user_study_centres`: the entry, and whether the platform knows the centre. */
export const createdStudyCentre = v.strictObject({ ...studyCentreEntries, is_known: v.boolean() });

/** An entry of the user object's `languages` (`languageDto`). */
export const userLanguage = v.strictObject({
  id: int(),
  code: v.string(),
  name: v.string(),
  name_en: v.string(),
  name_es: v.string(),
});

/** A skill or a role of interest, as stored. */
export const named = v.strictObject({ name: v.string() });

const orNull = () => v.nullable(v.string());

/** `PATCH /users/info`: the user's own fields without the lists (`ownInfoDto`). */
export const ownInfo = v.strictObject({
  id: int(),
  email: v.string(),
  is_talent: v.boolean(),
  person: v.strictObject({ name: v.string(), last_name: v.string(), phone: orNull() }),
  headline: orNull(),
  about: orNull(),
  country_code: orNull(),
  city: orNull(),
  avatar_url: orNull(),
  cv_url: orNull(),
  cv_file: v.nullable(
    v.strictObject({ id: int(), name: v.string(), size: int(), mime: v.string() }),
  ),
  // Only the links set are stored (a null removes one).
  links: v.strictObject({
    linkedin: v.optional(v.string()),
    github: v.optional(v.string()),
    website: v.optional(v.string()),
  }),
  email_verified: v.boolean(),
  algo_address: orNull(),
  near_wallet: orNull(),
  paypal_email: orNull(),
  lang: v.picklist(['en', 'es']),
});

export const PROFILE_ANSWERS = {
  workplaces: ok(pageOf(workplace)),
  workplace: okSaid(workplace),
  studyCentres: ok(pageOf(studyCentre)),
  studyCentre: okSaid(studyCentre),
  createdStudyCentre: okSaid(createdStudyCentre),
  deleted: doneSaid(),
  skills: ok(v.array(v.string())),
  cleared: done(),
  named: ok(named),
  language: ok(userLanguage),
  ownInfo: okSaid(ownInfo),
  algoAddress: okSaid(v.strictObject({ algo_address: orNull() })),
  nearWallet: okSaid(v.strictObject({ near_wallet: orNull() })),
  paypalEmail: okSaid(v.strictObject({ paypal_email: orNull() })),
};
