import { latestToday } from '@/lib/schemas/common';
import { AppError } from '@/server/errors';

/** The API's list shape (docs/api.md "Lists"). */
export function paginated<T>(data: T[], total: number, page: number, perPage: number) {
  return {
    data,
    total,
    page,
    per_page: perPage,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** A page of a list, as listQuery() (lib/schemas/common.ts) reads it. */
export type TPage = { page: number; per_page: number };

/** Keys of `patch` that were sent (undefined means "leave as it is"). */
export function sentFields<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Start dates cannot be in the future. The schema checked against the wall clock; this checks
 * against the request's clock (which tests move). "Today" is taken in the most advanced time
 * zone (UTC+14), so that nobody's today is refused because the server runs on UTC.
 */
export function assertStartNotInFuture(startDate: string, now: Date): void {
  if (startDate > latestToday(now)) {
    throw AppError.invalidField('start_date', 'date_future', {
      message: 'The start date cannot be in the future.',
      messageEs: 'La fecha de inicio no puede estar en el futuro.',
    });
  }
}

/**
 * A list that reached its size limit (lib/schemas/profile.ts PROFILE_LIMITS): a 400 on the list's
 * field of the user object, naming the limit in both languages.
 */
export function tooMany(list: string, what: [string, string], max: number): AppError {
  return new AppError('invalid_input', {
    message: `You can have at most ${max} ${what[0]}.`,
    messageEs: `Puedes tener como máximo ${max} ${what[1]}.`,
    errors: [{ path: list, code: 'too_many', params: { max } }],
  });
}
