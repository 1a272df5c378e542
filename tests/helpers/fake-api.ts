import type { AxiosRequestConfig } from 'axios';
import type { TOutcome } from '@/services/http-client';

/**
 * A stand-in for the API, for component tests of screens whose calls the server in this branch
 * may not answer yet: each test says what `METHOD /path` answers (an envelope and a status), and
 * reads which requests the screen made. A test file routes the HTTP client's `call` here:
 *
 *   vi.mock('@/services/http-client', async (original) => {
 *     const actual = await original<typeof import('@/services/http-client')>();
 *     return { ...actual, call: (c: AxiosRequestConfig) => fakeApi.call(c, actual.outcomeOf) };
 *   });
 *
 * Anything not routed answers 404 `not_found`, as the API does.
 */
export type TAnswer = { status?: number; body: unknown; retryAfter?: number };
type THandler = (config: AxiosRequestConfig) => TAnswer | Promise<TAnswer>;
type TOutcomeOf = <T>(status: number, body: unknown, retryAfter?: unknown) => TOutcome<T>;

export const ok = (data: unknown, status = 200): TAnswer => ({
  status,
  body: { status: true, data },
});

export const refused = (
  status: number,
  code: string,
  extra: { errors?: unknown[]; message?: string; message_es?: string; retryAfter?: number } = {},
): TAnswer => ({
  status,
  retryAfter: extra.retryAfter,
  body: {
    status: false,
    code,
    message: extra.message ?? code,
    message_es: extra.message_es ?? code,
    errors: extra.errors,
  },
});

export const page = <T>(data: T[], p = 1, lastPage = 1) => ({
  data,
  total: data.length,
  page: p,
  per_page: 20,
  last_page: lastPage,
});

function makeFakeApi() {
  const routes = new Map<string, THandler>();
  const requests: AxiosRequestConfig[] = [];
  return {
    requests,
    /** Answers `METHOD /path` (exact path, without the query string). */
    on(method: string, path: string, handler: THandler | TAnswer) {
      routes.set(
        `${method.toUpperCase()} ${path}`,
        typeof handler === 'function' ? handler : () => handler,
      );
    },
    reset() {
      routes.clear();
      requests.length = 0;
    },
    /** The requests made to `METHOD /path`. */
    made(method: string, path: string) {
      return requests.filter(
        (r) => (r.method ?? 'GET').toUpperCase() === method.toUpperCase() && r.url === path,
      );
    },
    async call<T>(config: AxiosRequestConfig, outcomeOf: TOutcomeOf): Promise<TOutcome<T>> {
      requests.push(config);
      const handler = routes.get(`${(config.method ?? 'GET').toUpperCase()} ${config.url}`);
      const answer = handler
        ? await handler(config)
        : refused(404, 'not_found', { message: 'Not found', message_es: 'No encontrado' });
      return outcomeOf<T>(answer.status ?? 200, answer.body, answer.retryAfter);
    },
  };
}

export const fakeApi = makeFakeApi();
