import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type { TFieldError } from '@/lib/schemas/validate';
import { publicEnv } from '@/lib/public-env';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import { sessionEnded } from './session-events';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent without the bearer token: `POST /file` (docs/product.md "Roles and permissions") and the signed-out account calls. */
    skipAuth?: boolean;
  }
}

/** The API's envelope (docs/api.md): every answer carries a boolean `status`. */
type TEnvelope<T> = {
  status: boolean;
  data?: T;
  code?: string;
  message?: string;
  message_es?: string;
  errors?: TFieldError[];
  access_token?: string;
};

/**
 * Why a call failed, in the API's vocabulary (docs/api.md "Errors"): `code` is the envelope's
 * code, or `network` (no answer) or `internal` (a 5xx without one); `fields` are its field
 * errors. Screens turn it into text (lib/error-text.ts); services never do.
 */
export type TFailure = {
  code: string;
  status: number;
  fields: TFieldError[];
  /** Seconds to wait, from `Retry-After` (429). */
  retryAfter?: number;
  /**
   * The server's own words for this failure, when it said more than the code (a refused
   * pipeline move says why: "Hire at least one applicant first."), in both languages; a screen
   * that shows them picks the active language's (components/forms/failure-text.ts). The code
   * stays the contract.
   */
  message?: string;
  message_es?: string;
};

export type TOutcome<T> =
  { ok: true; data: T; accessToken?: string } | { ok: false; failure: TFailure };

export const API_BASE_URL = `${(publicEnv.NEXT_PUBLIC_API_URL ?? '').replace(/\/$/, '')}/api`;

let client: Promise<AxiosInstance> | undefined;

/**
 * The one axios instance, created on the first call: axios (~14 KB gzip) then loads with the
 * first request instead of with every page. Every answer resolves (its `status` is read, docs/product.md
 * "Validation rules"); only a request that got no answer throws.
 */
function getHttpClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(({ default: axios }) => {
    const instance = axios.create({
      baseURL: API_BASE_URL,
      timeout: 30_000,
      validateStatus: () => true,
    });
    instance.interceptors.request.use((config) => {
      const token = config.skipAuth ? null : safeStorage.get(STORAGE_KEYS.accessToken);
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    });
    return instance;
  });
  return client;
}

const failure = (code: string, status: number, extra: Partial<TFailure> = {}): TOutcome<never> => ({
  ok: false,
  failure: { code, status, fields: [], ...extra },
});

/**
 * Sends a request and answers its data or why it failed. A 401 to a request that carried a
 * token means the session is over (expired, or revoked by a password change elsewhere): the
 * app is told, and signs out.
 */
export async function call<T>(config: AxiosRequestConfig): Promise<TOutcome<T>> {
  const http = await getHttpClient();
  let res;
  try {
    res = await http.request<TEnvelope<T>>(config);
  } catch {
    return failure('network', 0);
  }
  const sentToken = Boolean(res.config.headers?.get?.('Authorization'));
  if (res.status === 401 && sentToken) sessionEnded();
  return outcomeOf<T>(res.status, res.data, res.headers['retry-after']);
}

/**
 * An answer of the API (its HTTP status, its parsed body and its `Retry-After`) as an outcome:
 * what `call` answers, and what a server render reads through the API (page-state/signed-in-page.ts).
 */
export function outcomeOf<T>(
  status: number,
  body: unknown,
  retryAfterHeader?: unknown,
): TOutcome<T> {
  const answer = body as TEnvelope<T> | null;
  const envelope =
    answer !== null && typeof answer === 'object' && typeof answer.status === 'boolean';
  if (envelope && answer.status) {
    return {
      ok: true,
      data: answer.data as T,
      ...(answer.access_token ? { accessToken: answer.access_token } : {}),
    };
  }
  const code = envelope && answer.code ? answer.code : status >= 500 ? 'internal' : 'invalid';
  const retryAfter = Number(retryAfterHeader);
  const said = (text: unknown) => typeof text === 'string' && text.trim() !== '';
  return failure(code, status, {
    fields: envelope && Array.isArray(answer.errors) ? answer.errors : [],
    ...(retryAfter > 0 ? { retryAfter } : {}),
    ...(envelope && said(answer.message) && said(answer.message_es)
      ? { message: answer.message, message_es: answer.message_es }
      : {}),
  });
}
