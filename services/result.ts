import type { TFunction } from 'i18next';

/** What every client service answers (seed §8): hasError, a message in the language in use, data. */
export type TResult<T> = { hasError: boolean; message: string; data: T | null };

export const ok = <T>(data: T, message = ''): TResult<T> => ({ hasError: false, message, data });
export const fail = <T = never>(message: string): TResult<T> => ({
  hasError: true,
  message,
  data: null,
});

/** The active language and its translate function (react-i18next's `i18n`), for messages. */
export type TI18n = { t: TFunction; language: string };
