import { sql } from 'drizzle-orm';
import { userStudyCentres, userWorkplaces, users } from '@/db/schema';

// How profile rows leave the API (docs/api.md "The user object"): the user object and the
// answers of the writes that change one part of it use these same shapes.

type TUserRow = typeof users.$inferSelect;

export const workplaceDto = (w: typeof userWorkplaces.$inferSelect) => ({
  id: w.id,
  workplace_name: w.workplaceName,
  position: w.position,
  start_date: w.startDate,
  end_date: w.endDate,
  description: w.description,
  work_here: w.workHere,
  enable_business: w.enableBusiness,
  verify_status_id: w.verifyStatusId,
});

export const studyCentreDto = (s: typeof userStudyCentres.$inferSelect) => ({
  id: s.id,
  name: s.name,
  course_name: s.courseName,
  start_date: s.startDate,
  end_date: s.endDate,
  studying_here: s.studyingHere,
  description: s.description,
  verify_status_id: s.verifyStatusId,
});

/** A `languages` entry: `name` in the user's language, both names for a viewer in another. */
export const languageDto = (
  l: { id: number; code: string; nameEn: string; nameEs: string },
  userLang: string,
) => ({
  id: l.id,
  code: l.code,
  name: userLang === 'es' ? l.nameEs : l.nameEn,
  name_en: l.nameEn,
  name_es: l.nameEs,
});

/** The stored CV's upload: its id (a job application can name it), name, size and type. */
export type TCvFile = { id: number; name: string; size: number; mime: string };

/** The storage key at the end of one of our upload URLs. */
export const uploadKeyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/**
 * The uploaded CV's id, name, size and type as stored with it (the upload's key ends its URL), as
 * JSON, or null: a subquery of a statement on `users` (a select or an UPDATE's RETURNING).
 */
export const CV_FILE_JSON = sql`(
  select json_build_object('id', f.id, 'name', f.original_name, 'size', f.size, 'mime', f.mime)
  from uploads f where f.storage_key = regexp_replace("users"."cv_url", '^.*/', ''))`;

/** How the user presents themself: what everyone who sees the profile sees beside the lists. */
export const presentationDto = (user: TUserRow, cvFile: TCvFile | null) => ({
  headline: user.headline,
  about: user.about,
  country_code: user.countryCode,
  city: user.city,
  avatar_url: user.avatarUrl,
  cv_url: user.cvUrl,
  cv_file: cvFile,
  links: user.links ?? {},
  /** The address was confirmed by its link: a badge (docs/product.md "One's own account"). */
  email_verified: user.emailVerifiedAt !== null,
});

/**
 * The user's own fields, without the lists: what `PATCH /users/info` answers, and the core of the
 * user object shown to the user themself.
 */
export const ownInfoDto = (user: TUserRow, cvFile: TCvFile | null) => ({
  id: user.id,
  email: user.email,
  is_talent: user.isTalent,
  person: { name: user.name, last_name: user.lastName, phone: user.phone },
  ...presentationDto(user, cvFile),
  algo_address: user.algoAddress,
  near_wallet: user.nearWallet,
  paypal_email: user.paypalEmail,
  lang: user.lang as 'en' | 'es',
});
