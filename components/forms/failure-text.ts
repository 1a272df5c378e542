import type { TFunction } from 'i18next';
import { useTranslation } from 'next-i18next/pages';
import { useCallback } from 'react';
import { errorText } from '@/lib/error-text';
import type { TFailure } from '@/services/http-client';

export type TFailureTextOptions = {
  /**
   * This place's own words for a call the server could not answer (a 5xx, or an answer that was
   * not the API's): the seed's texts ("Error saving information"). Offline, the offline
   * sentence follows them, so that the place keeps its words and still says why.
   */
  fallback?: string;
  /**
   * This place's texts by the API's code, of the failure or of a field (a refused sign-in:
   * "Email and/or password incorrect"; a wrong recovery code: "Recovery code incorrect").
   */
  codes?: Partial<Record<string, string>>;
  /**
   * The fields the screen shows beside their inputs: an error on one of them is summed up as
   * "check the fields marked" (the field says the rest); an error on any other field is named.
   * Without it, the first field's error is named.
   */
  shown?: readonly string[];
  /** Prefer the server's own words, in the active language, to the code's text (the pipeline's refusals say why). */
  serverWords?: boolean;
  /**
   * Offline, whether to say "nothing was saved" (the default): false for a read, or for a save
   * of which some calls went through.
   */
  nothingSaved?: boolean;
};

/** Anything a call rejected with (a TFailure, an RTK Query error, an exception) as a TFailure. */
export function asFailure(error: unknown): TFailure {
  if (error && typeof error === 'object' && 'code' in error && 'status' in error) {
    const f = error as Partial<TFailure> & { code: string; status: number };
    return { ...f, fields: Array.isArray(f.fields) ? f.fields : [] };
  }
  // Not the API's answer: a thrown request (axios without a response) reached no server.
  const axiosLike = error as { isAxiosError?: boolean; response?: unknown } | null;
  if (axiosLike?.isAxiosError && !axiosLike.response)
    return { code: 'network', status: 0, fields: [] };
  return { code: 'internal', status: 0, fields: [] };
}

/**
 * The one place a failed request becomes what the user reads (docs/architecture.md "Errors on
 * screen"), in the active language:
 * - no answer (offline, network error): "You seem to be offline: nothing was saved…", after the
 *   place's own words when it has them;
 * - a field refused: "check the fields marked" for a field on screen, else the field's reason;
 * - 429: how long to wait (`Retry-After`);
 * - 5xx or not the API's answer: the place's words, else "something went wrong on our side";
 * - any other refusal (401, 403, 404, 409…): the place's text for that code, else the code's
 *   text, else the server's own words.
 */
export function failureText(
  t: TFunction,
  lang: string,
  error: unknown,
  options: TFailureTextOptions = {},
): string {
  const failure = asFailure(error);
  const { fallback, codes, shown, serverWords, nothingSaved = true } = options;
  const read = !nothingSaved;
  if (failure.code === 'network') {
    if (!fallback) return t(read ? 'errors.offline_read' : 'errors.offline', { ns: 'common' });
    const text = /[.!?]$/.test(fallback.trim()) ? fallback.trim() : `${fallback.trim()}.`;
    return t(read ? 'errors.offline_after_read' : 'errors.offline_after', { ns: 'common', text });
  }
  const own = codes?.[failure.code] ?? failure.fields.map((f) => codes?.[f.code]).find(Boolean);
  if (own) return own;
  if (failure.code === 'rate_limited') return errorText(t, failure);
  if (failure.status >= 500 || failure.code === 'internal' || failure.code === 'unavailable') {
    return fallback ?? errorText(t, failure);
  }
  const [field] = shown ? failure.fields.filter((f) => !shown.includes(f.path)) : failure.fields;
  if (field) return errorText(t, field);
  if (failure.fields.length > 0) return errorText(t, { code: 'invalid_input' });
  const said = lang.startsWith('es') ? failure.message_es : failure.message;
  if (serverWords && said) return said;
  if (failure.code === 'invalid' && fallback) return fallback;
  if (t(`errors.${failure.code}`, { ns: 'common', defaultValue: '' })) return errorText(t, failure);
  return said || fallback || errorText(t, failure);
}

/** `failureText` with the active language's `t`: `const say = useFailureText(); say(failure, { fallback })`. */
export function useFailureText() {
  const { t, i18n } = useTranslation('common');
  return useCallback(
    (error: unknown, options?: TFailureTextOptions) =>
      failureText(t as TFunction, i18n.language, error, options),
    [t, i18n.language],
  );
}
