import * as v from 'valibot';
import { blankOr, noControlChars } from './text';

// Values many inputs share. Messages are error codes (docs/api.md "Errors").

/** The largest value of PostgreSQL's `integer`: a larger id is "not found", never a 500. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id; numeric strings are accepted too (form values). */
export const id = () =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number))], 'id'),
    v.integer('id'),
    v.minValue(1, 'id'),
    v.maxValue(MAX_ID, 'id'),
  );

export const lang = () => v.picklist(['en', 'es'], 'choice');

/** An e-mail address, trimmed. */
export const email = () =>
  v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(254, 'too_long'),
    v.email('email'),
  );

/** Passwords chosen now: 8 to 128 characters, kept whole (Argon2 does not truncate). */
export const PASSWORD = { min: 8, max: 128 } as const;
export const newPassword = () =>
  v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.nonEmpty('required'),
    v.minLength(PASSWORD.min, 'too_short'),
    v.maxLength(PASSWORD.max, 'too_long'),
  );

/**
 * A phone number as people write it: digits, spaces and + ( ) . -, with at least one digit.
 * Registration and the personal section share it, so one can always save what the other took.
 */
export const phone = () =>
  v.pipe(
    v.string('invalid_type'),
    v.trim(),
    v.maxLength(32, 'too_long'),
    v.regex(/^[0-9 +().-]*[0-9][0-9 +().-]*$/, 'phone'),
  );

/** An optional phone: empty means null. */
export const optionalPhone = () => blankOr(phone());

/** An ISO 3166 alpha-2 code in any case, or empty (none); the server checks it is a country. */
export const optionalCountryCode = () =>
  blankOr(
    v.pipe(v.string('invalid_type'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'country')),
  );

/** Whether `s` (YYYY-MM-DD) names a day of the calendar: 2023-02-30 does not. */
export function isRealDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The latest calendar date anywhere on Earth (UTC+14): a date after it is in the future for
 * everyone, so a user ahead of UTC can still give their own today.
 */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A past (or today's) calendar date as YYYY-MM-DD, from 1900 on. */
export const pastDate = () =>
  v.pipe(
    v.string('invalid_type'),
    v.nonEmpty('required'),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, 'date_format'),
    v.check(isRealDate, 'date_invalid'),
    v.check((s: string) => s >= '1900-01-01', 'date_too_old'),
    v.check((s: string) => s <= latestToday(), 'date_future'),
  );

/** Page of a list: `page` from 1, `per_page` up to `max` (query strings or numbers). */
const pageNumber = (max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.union(
        [v.number(), v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number))],
        'integer',
      ),
      v.integer('integer'),
      v.minValue(1, 'too_small'),
      v.maxValue(max, 'too_large'),
    ),
    fallback,
  );

export const listQuery = (perPage = 50) =>
  v.object({ page: pageNumber(100_000, 1), per_page: pageNumber(50, perPage) });
