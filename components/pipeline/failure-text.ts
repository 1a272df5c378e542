import type { TFunction } from 'i18next';
import { errorText } from '@/lib/error-text';
import type { TFailure } from '@/services/http-client';

/**
 * What a failed pipeline call says, in the active language: a field's error from the catalog;
 * the server's own words when it gave them (a refused move says why, "Hire at least one
 * applicant first."); the seed's "try again" text (`fallback`) when there was no answer or the
 * server broke; else the code's text.
 */
export function failureText(
  failure: TFailure,
  lang: string,
  tc: TFunction,
  fallback: string,
): string {
  if (failure.code === 'network' || failure.code === 'invalid' || failure.status >= 500) {
    return fallback;
  }
  const field = failure.fields[0];
  if (field) return errorText(tc, field);
  const said = lang.startsWith('es') ? failure.message_es : failure.message;
  return said || errorText(tc, failure);
}
