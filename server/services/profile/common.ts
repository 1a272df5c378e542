import type { Db } from '@/db/client';
import type { TAuthUser } from '@/server/context';
import { AppError } from '@/server/errors';

/** What a profile service verb works with: the database, the signed-in caller and the clock. */
export type TProfileCtx = { db: Db; user: TAuthUser; now: Date };

/** The API's list shape (API.md "Lists"). */
export function paginated<T>(data: T[], total: number, page: number, perPage: number) {
  return {
    data,
    total,
    page,
    per_page: perPage,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** Keys of `patch` that were sent (undefined means "leave as it is"). */
export function sentFields<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Start dates cannot be in the future. "Today" is taken in the most advanced time zone
 * (UTC+14), so that nobody's today is refused because the server runs on UTC.
 */
export function assertStartNotInFuture(startDate: string, now: Date): void {
  const latestToday = new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
  if (startDate > latestToday) {
    throw new AppError('invalid_input', {
      errors: [{ path: 'start_date', message: 'The start date cannot be in the future.' }],
    });
  }
}

/** A list that reached its size limit: a 400 naming the limit in both languages. */
export function tooMany(what: [string, string], max: number): AppError {
  return new AppError('invalid_input', {
    message: `You can have at most ${max} ${what[0]}.`,
    messageEs: `Puedes tener como máximo ${max} ${what[1]}.`,
  });
}
