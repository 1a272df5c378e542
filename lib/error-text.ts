import type { TFunction } from 'i18next';
import type { TFieldError } from '@/lib/schemas/validate';

/** What a failed call or check says: a code of the API's vocabulary and its parameters. */
type TError = { code: string; params?: Record<string, string | number>; retryAfter?: number };

/**
 * The one place an error code becomes text (docs/api.md "Errors"): the `errors.*` keys of the
 * common catalog, in the active language. An unknown code reads as "not valid".
 */
export function errorText(t: TFunction, error: TError): string {
  if (error.code === 'rate_limited' && !error.retryAfter) {
    return t('errors.rate_limited_later', { ns: 'common' });
  }
  const params = { ...error.params, ...(error.retryAfter ? { seconds: error.retryAfter } : {}) };
  return t(`errors.${error.code}`, {
    ns: 'common',
    ...params,
    defaultValue: t('errors.invalid', { ns: 'common' }),
  });
}

/** The field errors as texts by path (the first error of each field). */
export function fieldTexts(t: TFunction, errors: TFieldError[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const e of errors) texts[e.path] ??= errorText(t, e);
  return texts;
}
