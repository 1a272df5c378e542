import type { TFunction } from 'i18next';
import { errorText } from '@/lib/error-text';
import type { TFailure } from '@/services/http-client';

/** Why an upload was refused, in the active language: the field's reason, else the call's. */
export function uploadFailureText(t: TFunction, failure: TFailure): string {
  const [reason] = failure.fields;
  return errorText(t, reason ?? failure);
}
